import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { InboxAuditEntity } from '../entities/inbox-audit.entity.js';
import { MessageEntity, type StoredAuth } from '../entities/message.entity.js';
import { SuppressionEntity } from '../entities/suppression.entity.js';
import { NOTIFY_CHANNEL } from '../queries/message.queries.js';
import type { MailboxRef } from './mailboxes.js';
import { parseMessage, type ParsedMessage } from './message-parser.js';

export interface InboundEnvelope {
  envelopeFrom: string | null;
  remoteIp: string | null;
  /** Authentication verdicts (local mail: `{ verdict: 'local' }`). */
  auth: StoredAuth;
}

/**
 * Stores inbound mail: parses it once, writes one row per recipient mailbox, records suppressions
 * for bounces and complaints, and NOTIFYs waiters — all in one transaction, so a message is either
 * fully committed (and only then acknowledged with 250) or not at all.
 */
@Injectable()
export class IngestService {
  private readonly logger = new Logger('InboxIngest');

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  parse(raw: Buffer): Promise<ParsedMessage> {
    return parseMessage(raw);
  }

  async store(raw: Buffer, parsed: ParsedMessage, recipients: MailboxRef[], envelope: InboundEnvelope): Promise<string[]> {
    const expiresAt = new Date(Date.now() + this.config.inboxRetentionDays * 86_400_000);
    const ids = await this.dataSource.transaction(async (tx) => {
      const messages = tx.getRepository(MessageEntity);
      const stored: string[] = [];
      for (const mailbox of recipients) {
        const row = await messages.save(
          messages.create({
            agentId: mailbox.agentId,
            direction: 'inbound',
            status: 'received',
            fromAddress: parsed.fromAddress || (envelope.envelopeFrom ?? ''),
            fromName: parsed.fromName,
            toAddresses: parsed.to.length ? parsed.to : [mailbox.address],
            ccAddresses: parsed.cc,
            envelopeFrom: envelope.envelopeFrom,
            subject: parsed.subject,
            messageId: parsed.messageId,
            sentAt: parsed.sentAt,
            textBody: parsed.text,
            textTruncated: parsed.textTruncated,
            headers: parsed.headers,
            auth: envelope.auth,
            otpCode: parsed.otpCode,
            otp: parsed.otp,
            links: parsed.links,
            attachments: parsed.attachments,
            sizeBytes: raw.length,
            remoteIp: envelope.remoteIp,
            deliveryNote: null,
            raw,
            expiresAt,
          }),
        );
        stored.push(row.id);
        if (parsed.report) {
          for (const address of parsed.report.addresses) {
            const inserted = await tx
              .getRepository(SuppressionEntity)
              .createQueryBuilder()
              .insert()
              .values({ agentId: mailbox.agentId, address, reason: parsed.report.kind, sourceMessageId: row.id })
              .orIgnore()
              .execute();
            if (inserted.identifiers.length && inserted.identifiers[0]) {
              await tx.getRepository(InboxAuditEntity).save({
                actor: 'system',
                action: `suppress_${parsed.report.kind}`,
                agentId: mailbox.agentId,
                detail: { address, message_id: row.id },
              });
            }
          }
        }
        // Delivered with the commit, never before: a waiter only ever sees committed mail.
        await tx.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, `${mailbox.agentId}:${row.id}`]);
      }
      return stored;
    });
    this.logger.debug(`Stored ${ids.length} message(s) of ${raw.length} bytes`);
    return ids;
  }

  /** Parses and stores in one go (local deliveries). */
  async ingest(raw: Buffer, recipients: MailboxRef[], envelope: InboundEnvelope): Promise<string[]> {
    return this.store(raw, await this.parse(raw), recipients, envelope);
  }
}
