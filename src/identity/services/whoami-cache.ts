import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ChangeGenerations } from '../../common/cache/change-generations.js';
import type { AcceptanceView, SignupRecordView } from '../identity.types.js';

/** identity_whoami's two lists of one agent, as last read. */
export interface WhoamiLists {
  recent_signups: SignupRecordView[];
  latest_acceptances: AcceptanceView[];
}

/**
 * identity_whoami's lists per agent (recent signups, latest acceptance per service), used only
 * while the `identity_whoami` change generation they were read under is still the committed one:
 * a signup or acceptance written anywhere gives it a new value at commit (a trigger on both
 * tables), so a new record shows on the very next whoami on every instance. The generation is
 * the one the access gate read for this request when it did ({@link ChangeGenerations.forRequest}),
 * so a hit costs no statement of its own; it is read before the lists on a miss, so lists newer
 * than their generation may be kept, never older ones.
 */
@Injectable()
export class WhoamiCache {
  /** Bounded by list items (each a few hundred bytes), not agents: an agent holds up to 70. */
  private readonly lists = new LRUCache<string, WhoamiLists & { generation: string }>({
    maxSize: 5_000,
    sizeCalculation: (v) => 1 + v.recent_signups.length + v.latest_acceptances.length,
    ttl: 5 * 60_000,
  });

  constructor(private readonly generations: ChangeGenerations) {}

  async get(request: object, agentId: string, read: () => Promise<WhoamiLists>): Promise<WhoamiLists> {
    const generation = (await this.generations.forRequest(request)).identity_whoami;
    const cached = this.lists.get(agentId);
    if (cached && cached.generation === generation) return cached;
    const fresh = await read();
    this.lists.set(agentId, { ...fresh, generation });
    return fresh;
  }
}
