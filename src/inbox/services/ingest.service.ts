import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { InboxAuditEntity } from '../entities/inbox-audit.entity.js';
import type { StoredAuth } from '../entities/message.entity.js';
import { SuppressionEntity } from '../entities/suppression.entity.js';
import { INSERT_INBOUND_SQL, type InsertedInboundRow } from '../queries/message.queries.js';
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
    const params = [
      recipients.map((m) => m.agentId),
      parsed.fromAddress || (envelope.envelopeFrom ?? ''),
      parsed.fromName,
      JSON.stringify(parsed.to.length ? parsed.to : recipients.map((m) => m.address)),
      JSON.stringify(parsed.cc),
      envelope.envelopeFrom,
      parsed.subject,
      parsed.messageId,
      parsed.sentAt,
      parsed.text,
      parsed.textTruncated,
      JSON.stringify(parsed.headers),
      JSON.stringify(envelope.auth),
      parsed.otpCode,
      parsed.otp ? JSON.stringify(parsed.otp) : null,
      JSON.stringify(parsed.links),
      JSON.stringify(parsed.attachments),
      raw.length,
      envelope.remoteIp,
      raw,
      expiresAt,
    ];
    // The common case is one statement (one round trip); a bounce or complaint also records
    // suppressions, in the same transaction.
    const report = parsed.report;
    const rows = !report
      ? ((await this.dataSource.query(INSERT_INBOUND_SQL, params)) as InsertedInboundRow[])
      : await this.dataSource.transaction(async (tx) => {
          const stored = (await tx.query(INSERT_INBOUND_SQL, params)) as InsertedInboundRow[];
          for (const row of stored) {
            for (const address of report.addresses) {
              const inserted = await tx
                .getRepository(SuppressionEntity)
                .createQueryBuilder()
                .insert()
                .values({ agentId: row.agent_id, address, reason: report.kind, sourceMessageId: row.id })
                .orIgnore()
                .execute();
              if (inserted.identifiers.length && inserted.identifiers[0]) {
                await tx.getRepository(InboxAuditEntity).save({
                  actor: 'system',
                  action: `suppress_${report.kind}`,
                  agentId: row.agent_id,
                  detail: { address, message_id: row.id },
                });
              }
            }
          }
          return stored;
        });
    this.logger.debug(`Stored ${rows.length} message(s) of ${raw.length} bytes`);
    return rows.map((r) => r.id);
  }

  /** Parses and stores in one go (local deliveries). */
  async ingest(raw: Buffer, recipients: MailboxRef[], envelope: InboundEnvelope): Promise<string[]> {
    return this.store(raw, await this.parse(raw), recipients, envelope);
  }
}
