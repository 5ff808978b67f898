import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../../database/prepared-query.js';

/** The topics the change_generation table tracks (migrations/1797000900000-change-generations.ts). */
export type ChangeTopic = 'oauth_gate' | 'identity_whoami' | 'inbox_mailbox';

/** Every topic's generation, as PostgreSQL had committed it when the read began. */
export type Generations = Readonly<Record<ChangeTopic, string>>;

interface GenerationRow {
  topic: string;
  generation: string;
}

const READ_SQL = `SELECT topic, generation FROM change_generation`;

/**
 * The change generations of the caches that must never answer from before a committed write (the
 * access gate, identity_whoami's lists, inbox mailbox suspension): a trigger gives a topic a new generation in the same transaction
 * as any write that changes what it caches, whichever instance or tool made it. A cached value
 * carries the generation it was read with, and is used only while {@link current} still returns it.
 *
 * `current()` answers from a read that PostgreSQL began after the call: so a change committed
 * before this request arrived (on this instance or any other) is always seen, and no message has
 * to arrive for it. Callers waiting together share one read — a read already in flight is not
 * shared with a caller that arrived after it was sent; that caller joins the next one — so under
 * load the cost is one small statement per round trip, not per request.
 */
@Injectable()
export class ChangeGenerations {
  private waiting: Array<{ resolve: (g: Generations) => void; reject: (e: unknown) => void }> = [];
  private reading = false;
  private readonly byRequest = new WeakMap<object, Generations>();
  /** Reads sent so far (for tests and the benchmark's statement count). */
  reads = 0;

  constructor(private readonly dataSource: DataSource) {}

  current(): Promise<Generations> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.reading) {
        // Sent after the current turn, so callers of the same turn share it; callers after that wait for the next one.
        this.reading = true;
        queueMicrotask(() => void this.drain());
      }
    });
  }

  /** Keeps generations read for one request (keyed by its principal) for the rest of it. */
  attach(request: object, generations: Generations): void {
    this.byRequest.set(request, generations);
  }

  /** The generations read since this request arrived: those attached to it, or a new read. */
  forRequest(request: object): Promise<Generations> {
    const attached = this.byRequest.get(request);
    return attached ? Promise.resolve(attached) : this.current();
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting;
        this.waiting = [];
        this.reads++;
        try {
          const rows = await preparedQuery<GenerationRow>(this.dataSource, 'change_generations', READ_SQL, []);
          // A missing row (an emptied table) reads as '0'; bumps never produce '0' (sequence values start at 1).
          const generations: Record<ChangeTopic, string> = { oauth_gate: '0', identity_whoami: '0', inbox_mailbox: '0' };
          for (const row of rows) {
            if (row.topic in generations) generations[row.topic as ChangeTopic] = String(row.generation);
          }
          for (const w of batch) w.resolve(generations);
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.reading = false;
    }
  }
}
