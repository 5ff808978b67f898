/**
 * Delivery status notifications (RFC 3464) and abuse reports (ARF, RFC 5965) that come back to a
 * mailbox: which addresses they say must not be written to again, and which sent message they are
 * about. Anyone can write such a report: MailIngest only turns one into a suppression when it
 * is authenticated and names a message this mailbox really sent to that address. Read from the raw report
 * parts with regular expressions: the fields are line-oriented and mailparser leaves them as text.
 */
export interface ReportVerdict {
  kind: 'bounce' | 'complaint';
  addresses: string[];
  /**
   * The Message-IDs the report names (`<…>` in Message-ID, In-Reply-To and References lines,
   * the returned original's included): a report is only acted on when one of them is a message
   * the mailbox really sent to the reported address.
   */
  references: string[];
}

const MAX_REFERENCES = 20;
/** At most this many reported addresses are looked at per report (each costs a query). */
const MAX_ADDRESSES = 50;
const REFERENCE_HEADER = /^(?:message-id|in-reply-to|references):/i;

/** Message-IDs in the report's (and the returned original's) Message-ID / In-Reply-To / References lines. */
export function reportReferences(text: string): string[] {
  const found = new Set<string>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && found.size < MAX_REFERENCES; i++) {
    if (!REFERENCE_HEADER.test(lines[i])) continue;
    // The value, with its folded continuation lines.
    let value = lines[i].slice(lines[i].indexOf(':') + 1);
    while (i + 1 < lines.length && /^[ \t]/.test(lines[i + 1]) && value.length < 4000) value += lines[++i];
    for (const m of value.slice(0, 8000).matchAll(/<([^<>\s]{1,498})>/g)) {
      if (found.size < MAX_REFERENCES) found.add(`<${m[1]}>`);
    }
  }
  return [...found];
}

const ADDRESS = /^[^\s@<>"]{1,64}@[A-Za-z0-9.-]{1,255}$/;

const EMBEDDED_MESSAGE = /^Content-Type:\s*(?:message\/rfc822|text\/rfc822-headers)/i;

/** The run of address characters at `from` when it is `local@domain`, else undefined. */
function addressAt(value: string, from: number): string | undefined {
  let end = from;
  while (end < value.length && !/[\s<>,]/.test(value[end])) end++;
  const run = value.slice(from, end);
  return run.slice(1, -1).includes('@') ? run : undefined;
}

/**
 * The first To address after the attached message's Content-Type line: `To: a@b`, or `To: Name <a@b>`.
 * Read line by line (one pattern spanning the report, `Content-Type…[\s\S]*?^To:…`, backtracks cubically).
 */
function embeddedRecipient(text: string): string | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => EMBEDDED_MESSAGE.test(line));
  if (start < 0) return undefined;
  for (let i = start + 1; i < lines.length; i++) {
    if (lines[i].slice(0, 3).toLowerCase() !== 'to:') continue;
    // A folded header carries the address on the next line.
    const value = lines[i].slice(3).trim() || (lines[i + 1] ?? '').trim();
    const bracket = value.indexOf('<');
    const found = (bracket >= 0 ? addressAt(value, bracket + 1) : undefined) ?? addressAt(value, 0);
    if (found) return found;
  }
  return undefined;
}

export function readReport(contentType: string, raw: string): ReportVerdict | undefined {
  const type = contentType.toLowerCase();
  if (!type.startsWith('multipart/report')) return undefined;
  const text = raw.length > 200_000 ? raw.slice(0, 200_000) : raw;
  if (/report-type\s*=\s*"?delivery-status/.test(type)) {
    const addresses = new Set<string>();
    // Each per-recipient block: Final-Recipient … Action: failed … Status: 5.x.x
    for (const block of text.split(/\r?\n\r?\n/)) {
      const recipient = /^Final-Recipient:\s*rfc822;\s*<?([^\s>]+)>?/im.exec(block);
      if (!recipient) continue;
      const failed = /^Action:\s*failed/im.test(block) || /^Status:\s*5\.\d+\.\d+/im.test(block);
      if (failed && ADDRESS.test(recipient[1])) addresses.add(recipient[1].toLowerCase());
    }
    return addresses.size
      ? { kind: 'bounce', addresses: [...addresses].slice(0, MAX_ADDRESSES), references: reportReferences(text) }
      : undefined;
  }
  if (/report-type\s*=\s*"?feedback-report/.test(type)) {
    const addresses = new Set<string>();
    for (const m of text.matchAll(/^(?:Original-Rcpt-To|Removal-Recipient):\s*<?([^\s>]+)>?/gim)) addresses.add(m[1].toLowerCase());
    if (addresses.size === 0) {
      // The complained-about message is attached: its To header names the complainer.
      const embedded = embeddedRecipient(text);
      if (embedded) addresses.add(embedded.toLowerCase());
    }
    const valid = [...addresses].filter((a) => ADDRESS.test(a));
    return valid.length ? { kind: 'complaint', addresses: valid.slice(0, MAX_ADDRESSES), references: reportReferences(text) } : undefined;
  }
  return undefined;
}
