import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import nodemailer, { type Transporter } from 'nodemailer';
import { Repository } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { OutboundMailEntity, type OutboundMailStatus } from './outbound-mail.entity.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailResult {
  id: string;
  status: OutboundMailStatus;
  localDelivery: boolean;
}

/**
 * Delivers mail addressed to MAIL_DOMAIN into this service's own mailboxes. The inbox module
 * registers one at boot (common imports no feature). Resolves to false when no such mailbox
 * exists (or it refuses mail); the message is then recorded as failed.
 */
export type LocalDeliveryHandler = (mail: OutgoingMail & { from: string }) => Promise<boolean>;

const EMAIL = /^[^\s@<>"',;]{1,64}@[A-Za-z0-9.-]{1,255}$/;

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
 * The one way any module sends mail. Through SMTP_RELAY_URL when set; otherwise mail to
 * MAIL_DOMAIN is delivered locally and the rest is held in the outbox, never dropped.
 */
@Injectable()
export class MailService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private transport?: Transporter;
  private localDelivery?: LocalDeliveryHandler;

  constructor(
    private readonly config: AppConfig,
    @InjectRepository(OutboundMailEntity) private readonly outbox: Repository<OutboundMailEntity>,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.smtpRelayUrl) {
      this.transport = nodemailer.createTransport(this.config.smtpRelayUrl);
      const relay = new URL(this.config.smtpRelayUrl);
      this.logger.log(`Outbound mail goes through the SMTP relay at ${relay.hostname}:${relay.port || 'default port'}`);
    } else {
      this.logger.warn(
        `No SMTP_RELAY_URL: mail to @${this.config.mailDomain} is delivered locally; other mail is held in the outbox (status "held")`,
      );
    }
  }

  /** Called once by the inbox module: from then on mail to MAIL_DOMAIN lands in real mailboxes. */
  registerLocalDelivery(handler: LocalDeliveryHandler): void {
    this.localDelivery = handler;
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }

  /**
   * Sends (or holds) one message and records it.
   * @throws validation_failed (bad address), mail_relay_failed (retryable; nothing was sent)
   */
  async send(mail: OutgoingMail): Promise<MailResult> {
    const to = stripHeaderBreaks(mail.to);
    if (!EMAIL.test(to)) throw new AppError('validation_failed', 'The recipient is not a valid email address.');
    const subject = stripHeaderBreaks(mail.subject).slice(0, 300);
    const from = this.config.mailFrom;
    const domain = to.split('@')[1].toLowerCase();
    const base = { toAddress: to, fromAddress: from, subject, textBody: mail.text, htmlBody: mail.html ?? null };

    if (this.localDelivery && domain === this.config.mailDomain) {
      const delivered = await this.localDelivery({ ...mail, to, subject, from });
      const row = await this.outbox.save(
        this.outbox.create({
          ...base,
          status: delivered ? 'sent' : 'failed',
          localDelivery: true,
          relayResponse: delivered ? 'delivered locally to the mailbox' : 'no such local mailbox',
        }),
      );
      this.logger.log(`Mail ${row.id} to ${maskEmail(to)} ${delivered ? 'delivered to the local mailbox' : 'refused: no such local mailbox'}`);
      return { id: row.id, status: row.status, localDelivery: true };
    }

    if (!this.transport) {
      const local = domain === this.config.mailDomain;
      const row = await this.outbox.save(
        this.outbox.create({
          ...base,
          status: local ? 'sent' : 'held',
          localDelivery: local,
          relayResponse: local ? 'delivered locally' : 'held: no SMTP relay configured',
        }),
      );
      this.logger.log(`Mail ${row.id} to ${maskEmail(to)} ${local ? 'delivered locally' : 'held in the outbox'}`);
      return { id: row.id, status: row.status, localDelivery: local };
    }

    try {
      const info = (await this.transport.sendMail({ from, to, subject, text: mail.text, html: mail.html })) as {
        messageId?: string;
        response?: string;
      };
      const row = await this.outbox.save(
        this.outbox.create({
          ...base,
          status: 'sent',
          relayResponse: (info.response ?? '').slice(0, 500),
          messageId: info.messageId ?? null,
        }),
      );
      this.logger.log(`Mail ${row.id} to ${maskEmail(to)} accepted by the relay`);
      return { id: row.id, status: 'sent', localDelivery: false };
    } catch (error) {
      const response = String((error as { response?: string; message?: string }).response ?? (error as Error).message);
      const row = await this.outbox
        .save(this.outbox.create({ ...base, status: 'failed', relayResponse: response.slice(0, 500) }))
        .catch(() => undefined);
      this.logger.warn(`Mail ${row?.id ?? '(unrecorded)'} to ${maskEmail(to)} failed at the relay`);
      throw new AppError('mail_relay_failed', 'The mail relay did not accept the message; nothing was sent.', {
        status: 502,
        retryable: true,
        details: { retryable: true },
      });
    }
  }
}
