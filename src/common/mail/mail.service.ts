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
import { SecretsService } from '../secrets/secrets.service.js';
import { emailDomain, isEmailAddress } from '../validation/email-address.js';
import { maskEmail, RelayAttempt, type AttemptCounts } from './mail-attempt.js';
import { MailQueue, type MailJob, type MailJobContext } from './mail-queue.js';
import { MailSealer, redactContent, type MailContent } from './mail-secrets.js';
import { MailRelay } from './mail-transport.js';
import { viewerUrl, type ViewerSource } from './mail-viewer.types.js';
import { mailErrors } from './mail.errors.js';
import { MAIL_QUERIES, type MailCountRow, type OutboxListRow } from './mail.queries.js';
import { OutboundMailEntity, type OutboundMailStatus } from './outbound-mail.entity.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The one-time secrets the message carries (tokens, codes, sign-in links). The outbox stores the
   * message with them redacted and keeps them sealed only until the message is sent or has ended.
   */
  secrets?: string[];
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

/** Header values never carry CR or LF, so nobody can inject headers. */
export function stripHeaderBreaks(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
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
  private readonly sealer: MailSealer;
  private readonly relayAttempt: RelayAttempt;
  /** Outcomes of delivery attempts in this process, for /metrics. */
  readonly attempts: AttemptCounts = { sent: 0, retry: 0, failed: 0, dead: 0 };

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    secrets: SecretsService,
  ) {
    this.sealer = new MailSealer(secrets);
    this.relayAttempt = new RelayAttempt(dataSource, this.sealer, this.logger, config.smtpTimeoutSeconds, this.attempts);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sealer.warm();
    if (!this.config.smtpRelayUrl) {
      this.logger.warn(
        `No SMTP_RELAY_URL: mail to @${this.config.mailDomain} is delivered locally; other mail is held in the outbox (status "held")` +
          (this.config.mailViewer ? `; read every message at ${viewerUrl(this.config)}` : ''),
      );
      return;
    }
    this.relay = new MailRelay(this.config.smtpRelayUrl, this.config.smtpTimeoutSeconds);
    this.queue = new MailQueue(this.config.databaseUrl!, this.logger, this.config.mailRetryDelaySeconds);
    await this.queue.start((job, ctx) => this.work(job, ctx));
    const relay = new URL(this.config.smtpRelayUrl);
    this.logger.log(`Outbound mail goes through the outbox and the SMTP relay at ${relay.hostname}:${relay.port || 'default port'}`);
  }

  private readonly sources: ViewerSource[] = [];

  /**
   * Called by a module that keeps outbound mail of its own (the inbox: agents' held inbox_send mail),
   * so the local mail viewer lists it beside the outbox. Common imports no feature; features register.
   */
  registerViewerSource(source: ViewerSource): void {
    this.sources.push(source);
  }

  /** The mail other modules keep, for the local mail viewer. */
  get viewerSources(): readonly ViewerSource[] {
    return this.sources;
  }

  /** With the local mail viewer on: where a message can be read (one log line per message names it). */
  private viewerNote(id: string): string {
    return this.config.mailViewer ? `: read it at ${viewerUrl(this.config, id)}` : '';
  }

  /** Called once by the inbox module: from then on mail to MAIL_DOMAIN lands in real mailboxes. */
  registerLocalDelivery(handler: LocalDeliveryHandler): void {
    this.localDelivery = handler;
  }

  /**
   * On shutdown, while the database is still open: the worker finishes the jobs in hand and fetches
   * no more; jobs not started stay queued for another instance (or this one after a restart).
   */
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
    if (!isEmailAddress(to)) throw mailErrors('validation_failed');
    const id = randomUUID();
    const content: MailContent = { subject: stripHeaderBreaks(mail.subject).slice(0, 300), text: mail.text, html: mail.html ?? null };
    const secrets = mail.secrets ?? [];
    const local = emailDomain(to) === this.config.mailDomain;
    if (this.localDelivery && local) return this.deliverLocally(id, to, content, secrets);
    const status: OutboundMailStatus = this.relay ? 'queued' : local ? 'sent' : 'held';
    const row: Partial<OutboundMailEntity> = {
      id,
      toAddress: to,
      fromAddress: this.config.mailFrom,
      ...(await this.storedContent(content, secrets, status !== 'sent')),
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
    this.logger.log(
      `Mail ${id} to ${maskEmail(to)} ${status === 'queued' ? 'queued' : local ? 'delivered locally' : 'held in the outbox'}${this.viewerNote(id)}`,
    );
    return { id, status, localDelivery: local };
  }

  /**
   * What the outbox row holds: the content itself when it carries no secret; otherwise the content
   * with the secrets redacted, plus (while it may still be sent) the real content sealed.
   */
  private async storedContent(
    content: MailContent,
    secrets: readonly string[],
    maySend: boolean,
  ): Promise<Pick<OutboundMailEntity, 'subject' | 'textBody' | 'htmlBody' | 'redacted' | 'sealedContent'>> {
    if (!secrets.some(Boolean)) {
      return { subject: content.subject, textBody: content.text, htmlBody: content.html, redacted: false, sealedContent: null };
    }
    const redacted = redactContent(content, secrets);
    return {
      subject: redacted.subject.slice(0, 300),
      textBody: redacted.text,
      htmlBody: redacted.html,
      redacted: true,
      sealedContent: maySend ? await this.sealer.seal(content) : null,
    };
  }

  /**
   * Mail to one of this service's own mailboxes: handed to the inbox at once (never relayed) and
   * recorded as sent, or as failed when no such mailbox takes it.
   */
  private async deliverLocally(id: string, to: string, content: MailContent, secrets: readonly string[]): Promise<MailResult> {
    const delivered = await this.localDelivery!({
      to,
      subject: content.subject,
      text: content.text,
      html: content.html ?? undefined,
      from: this.config.mailFrom,
    });
    await this.dataSource.getRepository(OutboundMailEntity).insert({
      id,
      toAddress: to,
      fromAddress: this.config.mailFrom,
      ...(await this.storedContent(content, secrets, false)),
      status: delivered ? 'sent' : 'failed',
      localDelivery: true,
      relayResponse: delivered ? 'delivered locally to the mailbox' : 'no such local mailbox',
      messageId: `<${id}@${this.config.mailDomain}>`,
      sentAt: delivered ? new Date() : null,
    });
    this.logger.log(
      `Mail ${id} to ${maskEmail(to)} ${delivered ? 'delivered to the local mailbox' : 'refused: no such local mailbox'}${this.viewerNote(id)}`,
    );
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
      throw mailErrors('mail_relay_failed', undefined, { details: { retryable: true } });
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
    if (!queue) throw mailErrors('service_unavailable');
    const requeued = await this.dataSource.transaction(async (tx) => {
      const rows = (await tx.query(MAIL_QUERIES.requeue, [id])) as [unknown[], number];
      if (rows[1] !== 1) return false;
      await queue.add(id, tx, 0, randomUUID());
      return true;
    });
    if (!requeued) {
      throw mailErrors(
        'not_found',
        'No dead, failed or held message with this id that can be sent again (a message whose one-time secrets were erased cannot).',
      );
    }
    return { id, status: 'queued' };
  }

  /** Messages per status, and jobs in the queue (for /metrics). */
  async counts(): Promise<{ byStatus: Record<string, number>; queue?: { waiting: number; dead: number } }> {
    const rows = await this.dataSource.query<MailCountRow[]>(MAIL_QUERIES.counts);
    return {
      byStatus: Object.fromEntries(rows.map((r) => [r.status, r.n])),
      queue: this.queue ? await this.queue.depth().catch(() => undefined) : undefined,
    };
  }

  private async work(job: MailJob, ctx: MailJobContext): Promise<'done' | 'retry'> {
    const status = await this.attempt(job.mailId, ctx.lastAttempt);
    return status === 'queued' || status === 'busy' ? 'retry' : 'done';
  }

  /** One attempt through the configured relay (none configured: the message stays where it is). */
  private attempt(id: string, lastAttempt: boolean): Promise<OutboundMailStatus | 'busy'> {
    return this.relay ? this.relayAttempt.run(this.relay, id, lastAttempt) : Promise.resolve('queued');
  }
}
