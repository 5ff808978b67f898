import { Injectable } from '@nestjs/common';
import { countBoundedLru } from '../../common/cache/count-bounded-lru.js';
import { ChangeGenerations, type Generations } from '../../common/cache/change-generations.js';
import type { AccessTokenRow } from '../queries/access.queries.js';

/** Tokens whose gate row one instance keeps (about 1 KB each, so ≤ 5 MB). */
export const GATE_CACHE_MAX = 5_000;
/** A safety net only: an entry is checked against the committed generation on every use anyway. */
export const GATE_CACHE_TTL_MS = 5 * 60_000;

/**
 * The access gate's rows per token (keyed by the token's SHA-256, never the token), for tokens that
 * passed the whole gate when read. A cached row is used only while the `oauth_gate` change
 * generation it was read under is still the committed one ({@link ChangeGenerations.current}, read
 * after the request arrived): any write that can change a gate decision — a token, grant or client
 * revoked (one token or a whole family), an owner suspended, restored, deleted or renamed, a new
 * agreement version, an agent revoked, suspended or renamed, on any instance or by hand in psql —
 * gives the generation a new value at its commit, so the very next request anywhere reads the row
 * again. The expiry, resource and every other check still run on the row per request.
 */
@Injectable()
export class GateCache {
  private readonly rows = countBoundedLru<string, AccessTokenRow>(GATE_CACHE_MAX, { ttl: GATE_CACHE_TTL_MS });
  hits = 0;

  constructor(private readonly generations: ChangeGenerations) {}

  /** The cached row if it is still current (with the generations that say so), or undefined (then read the gate statement). */
  async lookup(tokenHash: string): Promise<{ row: AccessTokenRow; generations: Generations } | undefined> {
    const row = this.rows.get(tokenHash);
    if (!row) return undefined;
    const generations = await this.generations.current();
    if (row.gate_generation !== generations.oauth_gate) {
      if (this.rows.get(tokenHash) === row) this.rows.delete(tokenHash);
      return undefined;
    }
    this.hits++;
    return { row, generations };
  }

  /** Lets the rest of the request (identity_whoami's cache) use the generations the gate read for it. */
  attach(principal: object, generations: Generations): void {
    this.generations.attach(principal, generations);
  }

  /** Keeps a row that passed the gate (refusals are never cached: a refusal can become an acceptance without a new generation). */
  store(tokenHash: string, row: AccessTokenRow): void {
    if (row.gate_generation === null) return;
    this.rows.set(tokenHash, row);
  }

  clear(): void {
    this.rows.clear();
  }
}
