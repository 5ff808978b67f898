// Inbox messages (inbox_message): an inbound text message for an agent, kept for 30 days, with an
// optional one-time code the way the inbox records one it found.
import type { Db } from './db.js';
import { unique } from './db.js';

export interface InboxMessageFixture {
  agentId: string;
  fromAddress: string;
  to: string[];
  subject: string;
  text: string;
  otpCode?: string;
}

export async function insertInboxMessage(
  db: Db,
  fixture: Pick<InboxMessageFixture, 'agentId'> & Partial<InboxMessageFixture>,
): Promise<{ id: string; messageId: string }> {
  const m = { fromAddress: 'sender@remote.example', to: ['agent@agents.test'], subject: 'Hello', text: 'Hello there.', ...fixture };
  const messageId = `<${unique()}@remote.example>`;
  const [row] = await db.sql<{ id: string }>(
    `INSERT INTO inbox_message (agent_id, direction, status, from_address, to_addresses, subject, message_id, text_body, otp_code, size_bytes, expires_at)
     VALUES ($1, 'inbound', 'received', $2, $3, $4, $5, $6, $7, $8, now() + interval '30 days') RETURNING id`,
    [m.agentId, m.fromAddress, JSON.stringify(m.to), m.subject, messageId, m.text, m.otpCode ?? null, Buffer.byteLength(m.text)],
  );
  return { id: row.id, messageId };
}
