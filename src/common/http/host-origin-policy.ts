// The one Host/Origin policy of both HTTP instances on the server (Nest's app and the MCP
// endpoints' own Fastify instance): which requests are refused as DNS rebinding or cross-origin
// writes. Each instance renders the refusal in its own shape (REST error body, JSON-RPC error).
import type { AppConfig } from '../../config/app-config.js';

/** Why a request is refused: its Host is not served here, or its Origin is not allowed. */
export type HostOriginRefusal = 'host' | 'origin';

/** Which requests of an instance have their Origin checked. */
export interface OriginRule {
  /**
   * 'every-method': any request with a disallowed Origin is refused, before the Host is looked at
   * (the MCP endpoints: rows 1-2 of the wire ladder). 'writes': only methods other than GET, HEAD
   * and OPTIONS, after the Host (the app: pages and documents may be read from anywhere).
   */
  check: 'every-method' | 'writes';
  /** Paths whose cross-origin writes are allowed (endpoints that answer CORS themselves). */
  crossOriginWritePaths?: ReadonlySet<string>;
}

/** Hosts whose port-less ALLOWED_ORIGINS entries match any port (explicit development and test setups). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Host headers repeat: verdicts are remembered for the few distinct values a deployment sees. */
const MAX_REMEMBERED = 256;

/** The host part of a Host header, lower-cased, without the port. */
function hostname(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0];
}

export class HostOriginPolicy {
  private readonly hostVerdicts = new Map<string, boolean>();

  constructor(
    private readonly config: AppConfig,
    private readonly originRule: OriginRule,
  ) {}

  /** The refusal for a request, or undefined when it may be served. */
  refusal(method: string, url: string, host: string | undefined, origin: string | undefined): HostOriginRefusal | undefined {
    if (this.originRule.check === 'every-method') {
      if (origin !== undefined && !this.originAllowed(origin)) return 'origin';
      return this.hostAllowed(host) ? undefined : 'host';
    }
    if (!this.hostAllowed(host)) return 'host';
    if (origin === undefined || method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined;
    if (this.originAllowed(origin)) return undefined;
    const paths = this.originRule.crossOriginWritePaths;
    return paths?.has(url.split('?')[0]) ? undefined : 'origin';
  }

  /** DNS-rebinding guard: is this Host header one of ALLOWED_HOSTS (port ignored)? */
  hostAllowed(host: string | undefined): boolean {
    if (!host) return false;
    let verdict = this.hostVerdicts.get(host);
    if (verdict === undefined) {
      const name = hostname(host);
      verdict = this.config.allowedHosts.some((allowed) => allowed === host.toLowerCase() || hostname(allowed) === name);
      if (this.hostVerdicts.size < MAX_REMEMBERED) this.hostVerdicts.set(host, verdict);
    }
    return verdict;
  }

  /**
   * Is this Origin header allowed? Origins compare exactly (scheme, host and port); only a loopback
   * entry listed without a port (`http://localhost`, `http://127.0.0.1`, `http://[::1]`), which
   * ALLOWED_ORIGINS must name explicitly (development and tests), matches any port. By default the
   * one allowed origin is PUBLIC_BASE_URL's: any page served on a local port is a stranger (a login
   * CSRF from `http://localhost:9999` is refused).
   */
  originAllowed(origin: string): boolean {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    const candidate = url.origin.toLowerCase();
    const loopbackAnyPort = LOOPBACK_HOSTS.has(url.hostname) ? `${url.protocol}//${url.hostname}`.toLowerCase() : undefined;
    return this.config.allowedOrigins.some((allowed) => allowed === candidate || allowed === loopbackAnyPort);
  }
}
