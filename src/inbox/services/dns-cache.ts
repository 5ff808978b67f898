import { promises as dns } from 'node:dns';
import { countBoundedLru } from '../../common/cache/count-bounded-lru.js';
import type { DNSResolver } from 'mailauth';

/** How long answers are kept: records, "no such name/record", and a failure (timeout, refused). */
const ANSWER_TTL_MS = 300_000;
const MISSING_TTL_MS = 60_000;
const FAILURE_TTL_MS = 15_000;
const MAX_ENTRIES = 10_000;
/** One query: 1.5 s per try, two tries. (Node's default is 5 s and four tries.) */
const QUERY_TIMEOUT_MS = 1_500;
const QUERY_TRIES = 2;

type Outcome = { ok: true; value: unknown } | { ok: false; error: Error };

export interface DnsCacheStats {
  queries: number;
  hits: number;
  failures: number;
}

/** The system resolver (c-ares, the servers of /etc/resolv.conf) with short, bounded timeouts. */
export function boundedSystemResolver(): DNSResolver {
  const resolver = new dns.Resolver({ timeout: QUERY_TIMEOUT_MS, tries: QUERY_TRIES });
  return (name, type) => resolver.resolve(name, type) as Promise<string[][] | string[]>;
}

/**
 * A caching front for mailauth's DNS lookups (SPF, DKIM, DMARC). Each message needs the same few
 * records as the last message from that domain; without a cache every message waited for its own
 * queries, one after another — on a machine whose resolver answers slowly (or not at all) that was
 * the whole cost of inbound mail. Answers are kept 5 minutes, "does not exist" (ENOTFOUND/ENODATA,
 * which SPF and DMARC read as "none") 1 minute, other failures (a timeout: `temperror`) 15 s, at most
 * 10,000 entries; concurrent lookups of one name share one query. Results are copied out, so a caller
 * that changes an answer never changes the cache.
 */
export class CachingResolver {
  private readonly cache = countBoundedLru<string, Outcome>(MAX_ENTRIES, { ttlAutopurge: false });
  private readonly inflight = new Map<string, Promise<Outcome>>();
  readonly stats: DnsCacheStats = { queries: 0, hits: 0, failures: 0 };

  constructor(private readonly upstream: DNSResolver) {}

  /** The resolver function mailauth calls. */
  readonly resolve: DNSResolver = async (name: string, type: string) => {
    const key = `${type.toUpperCase()} ${name.toLowerCase()}`;
    let outcome = this.cache.get(key);
    if (outcome) this.stats.hits++;
    else {
      let pending = this.inflight.get(key);
      if (!pending) {
        pending = this.query(key, name, type);
        this.inflight.set(key, pending);
      } else this.stats.hits++;
      outcome = await pending;
    }
    if (!outcome.ok) throw outcome.error;
    return structuredClone(outcome.value) as string[][] | string[];
  };

  private async query(key: string, name: string, type: string): Promise<Outcome> {
    this.stats.queries++;
    let outcome: Outcome;
    let ttl = ANSWER_TTL_MS;
    try {
      outcome = { ok: true, value: await this.upstream(name, type) };
    } catch (error) {
      const code = (error as { code?: string }).code;
      ttl = code === 'ENOTFOUND' || code === 'ENODATA' ? MISSING_TTL_MS : FAILURE_TTL_MS;
      if (ttl === FAILURE_TTL_MS) this.stats.failures++;
      outcome = { ok: false, error: error as Error };
    } finally {
      this.inflight.delete(key);
    }
    this.cache.set(key, outcome, { ttl });
    return outcome;
  }
}
