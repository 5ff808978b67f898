import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { In, Repository } from 'typeorm';
import { stripHeaderBreaks } from '../../common/mail/mail.service.js';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { isEmailAddress } from '../../common/validation/email-address.js';
import { AppConfig } from '../../config/app-config.js';
import { storedText } from '../domain/stored-text.js';
import { viewerUrl } from '../../common/mail/mail-viewer.types.js';
import { MessageEntity } from '../entities/message.entity.js';
import { ADD_USED_BYTES_SQL } from '../queries/mailbox.queries.js';
import { INSERT_RAW_SQL } from '../queries/message.queries.js';
import { SuppressionEntity } from '../entities/suppression.entity.js';
import { inboxErrors } from '../inbox.errors.js';
import type { SendInput, SendResultView } from '../inbox.types.js';
import { OutboundTransport, RelayError } from '../smtp/outbound-transport.js';
import { MailIngest, MailboxFullError } from './mail-ingest.js';
import { Mailboxes, type MailboxRef } from './mailboxes.js';
import { parseMessage } from './message-parser.js';

export const MAX_RECIPIENTS = 10;
const MAX_SUBJECT = 300;

/**
 * inbox_send: From is always the agent's own mailbox; recipients are validated, suppressed ones
 * refused, headers stripped of CR/LF, the size bounded; then per-agent and per-owner budgets are
 * spent, local recipients get the mail in their mailbox, the rest goes through SMTP_RELAY_URL (or
 * is held when there is none), and a copy is recorded outbound.
 */
@Injectable()
export class OutboundMail {
  private readonly logger = new Logger('InboxSend');
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(
    private readonly config: AppConfig,
    private readonly mailboxes: Mailboxes,
    private readonly ingest: MailIngest,
    private readonly relay: OutboundTransport,
    private readonly rateLimits: RateLimitService,
    @InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>,
    @InjectRepository(SuppressionEntity) private readonly suppressions: Repository<SuppressionEntity>,
  ) {
    rateLimits.define({ name: 'inbox_send_agent', ...config.rateLimitInboxSendAgent, exposeRemaining: true });
    rateLimits.define({ name: 'inbox_send_owner', ...config.rateLimitInboxSendOwner, exposeRemaining: false });
  }

