import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { MailSealer } from './mail-secrets.js';
import type { MailRelay } from './mail-transport.js';
import { MAIL_QUERIES, type ClaimedMailRow, type MailStatusRow } from './mail.queries.js';
import type { OutboundMailStatus } from './outbound-mail.entity.js';

/** Outcomes of delivery attempts in this process, for /metrics. */
export interface AttemptCounts {
  sent: number;
  retry: number;
  failed: number;
  dead: number;
}

/** `ab***@example.org`: enough to tell messages apart in logs, not enough to harvest addresses. */
export function maskEmail(address: string): string {
  const [local, domain] = address.split('@');
  if (!domain) return '***';
  return `${local.slice(0, 2)}***@${domain}`;
}

/**
 * How long one attempt may hold a message: longer than any attempt can take (connect, greeting and
 * a few exchanges, each bounded by the timeouts), so two processes never send it at once, yet short
 * enough that a message whose process died mid-attempt is retried soon.
 */
export function leaseSeconds(smtpTimeoutSeconds: number): number {
  return 3 * smtpTimeoutSeconds + 10;
}

/**
 * One delivery attempt of an outbox message: claims it under a lease, rebuilds the real content
 * when the stored one is redacted, talks to the relay once and records the outcome (the sealed
 * copy of a message's secrets is erased in the same statement once the message has ended).
 */
export class RelayAttempt {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sealer: MailSealer,
    private readonly logger: Logger,
    private readonly smtpTimeoutSeconds: number,
    private readonly counts: AttemptCounts,
  ) {}

  async run(relay: MailRelay, id: string, lastAttempt: boolean): Promise<OutboundMailStatus | 'busy'> {
    const leaseMs = leaseSeconds(this.smtpTimeoutSeconds) * 1000;
    const started = Date.now();
    const [claimed] = (await this.dataSource.query<[ClaimedMailRow[], number]>(MAIL_QUERIES.claim, [id, `${leaseMs / 1000} seconds`]))[0];
    if (!claimed) {
      const [row] = await this.dataSource.query<MailStatusRow[]>(MAIL_QUERIES.status, [id]);
      // Gone (never committed) or finished: nothing to do. Still queued: another attempt holds the lease.
      return row ? (row.status === 'queued' ? 'busy' : row.status) : 'sent';
    }
    const content = claimed.sealed_content
      ? await this.sealer.open(claimed.sealed_content)
      : { subject: claimed.subject, text: claimed.text_body, html: claimed.html_body };
    const outcome = await relay.deliver({ from: claimed.from_address, to: claimed.to_address, ...content, messageId: claimed.message_id });
    if (outcome.ok) {
      await this.recordSent(id, outcome.response, started + leaseMs);
      this.counts.sent++;
      this.logger.log(`Mail ${id} to ${maskEmail(claimed.to_address)} accepted by the relay (attempt ${claimed.attempts})`);
      return 'sent';
    }
    const status: OutboundMailStatus = outcome.permanent ? 'failed' : lastAttempt ? 'dead' : 'queued';
    await this.dataSource.query(MAIL_QUERIES.markAttempt, [id, status, outcome.response]);
    this.counts[status === 'queued' ? 'retry' : status]++;
    this.logger.warn(
      `Mail ${id} to ${maskEmail(claimed.to_address)} not accepted (attempt ${claimed.attempts}): ${
        status === 'queued' ? 'will be retried' : status === 'dead' ? 'retries exhausted, dead-lettered' : 'refused permanently'
      }`,
    );
    return status;
  }

  /**
   * Records an accepted message. The relay has it now, so a lost write here means a second delivery
   * later: keep trying while the lease holds (a database restart takes seconds), then give up and
   * let the retry send it again with the same Message-ID.
   */
  private async recordSent(id: string, response: string, leaseEnds: number): Promise<void> {
    for (;;) {
      try {
        await this.dataSource.query(MAIL_QUERIES.markSent, [id, response]);
        return;
      } catch (error) {
        if (Date.now() + 1000 >= leaseEnds - 2000) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }
}
