import type { AddressObject, ParsedMail } from 'mailparser';
import type { StoredAttachment, StoredOtp } from '../entities/message.entity.js';
import { htmlToText, loadHtmlToText } from '../domain/html-text.js';
import { extractLinks } from '../domain/links.js';
import { detectOtp } from '../domain/otp.js';
import { readReport, type ReportVerdict } from '../domain/reports.js';
import { storedValue } from '../domain/stored-text.js';

/** The most text kept per message; inbox_read returns less (max_chars) and says when it cut. */
export const MAX_STORED_TEXT = 200_000;
const KEPT_HEADERS = [
  'from',
  'to',
  'cc',
  'reply-to',
  'subject',
  'date',
  'message-id',
  'in-reply-to',
  'references',
  'list-unsubscribe',
  'list-id',
  'auto-submitted',
  'return-path',
  'content-type',
  'otp-token',
];

export interface ParsedMessage {
  fromAddress: string;
  fromName: string | null;
  to: string[];
  cc: string[];
  subject: string;
  messageId: string | null;
  sentAt: Date | null;
  text: string;
  textTruncated: boolean;
  headers: Record<string, string>;
  otp: StoredOtp | null;
  otpCode: string | null;
  links: string[];
  attachments: StoredAttachment[];
  report?: ReportVerdict;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .flatMap((a) => a.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => (a.address ?? '').toLowerCase())
    .filter(Boolean)
    .slice(0, 100);
}

/**
 * Parses a raw message with mailparser, bounded (header block ≤ 64 KB, ≤ 200 MIME parts, HTML
 * ≤ 2 MB converted), converts HTML to text safely, detects the one-time code, extracts links
 * (never fetched) and attachment metadata (never content), and recognises bounces and complaints.
 */
// mailparser (and what it loads) is imported when the first message arrives, not at boot.
let mailparser: Promise<typeof import('mailparser')> | undefined;

export async function parseMessage(raw: Buffer): Promise<ParsedMessage> {
  const { simpleParser } = await (mailparser ??= import('mailparser'));
  const parsed: ParsedMail = await simpleParser(raw, {
    maxHeadSize: 64 * 1024,
    maxChildNodes: 200,
    maxHtmlLengthToParse: 2_000_000,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    keepCidLinks: true,
    checksumAlgo: false,
  });
  const html = typeof parsed.html === 'string' ? parsed.html : undefined;
  let text = parsed.text ?? '';
  if (!text.trim() && html) {
    await loadHtmlToText();
    text = htmlToText(html);
  }
  text = text.replace(/\r\n/g, '\n');
  const textTruncated = text.length > MAX_STORED_TEXT;
  if (textTruncated) text = text.slice(0, MAX_STORED_TEXT);
  const subject = (parsed.subject ?? '').replace(/[\r\n]+/g, ' ').slice(0, 500);

  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) {
    if (!KEPT_HEADERS.includes(line.key) || headers[line.key] !== undefined) continue;
    headers[line.key] = line.line
      .slice(line.key.length + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim()
      .slice(0, 1000);
  }
  const from = Array.isArray(parsed.from) ? parsed.from[0] : parsed.from;
  const sender = from?.value[0];
  const detection = detectOtp(subject, text, (parsed as ParsedMail & { otp?: { code: string } }).otp?.code);
  const contentType = headers['content-type'] ?? '';
  // Every string goes through storedText: PostgreSQL refuses NUL and lone surrogates (a poison message).
  return storedValue({
    fromAddress: (sender?.address ?? '').toLowerCase().slice(0, 320),
    fromName: sender?.name ? sender.name.slice(0, 200) : null,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject,
    messageId: parsed.messageId?.slice(0, 500) ?? null,
    sentAt: storableDate(parsed.date),
    text,
    textTruncated,
    headers,
    otp: detection.candidates.length ? { code: detection.code, confidence: detection.confidence, candidates: detection.candidates } : null,
    otpCode: detection.code,
    links: extractLinks(text, html),
    attachments: parsed.attachments.slice(0, 100).map((a) => ({
      filename: a.filename?.slice(0, 255) ?? null,
      content_type: a.contentType.slice(0, 100),
      size: a.size,
    })),
    report: readReport(contentType, raw.length > 300_000 ? raw.subarray(0, 300_000).toString('utf8') : raw.toString('utf8')),
  });
}

/** The Date header when PostgreSQL can store it (years 1–9999), else null. */
function storableDate(date: Date | undefined): Date | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? date : null;
}
