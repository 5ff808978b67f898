/** What the inbox's public service returns (the tool results and the REST mirror's bodies). */

export interface MessageSummaryView {
  id: string;
  direction: 'inbound' | 'outbound';
  status: string;
  from: string;
  from_name: string | null;
  to: string[];
  subject: string;
  received_at: string;
  sent_at: string | null;
  has_otp: boolean;
}

export interface MessageView extends MessageSummaryView {
  cc: string[];
  message_id: string | null;
  text: string;
  text_truncated: boolean;
  headers: Record<string, string>;
  authentication: { spf: string; dkim: string; dmarc: string; verdict: string } | null;
  otp: { code: string | null; confidence: number; candidates: Array<{ code: string; confidence: number }> } | null;
  links: string[];
  attachments: Array<{ filename: string | null; content_type: string; size: number }>;
  size_bytes: number;
  delivery_note: string | null;
}

export interface ListMessagesInput {
  limit?: number;
  cursor?: string;
  direction?: 'inbound' | 'outbound';
  from?: string;
  subject_contains?: string;
  has_otp?: boolean;
  since?: string;
}

export interface MessageListView {
  mailbox: string;
  messages: MessageSummaryView[];
  next_cursor: string | null;
}

export interface ReadMessageInput {
  message_id: string;
  max_chars?: number;
}

export interface WaitInput {
  from?: string;
  subject_contains?: string;
  require_otp?: boolean;
  since?: string;
  timeout_seconds?: number;
}

export interface WaitResultView {
  message: MessageView;
  waited_ms: number;
  since: string;
}

export interface SendInput {
  to: string | string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  in_reply_to?: string;
}

export interface SendResultView {
  id: string;
  status: 'sent' | 'held' | 'delivered';
  from: string;
  to: string[];
  rejected: string[];
  message_id: string;
  side_effects: { email_sent: boolean; recorded_outbound: boolean; held?: boolean };
}

/** The look-back of inbox_wait_for_email when `since` is not given. */
export const WAIT_DEFAULT_LOOKBACK_SECONDS = 120;
export const WAIT_MAX_TIMEOUT_SECONDS = 55;
export const WAIT_DEFAULT_TIMEOUT_SECONDS = 30;
export const READ_DEFAULT_MAX_CHARS = 20_000;
export const READ_MAX_CHARS = 100_000;
