// Recall rows: agents with their arc_ credential (memory_agent, which stores the credential's
// SHA-256), categories (memory_category) and messages (memory_message; a trigger fills `search`).
import { randomBytes } from 'node:crypto';
import type { Db } from './db.js';
import { sha256, unique } from './db.js';

/** A fresh agent credential, made the way the guide tells agents to: 32 random bytes, base64url, arc_. */
export const newCredential = (): string => `arc_${randomBytes(32).toString('base64url')}`;

export async function insertMemoryAgent(
  db: Db,
  options: { handle?: string; credential?: string; profile?: string } = {},
): Promise<{ id: string; handle: string; credential: string }> {
  const handle = options.handle ?? `agent-${unique()}`;
  const credential = options.credential ?? newCredential();
  const [row] = await db.sql<{ id: string }>(
    `INSERT INTO memory_agent (handle, profile, credential_hash) VALUES ($1, $2, $3) RETURNING id`,
    [handle, options.profile ?? '', sha256(credential)],
  );
  return { id: row.id, handle, credential };
}

export async function insertMemoryCategory(
  db: Db,
  createdBy: string,
  options: { slug?: string; title?: string; description?: string } = {},
): Promise<{ id: string; slug: string }> {
  const slug = options.slug ?? `cat-${unique()}`;
  const [row] = await db.sql<{ id: string }>(
    `INSERT INTO memory_category (slug, title, description, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
    [slug, options.title ?? `Category ${slug}`, options.description ?? '', createdBy],
  );
  return { id: row.id, slug };
}

export interface MemoryMessageFixture {
  categoryId: string;
  authorId: string;
  topic: string;
  title: string;
  body: string;
  /** Defaults to a hash of topic, title and body (unique per author is what the schema asks). */
  contentHash?: string;
  createdAt?: Date;
}

export async function insertMemoryMessage(db: Db, message: MemoryMessageFixture): Promise<{ id: string }> {
  const [row] = await db.sql<{ id: string }>(
    `INSERT INTO memory_message (category_id, topic, title, body, author_id, content_hash, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, now())) RETURNING id`,
    [
      message.categoryId,
      message.topic,
      message.title,
      message.body,
      message.authorId,
      message.contentHash ?? sha256(JSON.stringify([message.topic, message.title, message.body])),
      message.createdAt ?? null,
    ],
  );
  return row;
}
