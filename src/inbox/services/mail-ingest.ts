import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { storedValue } from '../domain/stored-text.js';
import type { ReportVerdict } from '../domain/reports.js';
import { InboxAuditEntity } from '../entities/inbox-audit.entity.js';
import type { StoredAuth } from '../entities/message.entity.js';
import { LOCK_MAILBOX_ROWS_SQL, MAILBOX_USED_SQL, type MailboxUsedRow } from '../queries/mailbox.queries.js';
import { INSERT_INBOUND_SQL, SENT_TO_SQL, type InsertedInboundRow } from '../queries/message.queries.js';
import { INSERT_SUPPRESSION_IF_ABSENT_SQL, type InsertedSuppressionRow } from '../queries/suppression.queries.js';
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
export class MailIngest {
  private readonly logger = new Logger('InboxIngest');

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  parse(raw: Buffer): Promise<ParsedMessage> {
    return parseMessage(raw);
  }

  /** The first of `mailboxes` (as lookupLocal returned them) already at its quota, if any (checked at RCPT). */
  fullMailbox(mailboxes: MailboxRef[]): MailboxRef | undefined {
    const quota = this.config.inboxMailboxQuotaBytes;
    if (quota === 0) return undefined;
    return mailboxes.find((m) => (m.usedBytes ?? 0) >= quota);
  }

  /**
   * @param rawId an existing raw source the rows point to (the outbound copy's, for local delivery)
   * @throws MailboxFullError (nothing stored)
   */
  async store(
    raw: Buffer,
    parsed: ParsedMessage,
    given: MailboxRef[],
    received: InboundEnvelope,
    options: { rawId?: string } = {},
  ): Promise<string[]> {
    // One row per mailbox (handle and handle+tag are one mailbox).
    const recipients = given.filter((m, i) => given.findIndex((o) => o.agentId === m.agentId) === i);
    // The envelope comes from the SMTP dialog: the same storable text as the parsed message, bounded to its column.
    const envelope = storedValue({ ...received, envelopeFrom: received.envelopeFrom?.slice(0, 320) ?? null });
    const expiresAt = new Date(Date.now() + this.config.inboxRetentionDays * 86_400_000);
    const quota = this.config.inboxMailboxQuotaBytes;
    const ids = recipients.map((m) => m.agentId);
    const params = [
      ids,
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
      quota,
    ];
    const report = parsed.report;
    let rows: InsertedInboundRow[];
    if (recipients.length === 1 && !report) {
      // The common case: one statement, one round trip; refused, it changed nothing.
      rows = (await this.dataSource.query(INSERT_INBOUND_SQL, params)) as InsertedInboundRow[];
      if (rows.length === 0) await this.refuse(this.dataSource.manager, recipients, raw.length, quota);
    } else {
      const notAdmitted = new Error('not admitted');
      rows = await this.dataSource
        .transaction(async (tx) => {
          if (recipients.length > 1) await tx.query(LOCK_MAILBOX_ROWS_SQL, [ids]);
          const stored = (await tx.query(INSERT_INBOUND_SQL, params)) as InsertedInboundRow[];
          // Some mailbox was not admitted: the others' counters were raised; the rollback undoes it.
          if (stored.length < recipients.length) throw notAdmitted;
          if (report) await this.applyReport(tx, report, stored, envelope.auth);
          return stored;
        })
        .catch(async (error: unknown) => {
          // Rolled back: the counters are as they were, so the one that is full can be named.
          if (error === notAdmitted) await this.refuse(this.dataSource.manager, recipients, raw.length, quota);
          throw error;
        });
    }
    this.logger.debug(`Stored ${rows.length} message(s) of ${raw.length} bytes`);
    return rows.map((r) => r.id);
  }

  /** Parses and stores in one go (local deliveries). */
  async ingest(raw: Buffer, recipients: MailboxRef[], envelope: InboundEnvelope): Promise<string[]> {
    return this.store(raw, await this.parse(raw), recipients, envelope);
  }

  /** Why the storing statement admitted fewer mailboxes than it was given; always throws. */
  private async refuse(db: EntityManager, recipients: MailboxRef[], size: number, quota: number): Promise<never> {
    const rows = (await db.query(MAILBOX_USED_SQL, [recipients.map((m) => m.agentId)])) as MailboxUsedRow[];
    const full = rows.find((r) => quota > 0 && Number(r.used_bytes) + size > quota);
    if (full) {
      const mailbox = recipients.find((m) => m.agentId === full.agent_id);
      throw new MailboxFullError(mailbox?.address ?? full.agent_id, quota, size > quota);
    }
    // A mailbox row that does not exist (lookupLocal creates them): a fault of the caller, not of the message.
    throw new Error(`no mailbox row for ${recipients.length - rows.length} of ${recipients.length} recipient(s)`);
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
        const inserted = (await tx.query(INSERT_SUPPRESSION_IF_ABSENT_SQL, [
          row.agent_id,
          address,
          report.kind,
          row.id,
        ])) as InsertedSuppressionRow[];
        if (inserted.length > 0) {
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
