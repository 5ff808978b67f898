import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { inboxErrors } from '../inbox.errors.js';
import {
  READ_DEFAULT_MAX_CHARS,
  READ_MAX_CHARS,
  WAIT_DEFAULT_LOOKBACK_SECONDS,
  WAIT_DEFAULT_TIMEOUT_SECONDS,
  WAIT_MAX_TIMEOUT_SECONDS,
  type ListMessagesInput,
  type MessageListView,
  type MessageSummaryView,
  type MessageView,
  type ReadMessageInput,
  type WaitInput,
  type WaitResultView,
} from '../inbox.types.js';
import {
  listMessagesQuery,
  matchesFilter,
  newestMatchQuery,
  READ_MESSAGE_SQL,
  READ_MESSAGES_SQL,
  type MessageFilter,
  type MessageListRow,
  type MessageReadRow,
} from '../queries/message.queries.js';
import type { MailboxRef } from './mailboxes.js';
import { WaitHub, type WakeSignal } from './wait-hub.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function summary(row: MessageListRow): MessageSummaryView {
  return {
    id: row.id,
    direction: row.direction,
    status: row.status,
    from: row.from_address,
    from_name: row.from_name,
    to: row.to_addresses,
    subject: row.subject,
    received_at: row.received_at.toISOString(),
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
    has_otp: row.otp_code !== null,
  };
}

function full(row: MessageReadRow, maxChars: number): MessageView {
  const cut = row.text_body.length > maxChars;
  return {
    ...summary(row),
    cc: row.cc_addresses,
    message_id: row.message_id,
    text: cut ? row.text_body.slice(0, maxChars) : row.text_body,
    text_truncated: cut || row.text_truncated,
    headers: row.headers,
    authentication: row.auth,
    otp: row.otp,
    links: row.links,
    attachments: row.attachments,
    size_bytes: row.size_bytes,
    delivery_note: row.delivery_note,
  };
}

function parseSince(value: string | undefined, fallback: Date): Date {
  if (value === undefined) return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw inboxErrors.invalidSince();
  return date;
}

/** Lists, reads and waits for the messages of one mailbox (SQL in queries/message.queries.ts). */
@Injectable()
export class MessageReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hub: WaitHub,
  ) {}

  async list(mailbox: MailboxRef, input: ListMessagesInput): Promise<MessageListView> {
    const limit = Math.min(Math.max(input.limit ?? 20, 1), 100);
    const filter: MessageFilter = {
      direction: input.direction,
      from: input.from,
      subjectContains: input.subject_contains,
      hasOtp: input.has_otp,
      since: input.since ? parseSince(input.since, new Date(0)) : undefined,
    };
    const query = listMessagesQuery(mailbox.agentId, filter, input.cursor ? decodeCursor(input.cursor) : undefined, limit + 1);
    const rows: MessageListRow[] = await this.dataSource.query(query.text, query.params);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      mailbox: mailbox.address,
      messages: page.map(summary),
      next_cursor: rows.length > limit && last ? encodeCursor(last.received_at, last.id) : null,
    };
  }

  /** @throws message_not_found (unknown id, or another mailbox's message) */
  async read(mailbox: MailboxRef, input: ReadMessageInput): Promise<MessageView> {
    if (!UUID.test(input.message_id)) throw inboxErrors.messageNotFound();
    const maxChars = Math.min(Math.max(input.max_chars ?? READ_DEFAULT_MAX_CHARS, 100), READ_MAX_CHARS);
    const [row] = (await this.dataSource.query(READ_MESSAGE_SQL, [input.message_id, mailbox.agentId])) as MessageReadRow[];
    if (!row) throw inboxErrors.messageNotFound();
    return full(row, maxChars);
  }

  /**
   * The newest inbound message matching the filters that was committed at or after `since`
   * (default: WAIT_DEFAULT_LOOKBACK_SECONDS ago), waiting up to the timeout for one to arrive.
   * @throws wait_timeout (retryable with the same since)
   */
  async wait(mailbox: MailboxRef, input: WaitInput): Promise<WaitResultView> {
    const started = Date.now();
    const since = parseSince(input.since, new Date(started - WAIT_DEFAULT_LOOKBACK_SECONDS * 1000));
    const timeoutSeconds = Math.min(Math.max(input.timeout_seconds ?? WAIT_DEFAULT_TIMEOUT_SECONDS, 0), WAIT_MAX_TIMEOUT_SECONDS);
    const filter: MessageFilter = {
      direction: 'inbound',
      from: input.from,
      subjectContains: input.subject_contains,
      hasOtp: input.require_otp ? true : undefined,
      since,
    };
    const result = (row: MessageReadRow): WaitResultView => ({
      message: full(row, READ_DEFAULT_MAX_CHARS),
      waited_ms: Date.now() - started,
      since: since.toISOString(),
    });

    // Subscribe before looking, so that mail committed between the look and the wait still wakes us.
    const signals: WakeSignal[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = this.hub.subscribe(mailbox.agentId, (signal) => {
      signals.push(signal);
      wake?.();
    });
    try {
      const existing = await this.newestMatch(mailbox, filter);
      if (existing) return result(existing);
      const deadline = started + timeoutSeconds * 1000;
      for (;;) {
        if (signals.length === 0) {
          const remaining = deadline - Date.now();
          if (remaining <= 0) break;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, remaining);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
          continue;
        }
        const batch = signals.splice(0);
        if (batch.some((s) => s.kind === 'resync')) {
          const found = await this.newestMatch(mailbox, filter);
          if (found) return result(found);
          continue;
        }
        const ids = batch.map((s) => (s.kind === 'message' ? s.messageId : '')).filter((id) => UUID.test(id));
        const rows = (await this.dataSource.query(READ_MESSAGES_SQL, [ids, mailbox.agentId])) as MessageReadRow[];
        const match = rows.find((row) => matchesFilter(row, filter));
        if (match) return result(match);
      }
    } finally {
      unsubscribe();
    }
    throw inboxErrors.waitTimeout(since.toISOString(), timeoutSeconds);
  }

  private async newestMatch(mailbox: MailboxRef, filter: MessageFilter): Promise<MessageReadRow | undefined> {
    const query = newestMatchQuery(mailbox.agentId, filter);
    const [row] = (await this.dataSource.query(query.text, query.params)) as MessageReadRow[];
    return row;
  }
}

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): [Date, string] {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(date.getTime())) throw inboxErrors.invalidCursor();
  return [date, id];
}