  /**
   * @throws validation_failed (recipients, size), recipient_suppressed, rate_limited (429),
   *   send_failed (retryable: nothing was sent), internal_error (side_effects.email_sent true or "unknown")
   */
  async send(mailbox: MailboxRef, input: SendInput): Promise<SendResultView> {
    const to = this.recipients(Array.isArray(input.to) ? input.to : [input.to]);
    const cc = this.recipients(input.cc ?? []);
    const all = [...new Set([...to, ...cc])];
    if (all.length === 0) throw inboxErrors.invalidRecipient('(none)', 'is missing: give at least one recipient');
    if (all.length > MAX_RECIPIENTS) {
      throw inboxErrors.invalidRecipient(all[MAX_RECIPIENTS], `is one too many: at most ${MAX_RECIPIENTS} recipients`);
    }
    const suppressed = await this.suppressions.findOne({ where: { agentId: mailbox.agentId, address: In(all) } });
    if (suppressed) throw inboxErrors.suppressed(suppressed.address, suppressed.reason);

    const local: MailboxRef[] = [];
    const external: string[] = [];
    for (const address of all) {
      if (!this.mailboxes.isLocal(address)) {
        external.push(address);
        continue;
      }
      const found = await this.mailboxes.lookupLocal(address);
      if (!found.ok) throw inboxErrors.invalidRecipient(address, 'is not a mailbox of this service');
      local.push(found.mailbox);
    }

    const messageId = `<${randomBytes(12).toString('hex')}@${this.config.mailDomain}>`;
    const subject = storedText(stripHeaderBreaks(input.subject)).slice(0, MAX_SUBJECT);
    const inReplyTo = input.in_reply_to ? stripHeaderBreaks(input.in_reply_to).slice(0, 500) : undefined;
    const built = (await this.composer.sendMail({
      from: mailbox.address,
      to,
      cc,
      subject,
      text: input.text,
      html: input.html,
      messageId,
      inReplyTo,
      references: inReplyTo,
      date: new Date(),
      disableFileAccess: true,
      disableUrlAccess: true,
    })) as { message: Buffer };
    const raw = built.message;
    if (raw.length > this.config.inboxMaxMessageBytes) throw inboxErrors.tooLarge(this.config.inboxMaxMessageBytes);

    for (const [policy, key] of [
      ['inbox_send_agent', mailbox.agentId],
      ['inbox_send_owner', mailbox.ownerId],
    ] as const) {
      const outcome = await this.rateLimits.consume(policy, key, all.length);
      if (!outcome.allowed) throw this.rateLimits.refusal(outcome);
    }

    const parsed = await parseMessage(raw);
    // The outbound copy first: if it cannot be written, nothing has been sent yet.
    let copy: MessageEntity;
    try {
      // The raw source is stored once; local recipients' rows point to the same one.
      copy = await this.messages.manager.transaction(async (tx) => {
        const [source] = (await tx.query(INSERT_RAW_SQL, [raw, raw.length])) as Array<{ id: string }>;
        // The copy counts towards the mailbox's usage (never refused for it: the agent chose to send).
        await tx.query(ADD_USED_BYTES_SQL, [mailbox.agentId, raw.length]);
        const messages = tx.getRepository(MessageEntity);
        return messages.save(
          messages.create({
            agentId: mailbox.agentId,
            direction: 'outbound',
            status: 'sending',
            fromAddress: mailbox.address,
            fromName: null,
            toAddresses: to,
            ccAddresses: cc,
            envelopeFrom: mailbox.address,
            subject,
            messageId,
            sentAt: new Date(),
            textBody: parsed.text,
            textTruncated: parsed.textTruncated,
            headers: parsed.headers,
            auth: null,
            otpCode: null,
            otp: null,
            links: parsed.links,
            attachments: [],
            sizeBytes: raw.length,
            remoteIp: null,
            deliveryNote: null,
            rawId: source.id,
            expiresAt: new Date(Date.now() + this.config.inboxRetentionDays * 86_400_000),
          }),
        );
      });
    } catch {
      throw inboxErrors.sendFailed('the outbound copy could not be recorded');
    }

    let rejected: string[] = [];
    let status: SendResultView['status'] = 'delivered';
    let note = 'delivered locally';
    let emailSent = false;
    try {
      if (local.length) {
        await this.ingest.store(
          raw,
          parsed,
          local,
          { envelopeFrom: mailbox.address, remoteIp: null, auth: { spf: 'none', dkim: 'none', dmarc: 'none', verdict: 'local' } },
          { rawId: copy.rawId ?? undefined },
        );
        emailSent = true;
      }
      if (external.length && this.relay.configured) {
        const answer = await this.relay.send({ from: mailbox.address, to: external }, raw);
        rejected = answer.rejected;
        emailSent = emailSent || answer.accepted.length > 0;
        status = 'sent';
        note = answer.response;
      } else if (external.length) {
        status = local.length ? 'delivered' : 'held';
        note = `held: no SMTP relay configured (${external.length} external recipient(s))`;
      }
    } catch (error) {
      const failedStatus = error instanceof RelayError && error.emailSent === false && !emailSent ? 'failed' : 'sent';
      await this.messages
        .update(copy.id, { status: failedStatus, deliveryNote: String((error as Error).message).slice(0, 500) })
        .catch(() => undefined);
      if (error instanceof RelayError) {
        if (error.emailSent === false && !emailSent) throw inboxErrors.sendFailed(`the relay refused it (${error.message})`);
        throw inboxErrors.sendUncertain(emailSent ? true : 'unknown', `the relay connection failed (${error.message})`);
      }
      if (emailSent) throw inboxErrors.sendUncertain(true, 'delivery to a local mailbox failed after other recipients got it');
      if (error instanceof MailboxFullError) throw inboxErrors.sendFailed(error.message);
      throw inboxErrors.sendFailed('local delivery failed');
    }
    try {
      await this.messages.update(copy.id, { status, deliveryNote: note.slice(0, 500) });
    } catch {
      throw inboxErrors.sendUncertain(emailSent, 'the outbound copy could not be updated');
    }
    const viewer = status === 'held' && this.config.mailViewer ? `: read it at ${viewerUrl(this.config, copy.id)}` : '';
    this.logger.log(`Mailbox ${mailbox.handle} sent ${copy.id} to ${all.length} recipient(s): ${status}${viewer}`);
    return {
      id: copy.id,
      status,
      from: mailbox.address,
      to: all,
      rejected,
      message_id: messageId,
      side_effects: { email_sent: emailSent, recorded_outbound: true, ...(status === 'held' ? { held: true } : {}) },
    };
  }

  private recipients(list: string[]): string[] {
    return list.map((value) => {
      const address = stripHeaderBreaks(String(value)).toLowerCase();
      if (!isEmailAddress(address)) {
        throw inboxErrors.invalidRecipient(stripHeaderBreaks(String(value)).slice(0, 100), 'is not a valid email address');
      }
      return address;
    });
  }
}
