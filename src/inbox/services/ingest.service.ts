import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { storedValue } from '../domain/stored-text.js';
import type { ReportVerdict } from '../domain/reports.js';
import { InboxAuditEntity } from '../entities/inbox-audit.entity.js';
import type { StoredAuth } from '../entities/message.entity.js';
import { SuppressionEntity } from '../entities/suppression.entity.js';
import {
  INSERT_INBOUND_SQL,
  LOCK_MAILBOXES_SQL,
  MAILBOX_BYTES_SQL,
  SENT_TO_SQL,
  type InsertedInboundRow,
  type MailboxUsageRow,
} from '../queries/message.queries.js';
import type { MailboxRef } from './mailboxes.js';
import { parseMessage, type ParsedMessage } from './message-parser.js';

export interface InboundEnvelope {
  envelopeFrom: string | null;
  remoteIp: string | null;
  /** Authentication verdicts (local mail: `{ verdict: 'local' }`). */
  auth: StoredAuth;
}

/** A mailbox would go over INBOX_MAILBOX_QUOTA_BYTES; nothing was stored. */
export class MailboxFullError extends Error {
  constructor(
    readonly address: string,
    readonly quotaBytes: number,
    /** The message alone is larger than the quota: it can never be delivered. */
    readonly permanent: boolean,
  ) {
    super(`the mailbox ${address} is full (quota ${quotaBytes} bytes)`);
  }
}

/** Why a bounce or complaint was not turned into a suppression (recorded in inbox_audit). */
export type ReportRefusal = 'not_authenticated' | 'no_matching_sent_message';

/**
 * Whether a report's authentication lets it act: SPF, DKIM or DMARC passed for the domain that sent
 * it, and DMARC did not fail. Local mail (another agent of this service) never does: a mailbox of
 * this service cannot bounce.
 */
export function reportAuthenticated(auth: StoredAuth): boolean {
  if (auth.verdict === 'local' || auth.dmarc === 'fail') return false;
  return auth.spf === 'pass' || auth.dkim === 'pass' || auth.dmarc === 'pass';
}

/**
 * Stores inbound mail: parses it once, writes the raw source once and one row per recipient mailbox
 * (within each mailbox's quota), records suppressions for authentic bounces and complaints, and
 * NOTIFYs waiters — all in one transaction, so a message is either fully committed (and only then
 * acknowledged with 250) or not at all.
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

  /** The first mailbox among `mailboxes` already at or over its quota, if any (checked at RCPT). */
  async fullMailbox(mailboxes: MailboxRef[]): Promise<MailboxRef | undefined> {
    const quota = this.config.inboxMailboxQuotaBytes;
    if (quota === 0 || mailboxes.length === 0) return undefined;
    const rows = (await this.dataSource.query(MAILBOX_BYTES_SQL, [mailboxes.map((m) => m.agentId)])) as MailboxUsageRow[];
    const full = rows.find((r) => Number(r.used) >= quota);
    return full ? mailboxes.find((m) => m.agentId === full.agent_id) : undefined;
  }

  /**
   * @param rawId an existing raw source the rows point to (the outbound copy's, for local delivery)
   * @throws MailboxFullError (nothing stored)
   */
  async store(
    raw: Buffer,
    parsed: ParsedMessage,
    recipients: MailboxRef[],
    given: InboundEnvelope,
    options: { rawId?: string } = {},
  ): Promise<string[]> {
    // The envelope comes from the SMTP dialog: the same storable text as the parsed message, bounded to its column.
    const envelope = storedValue({ ...given, envelopeFrom: given.envelopeFrom?.slice(0, 320) ?? null });
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
      options.rawId ? null : raw,
      expiresAt,
      options.rawId ?? null,
    ];
    const quota = this.config.inboxMailboxQuotaBytes;
    const report = parsed.report;
    // Without a quota or a report this is one statement (one round trip).
    const rows =
      quota === 0 && !report
        ? ((await this.dataSource.query(INSERT_INBOUND_SQL, params)) as InsertedInboundRow[])
        : await this.dataSource.transaction(async (tx) => {
            if (quota > 0) await this.checkQuota(tx, recipients, raw.length, quota);
            const stored = (await tx.query(INSERT_INBOUND_SQL, params)) as InsertedInboundRow[];
            if (report) await this.applyReport(tx, report, stored, envelope.auth);
            return stored;
          });
    this.logger.debug(`Stored ${rows.length} message(s) of ${raw.length} bytes`);
    return rows.map((r) => r.id);
  }

  /** Parses and stores in one go (local deliveries). */
  async ingest(raw: Buffer, recipients: MailboxRef[], envelope: InboundEnvelope): Promise<string[]> {
    return this.store(raw, await this.parse(raw), recipients, envelope);
  }

  private async checkQuota(tx: EntityManager, recipients: MailboxRef[], size: number, quota: number): Promise<void> {
    const ids = recipients.map((m) => m.agentId);
    await tx.query(LOCK_MAILBOXES_SQL, [ids]);
    const usage = (await tx.query(MAILBOX_BYTES_SQL, [ids])) as MailboxUsageRow[];
    for (const row of usage) {
      if (Number(row.used) + size <= quota) continue;
      const mailbox = recipients.find((m) => m.agentId === row.agent_id);
      throw new MailboxFullError(mailbox?.address ?? row.agent_id, quota, size > quota);
    }
  }

  /**
   * A bounce or complaint suppresses an address for a mailbox only when it is authenticated and
   * names (by Message-ID) a message that mailbox really sent to that address. Anything else is kept
   * as ordinary mail, and the refusal is audited.
   */
  private async applyReport(tx: EntityManager, report: ReportVerdict, stored: InsertedInboundRow[], auth: StoredAuth): Promise<void> {
    const authenticated = reportAuthenticated(auth);
    for (const row of stored) {
      for (const address of report.addresses) {
        let refusal: ReportRefusal | undefined;
        if (!authenticated) refusal = 'not_authenticated';
        else if (report.references.length === 0) refusal = 'no_matching_sent_message';
        else {
          const sent = (await tx.query(SENT_TO_SQL, [row.agent_id, report.references, address])) as Array<{ id: string }>;
          if (sent.length === 0) refusal = 'no_matching_sent_message';
        }
        if (refusal) {
          await tx.getRepository(InboxAuditEntity).save({
            actor: 'system',
            action: `ignore_${report.kind}`,
            agentId: row.agent_id,
            detail: { address, message_id: row.id, reason: refusal, auth },
          });
          continue;
        }
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
            detail: { address, message_id: row.id, auth },
          });
        }
      }
    }
  }
}
