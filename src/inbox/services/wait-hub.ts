import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { AppConfig } from '../../config/app-config.js';
import { LISTEN_SQL } from '../queries/message.queries.js';

/** What a waiter is told: a committed message id, or `resync` after the listener reconnected. */
export type WakeSignal = { kind: 'message'; messageId: string } | { kind: 'resync' };
type Waiter = (signal: WakeSignal) => void;

/**
 * ONE listening PostgreSQL connection per app instance (`LISTEN inbox_mail`) that wakes every
 * waiting request of this instance. The notification is sent inside the transaction that stores
 * a message, so it arrives only once that message is committed — on every instance sharing the
 * database, whichever one received the mail. Nothing polls. When the connection drops, it
 * reconnects with backoff and tells every waiter to re-check (notifications sent meanwhile are lost).
 */
@Injectable()
export class WaitHub implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('InboxWaitHub');
  private readonly waiters = new Map<string, Set<Waiter>>();
  private client?: pg.Client;
  private connecting?: Promise<void>;
  private stopped = false;
  private retryTimer?: NodeJS.Timeout;
  private attempt = 0;

  constructor(private readonly config: AppConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.connect().catch(() => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Whether the listening connection is up (waits still work without it, but only up to their timeout). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  get waiting(): number {
    let n = 0;
    for (const set of this.waiters.values()) n += set.size;
    return n;
  }

  /** Registers a waiter for an agent's mailbox; returns the function that removes it. */
  subscribe(agentId: string, waiter: Waiter): () => void {
    let set = this.waiters.get(agentId);
    if (!set) this.waiters.set(agentId, (set = new Set()));
    set.add(waiter);
    if (!this.client && !this.connecting) void this.connect().catch(() => undefined);
    return () => {
      const current = this.waiters.get(agentId);
      if (!current) return;
      current.delete(waiter);
      if (current.size === 0) this.waiters.delete(agentId);
    };
  }

  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new pg.Client({ connectionString: this.config.databaseUrl, application_name: 'agentry-inbox-listen' });
      client.on('notification', (message) => this.dispatch(message.payload ?? ''));
      client.on('error', (error) => this.lost(client, error));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        await client.query(LISTEN_SQL);
      } catch (error) {
        await client.end().catch(() => undefined);
        this.scheduleReconnect((error as Error).message);
        throw error;
      }
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      const reconnected = this.attempt > 0;
      this.attempt = 0;
      this.client = client;
      if (reconnected) {
        this.logger.log('Listening for new mail again');
        this.broadcast({ kind: 'resync' });
      }
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    this.scheduleReconnect(error?.message ?? 'connection ended');
  }

  private scheduleReconnect(why: string): void {
    if (this.stopped || this.retryTimer) return;
    this.attempt++;
    const delay = Math.min(5_000, 100 * 2 ** Math.min(this.attempt, 6));
    this.logger.warn(`Mail listener connection lost (${why}); reconnecting in ${delay} ms`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect().catch(() => undefined);
    }, delay);
    this.retryTimer.unref();
  }

  private dispatch(payload: string): void {
    const colon = payload.indexOf(':');
    if (colon < 0) return;
    const set = this.waiters.get(payload.slice(0, colon));
    if (!set) return;
    const signal: WakeSignal = { kind: 'message', messageId: payload.slice(colon + 1) };
    for (const waiter of [...set]) waiter(signal);
  }

  private broadcast(signal: WakeSignal): void {
    for (const set of this.waiters.values()) for (const waiter of [...set]) waiter(signal);
  }
}
