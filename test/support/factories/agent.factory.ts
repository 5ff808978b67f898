// Broker agents (identity_agent), each belonging to an owner.
import type { Db } from './db.js';
import { unique } from './db.js';

export interface AgentRow {
  id: string;
  handle: string;
  name: string;
}

/** An agent of `ownerId`; the handle is derived from the name and made unique. */
export async function insertAgent(
  db: Db,
  ownerId: string,
  options: { name?: string; handle?: string; harness?: string } = {},
): Promise<AgentRow> {
  const name = options.name ?? 'Test agent';
  const handle = options.handle ?? `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique().slice(0, 6)}`;
  const [agent] = await db.sql<{ id: string }>(
    `INSERT INTO identity_agent (owner_id, handle, name, harness) VALUES ($1, $2, $3, $4) RETURNING id`,
    [ownerId, handle, name, options.harness ?? 'test harness'],
  );
  return { id: agent.id, handle, name };
}
