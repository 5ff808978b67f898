// The GET keepalive event streams of the MCP servers that offer one (comment pings, no events).
import type { ServerResponse } from 'node:http';

/** Interval of the `: ping` comments on GET keepalive streams. */
export const KEEPALIVE_INTERVAL_MS = 15_000;

export interface StreamLimits {
  perClient: number;
  total: number;
  maxLifetimeMs: number;
}

/**
 * Open GET keepalive streams, capped per client address and overall, each ended after a maximum lifetime
 * (clients reconnect), and ended cleanly on shutdown.
 */
export class KeepaliveStreams {
  private readonly open = new Set<{ raw: ServerResponse; timer: NodeJS.Timeout; end: NodeJS.Timeout }>();
  private readonly perClient = new Map<string, number>();

  constructor(private readonly limits: StreamLimits = { perClient: 4, total: 1000, maxLifetimeMs: 30 * 60_000 }) {}

  /** Whether a client (its clientKey) may open another stream: 'client' or 'total' says which cap is full. */
  admit(key: string): 'ok' | 'client' | 'total' {
    if (this.open.size >= this.limits.total) return 'total';
    if ((this.perClient.get(key) ?? 0) >= this.limits.perClient) return 'client';
    return 'ok';
  }

  add(raw: ServerResponse, intervalMs: number, key = ''): void {
    const entry = {
      raw,
      timer: setInterval(() => raw.write(': ping\n\n'), intervalMs),
      // Past its lifetime the stream ends and its connection closes (a client reconnects for a new one).
      end: setTimeout(() => {
        const socket = raw.socket;
        if (!raw.writableEnded) raw.end();
        socket?.end();
      }, this.limits.maxLifetimeMs),
    };
    entry.timer.unref();
    entry.end.unref();
    this.open.add(entry);
    this.perClient.set(key, (this.perClient.get(key) ?? 0) + 1);
    raw.on('close', () => {
      clearInterval(entry.timer);
      clearTimeout(entry.end);
      if (!this.open.delete(entry)) return;
      const left = (this.perClient.get(key) ?? 1) - 1;
      if (left > 0) this.perClient.set(key, left);
      else this.perClient.delete(key);
    });
  }

  get size(): number {
    return this.open.size;
  }

  /** Ends every open stream (called before the HTTP server closes). */
  closeAll(): void {
    for (const entry of this.open) {
      clearInterval(entry.timer);
      clearTimeout(entry.end);
      if (!entry.raw.writableEnded) entry.raw.end();
    }
    this.open.clear();
    this.perClient.clear();
  }
}
