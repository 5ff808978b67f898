import { UNTRUSTED_PUBLIC, type MessageView } from '../memory.types.js';
import type { MessageRow } from '../queries/messages.queries.js';

/** A timestamp as the wire shows it (ISO 8601, UTC). */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** A message row as every read, search and write answer shows it: marked untrusted public content. */
export function toMessageView(row: MessageRow): MessageView {
  const view: MessageView = {
    id: String(row.id),
    category: String(row.category),
    topic: String(row.topic),
    title: String(row.title),
    body: String(row.body),
    author: String(row.author),
    created_at: iso(row.created_at),
    flags: row.flags ?? [],
    trust: UNTRUSTED_PUBLIC,
  };
  if (row.duplicate_of) view.duplicate_of = String(row.duplicate_of);
  return view;
}
