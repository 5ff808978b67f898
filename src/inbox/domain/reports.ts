/**
 * Delivery status notifications (RFC 3464) and abuse reports (ARF, RFC 5965) that come back to a
 * mailbox: which addresses they say must not be written to again. Read from the raw report
 * parts with regular expressions: the fields are line-oriented and mailparser leaves them as text.
 */
export interface ReportVerdict {
  kind: 'bounce' | 'complaint';
  addresses: string[];
}

const ADDRESS = /^[^\s@<>"]{1,64}@[A-Za-z0-9.-]{1,255}$/;

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
    return addresses.size ? { kind: 'bounce', addresses: [...addresses] } : undefined;
  }
  if (/report-type\s*=\s*"?feedback-report/.test(type)) {
    const addresses = new Set<string>();
    for (const m of text.matchAll(/^(?:Original-Rcpt-To|Removal-Recipient):\s*<?([^\s>]+)>?/gim)) addresses.add(m[1].toLowerCase());
    if (addresses.size === 0) {
      // The complained-about message is attached: its To header names the complainer.
      const embedded = /^Content-Type:\s*(?:message\/rfc822|text\/rfc822-headers)[\s\S]*?^To:\s*(?:[^<\n]*<)?([^\s<>,]+@[^\s<>,]+)/im.exec(text);
      if (embedded) addresses.add(embedded[1].toLowerCase().replace(/>$/, ''));
    }
    const valid = [...addresses].filter((a) => ADDRESS.test(a));
    return valid.length ? { kind: 'complaint', addresses: valid } : undefined;
  }
  return undefined;
}
