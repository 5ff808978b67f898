import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { MailQueue, type MailJob, type MailJobContext } from './mail-queue.js';
import { MailRelay } from './mail-transport.js';
import { MAIL_QUERIES, type ClaimedMailRow, type MailStatusRow, type OutboxListRow } from './mail.queries.js';
import { OutboundMailEntity, type OutboundMailStatus } from './outbound-mail.entity.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailResult {
  id: string;
  /** `sent` (accepted by the relay, or delivered locally), `queued` (in the outbox, retried), `held`, `failed`. */
  status: OutboundMailStatus;
  localDelivery: boolean;
}

/**
 * Delivers mail addressed to MAIL_DOMAIN into this service's own mailboxes. The inbox module
 * registers one at boot (common imports no feature). Resolves to false when no such mailbox
 * exists (or it refuses mail); the message is then recorded as failed and never relayed.
 */
export type LocalDeliveryHandler = (mail: OutgoingMail & { from: string }) => Promise<boolean>;

export interface OutboxEntryView {
  id: string;
  to: string;
  subject: string;
  status: OutboundMailStatus;
  attempts: number;
  last_response: string | null;
  message_id: string | null;
  created_at: string;
  sent_at: string | null;
}

const EMAIL = /^[^\s@<>"',;]{1,64}@[A-Za-z0-9.-]{1,255}$/;
/** This service's one-time tokens (`<prefix>_<43 base64url chars>`), redacted from stored bodies once sent. */
const ONE_TIME_TOKEN = /\b[a-z]{3,5}_[A-Za-z0-9_-]{43}\b/g;

/** Header values never carry CR or LF, so nobody can inject headers. */
export function stripHeaderBreaks(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
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

export function redactTokens(body: string): string {
  return body.replace(ONE_TIME_TOKEN, (t) => `${t.slice(0, t.indexOf('_') + 1)}[redacted]`);
}

/**
 * The one way any module sends mail: a durable outbox. With SMTP_RELAY_URL set every message is a
 * row in outbound_mail plus a job on the pg-boss queue, written in the caller's transaction when it
 * passes one; it gets an immediate attempt, and a worker on any instance retries it with backoff
 * (relay timeouts bounded) until it is sent or dead-lettered (status `dead`, listed under
 * /admin/mail). Delivery is at least once; every attempt carries the same Message-ID. Without a
 * relay, mail to MAIL_DOMAIN is delivered locally and the rest is held, never dropped.
 */
@Injectable()
export class MailService implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private relay?: MailRelay;
  private queue?: MailQueue;
  private localDelivery?: LocalDeliveryHandler;
  /** Outcomes of delivery attempts in this process, for /metrics. */
  readonly attempts = { sent: 0, retry: 0, failed: 0, dead: 0 };

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.smtpRelayUrl) {
      this.logger.warn(
        `No SMTP_RELAY_URL: mail to @${this.config.mailDomain} is delivered locally; other mail is held in the outbox (status "held")`,
      );
      return;
    }
    this.relay = new MailRelay(this.config.smtpRelayUrl, this.config.smtpTimeoutSeconds);
    this.queue = new MailQueue(this.config.databaseUrl!, this.logger, this.config.mailRetryDelaySeconds);
    await this.queue.start((job, ctx) => this.work(job, ctx));
    const relay = new URL(this.config.smtpRelayUrl);
    this.logger.log(`Outbound mail goes through the outbox and the SMTP relay at ${relay.hostname}:${relay.port || 'default port'}`);
  }

  /**
   * On shutdown, while the database is still open: the worker finishes the jobs in hand and fetches
   * no more; jobs not started stay queued for another instance (or this one after a restart).
   */
  /** Called once by the inbox module: from then on mail to MAIL_DOMAIN lands in real mailboxes. */
  registerLocalDelivery(handler: LocalDeliveryHandler): void {
    this.localDelivery = handler;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue?.stop();
  }

  /** After the HTTP server drained (requests in flight may still make their immediate attempt). */
  onApplicationShutdown(): void {
    this.relay?.close();
  }

  /**
   * Puts one message in the outbox — inside `tx` when given, so it exists exactly when the change
   * that caused it commits. Call deliverNow() after the commit for an immediate attempt; otherwise
   * a worker sends it within seconds. Without a relay: delivered locally (MAIL_DOMAIN) or held.
   * @throws validation_failed (bad address)
   */
  async enqueue(mail: OutgoingMail, tx?: EntityManager): Promise<MailResult> {
    const to = stripHeaderBreaks(mail.to);
    if (!EMAIL.test(to)) throw new AppError('validation_failed', 'The recipient is not a valid email address.');
    const id = randomUUID();
    if (this.localDelivery && to.split('@')[1].toLowerCase() === this.config.mailDomain) return this.deliverLocally(id, to, mail);
    const local = !this.relay && to.split('@')[1].toLowerCase() === this.config.mailDomain;
    const status: OutboundMailStatus = this.relay ? 'queued' : local ? 'sent' : 'held';
    const row: Partial<OutboundMailEntity> = {
      id,
      toAddress: to,
      fromAddress: this.config.mailFrom,
      subject: stripHeaderBreaks(mail.subject).slice(0, 300),
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      status,
      localDelivery: local,
      relayResponse: this.relay ? null : local ? 'delivered locally' : 'held: no SMTP relay configured',
      messageId: `<${id}@${this.config.mailDomain}>`,
      sentAt: local ? new Date() : null,
    };
    const write = async (manager: EntityManager): Promise<void> => {
      await manager.getRepository(OutboundMailEntity).insert(row);
      if (this.queue) await this.queue.add(id, manager);
    };
    if (tx) await write(tx);
    else await this.dataSource.transaction(write);
    this.logger.log(`Mail ${id} to ${maskEmail(to)} ${status === 'queued' ? 'queued' : local ? 'delivered locally' : 'held in the outbox'}`);
    return { id, status, localDelivery: local };
  }

  /**
   * Mail to one of this service's own mailboxes: handed to the inbox at once (never relayed) and
   * recorded as sent, or as failed when no such mailbox takes it.
   */
  private async deliverLocally(id: string, to: string, mail: OutgoingMail): Promise<MailResult> {
    const subject = stripHeaderBreaks(mail.subject).slice(0, 300);
    const delivered = await this.localDelivery!({ ...mail, to, subject, from: this.config.mailFrom });
    await this.dataSource.getRepository(OutboundMailEntity).insert({
      id,
      toAddress: to,
      fromAddress: this.config.mailFrom,
      subject,
      textBody: redactTokens(mail.text),
      htmlBody: mail.html === undefined ? null : redactTokens(mail.html),
      status: delivered ? 'sent' : 'failed',
      localDelivery: true,
      relayResponse: delivered ? 'delivered locally to the mailbox' : 'no such local mailbox',
      messageId: `<${id}@${this.config.mailDomain}>`,
      sentAt: delivered ? new Date() : null,
    });
    this.logger.log(`Mail ${id} to ${maskEmail(to)} ${delivered ? 'delivered to the local mailbox' : 'refused: no such local mailbox'}`);
    return { id, status: delivered ? 'sent' : 'failed', localDelivery: true };
  }

  /**
   * One immediate delivery attempt for a queued message (after its transaction committed). Answers
   * the message's status afterwards: `sent`, still `queued` (the worker retries), or `failed`.
   */
  async deliverNow(queued: MailResult): Promise<MailResult> {
    if (queued.status !== 'queued') return queued;
    const status = await this.attempt(queued.id, false).catch((error: unknown) => {
      this.logger.warn(`Mail ${queued.id}: immediate attempt not completed (${(error as Error).message}); the worker retries`);
      return 'queued' as const;
    });
    return { ...queued, status: status === 'busy' ? 'queued' : status };
  }

  /**
   * Queues one message and tries it at once (for callers outside a transaction).
   * @returns status `sent`, or `queued` when the relay could not be reached (it is retried; check
   *   the status rather than assuming delivery), `held`/`sent` without a relay.
   * @throws validation_failed (bad address), mail_relay_failed (the relay refused it permanently; nothing was sent)
   */
  async send(mail: OutgoingMail): Promise<MailResult> {
    const result = await this.deliverNow(await this.enqueue(mail));
    // A refused local delivery (no such mailbox) is answered as `failed`; only the relay's refusal throws.
    if (result.status === 'failed' && !result.localDelivery) {
      throw new AppError('mail_relay_failed', 'The mail relay refused the message; nothing was sent.', {
        status: 502,
        retryable: true,
        details: { retryable: true },
      });
    }
    return result;
  }

  /** Outbox entries by status (`dead` is the dead letter), newest first. For operators. */
  async list(status: OutboundMailStatus, limit: number): Promise<{ messages: OutboxEntryView[] }> {
    const rows = await this.dataSource.query<OutboxListRow[]>(MAIL_QUERIES.list, [status, limit]);
    return {
      messages: rows.map((r) => ({
        id: r.id,
        to: maskEmail(r.to_address),
        subject: r.subject,
        status: r.status,
        attempts: r.attempts,
        last_response: r.relay_response,
        message_id: r.message_id,
        created_at: r.created_at.toISOString(),
        sent_at: r.sent_at ? r.sent_at.toISOString() : null,
      })),
    };
  }

  /**
   * Puts a dead, failed or held message back in the queue (same Message-ID). For operators.
   * @throws not_found (no such message in a retryable state), service_unavailable (no relay)
   */
  async retry(id: string): Promise<{ id: string; status: 'queued' }> {
    const queue = this.queue;
    if (!queue) throw new AppError('service_unavailable', 'No SMTP relay is configured; nothing can be sent.', { status: 503 });
    const requeued = await this.dataSource.transaction(async (tx) => {
      const rows = (await tx.query(MAIL_QUERIES.requeue, [id])) as [unknown[], number];
      if (rows[1] !== 1) return false;
      await queue.add(id, tx, 0, randomUUID());
      return true;
    });
    if (!requeued) throw new AppError('not_found', 'No dead, failed or held message with this id.', { status: 404 });
    return { id, status: 'queued' };
  }

  /** Messages per status, and jobs in the queue (for /metrics). */
  async counts(): Promise<{ byStatus: Record<string, number>; queue?: { waiting: number; dead: number } }> {
    const rows = await this.dataSource.query<Array<{ status: string; n: number }>>(MAIL_QUERIES.counts);
    return {
      byStatus: Object.fromEntries(rows.map((r) => [r.status, r.n])),
      queue: this.queue ? await this.queue.depth().catch(() => undefined) : undefined,
    };
  }

  private async work(job: MailJob, ctx: MailJobContext): Promise<'done' | 'retry'> {
    const status = await this.attempt(job.mailId, ctx.lastAttempt);
    return status === 'queued' || status === 'busy' ? 'retry' : 'done';
  }

  /**
   * Records an accepted message. The relay has it now, so a lost write here means a second delivery
   * later: keep trying while the lease holds (a database restart takes seconds), then give up and
   * let the retry send it again with the same Message-ID.
   */
  private async recordSent(id: string, response: string, claimed: ClaimedMailRow, leaseEnds: number): Promise<void> {
    const params = [id, response, redactTokens(claimed.text_body), claimed.html_body === null ? null : redactTokens(claimed.html_body)];
    for (;;) {
      try {
        await this.dataSource.query(MAIL_QUERIES.markSent, params);
        return;
      } catch (error) {
        if (Date.now() + 1000 >= leaseEnds - 2000) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Claims the message (a lease), talks to the relay once, records the outcome. */
  private async attempt(id: string, lastAttempt: boolean): Promise<OutboundMailStatus | 'busy'> {
    const relay = this.relay;
    if (!relay) return 'queued';
    const leaseMs = leaseSeconds(this.config.smtpTimeoutSeconds) * 1000;
    const lease = `${leaseMs / 1000} seconds`;
    const started = Date.now();
    const [claimed] = (await this.dataSource.query<[ClaimedMailRow[], number]>(MAIL_QUERIES.claim, [id, lease]))[0];
    if (!claimed) {
      const [row] = await this.dataSource.query<MailStatusRow[]>(MAIL_QUERIES.status, [id]);
      // Gone (never committed) or finished: nothing to do. Still queued: another attempt holds the lease.
      return row ? (row.status === 'queued' ? 'busy' : row.status) : 'sent';
    }
    const outcome = await relay.deliver({
      from: claimed.from_address,
      to: claimed.to_address,
      subject: claimed.subject,
      text: claimed.text_body,
      html: claimed.html_body,
      messageId: claimed.message_id,
    });
    if (outcome.ok) {
      await this.recordSent(id, outcome.response, claimed, started + leaseMs);
      this.attempts.sent++;
      this.logger.log(`Mail ${id} to ${maskEmail(claimed.to_address)} accepted by the relay (attempt ${claimed.attempts})`);
      return 'sent';
    }
    const status: OutboundMailStatus = outcome.permanent ? 'failed' : lastAttempt ? 'dead' : 'queued';
    await this.dataSource.query(MAIL_QUERIES.markAttempt, [id, status, outcome.response]);
    this.attempts[status === 'queued' ? 'retry' : status]++;
    this.logger.warn(
      `Mail ${id} to ${maskEmail(claimed.to_address)} not accepted (attempt ${claimed.attempts}): ${
        status === 'queued' ? 'will be retried' : status === 'dead' ? 'retries exhausted, dead-lettered' : 'refused permanently'
      }`,
    );
    return status;
  }
}
