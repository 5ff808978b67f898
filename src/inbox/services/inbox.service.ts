import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { AgentPrincipal } from '../../common/auth/principals.js';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { MailService } from '../../common/mail/mail.service.js';
import type {
  ListMessagesInput,
  MessageListView,
  MessageView,
  ReadMessageInput,
  SendInput,
  SendResultView,
  WaitInput,
  WaitResultView,
} from '../inbox.types.js';
import { InboxAdmin, type MailboxUsageView } from './inbox-admin.js';
import { MailIngest } from './mail-ingest.js';
import { Mailboxes } from './mailboxes.js';
import { MessageReader } from './message-reader.js';
import { OutboundMail } from './outbound-mail.js';

/**
 * The inbox's public facade: a real mailbox per agent sub-identity. Agents list, read, wait for
 * and send mail (the four broker tools and the REST mirror call the same methods); operators see
 * usage, held and suppressed addresses and suspend mailboxes. Every agent method throws
 * agent_revoked when the agent or its mailbox is revoked or suspended.
 */
@Injectable()
export class InboxService implements OnApplicationBootstrap {
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(
    private readonly mail: MailService,
    private readonly mailboxes: Mailboxes,
    private readonly reader: MessageReader,
    private readonly outbound: OutboundMail,
    private readonly ingest: MailIngest,
    private readonly admin: InboxAdmin,
  ) {}

  /** Mail the service itself sends to `<handle>@MAIL_DOMAIN` (ledger copies, sign-in mail) lands in the mailbox. */
  onApplicationBootstrap(): void {
    // Agents' inbox_send mail held for want of a relay: readable in the local mail viewer (/dev/mail) too.
    this.mail.registerViewerSource({ list: (limit) => this.admin.viewerHeld(limit), get: (id) => this.admin.viewerHeldOne(id) });
    this.mail.registerLocalDelivery(async (mail) => {
      const found = await this.mailboxes.lookupLocal(mail.to);
      if (!found.ok) return false;
      const built = (await this.composer.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        date: new Date(),
        disableFileAccess: true,
        disableUrlAccess: true,
      })) as { message: Buffer };
      await this.ingest.ingest(built.message, [found.mailbox], {
        envelopeFrom: mail.from,
        remoteIp: null,
        auth: { spf: 'none', dkim: 'none', dmarc: 'none', verdict: 'local' },
      });
      return true;
    });
  }

  /** Newest first, cursor-paginated. @throws agent_revoked, validation_failed (cursor) */
  async list(principal: AgentPrincipal, input: ListMessagesInput): Promise<MessageListView> {
    return this.reader.list(await this.mailboxes.forPrincipal(principal), input);
  }

  /** @throws message_not_found, agent_revoked */
  async read(principal: AgentPrincipal, input: ReadMessageInput): Promise<MessageView> {
    return this.reader.read(await this.mailboxes.forPrincipal(principal), input);
  }

  /** @throws wait_timeout (retryable with the same since), agent_revoked */
  async waitForEmail(principal: AgentPrincipal, input: WaitInput): Promise<WaitResultView> {
    return this.reader.wait(await this.mailboxes.forPrincipal(principal), input);
  }

  /** Not idempotent. @throws send_failed, internal_error (see side_effects.email_sent), recipient_suppressed, validation_failed, rate_limited, agent_revoked */
  async send(principal: AgentPrincipal, input: SendInput): Promise<SendResultView> {
    return this.outbound.send(await this.mailboxes.forPrincipal(principal), input);
  }

  // ---- operators ----

  listMailboxes(limit: number, offset: number) {
    return this.admin.listMailboxes(limit, offset);
  }

  /** @throws not_found */
  mailboxUsage(handle: string): Promise<MailboxUsageView> {
    return this.admin.mailboxUsage(handle);
  }

  /** Suspends or restores a mailbox (audited). @throws not_found */
  setMailboxStatus(operator: OperatorPrincipal, handle: string, suspend: boolean, reason: string | null): Promise<MailboxUsageView> {
    return this.admin.setStatus(operator, handle, suspend, reason);
  }

  heldMail(limit: number, offset: number) {
    return this.admin.held(limit, offset);
  }

  suppressions(handle: string | undefined, limit: number, offset: number) {
    return this.admin.listSuppressions(handle, limit, offset);
  }

  /** @throws not_found */
  addSuppression(operator: OperatorPrincipal, handle: string, address: string) {
    return this.admin.suppress(operator, handle, address);
  }

  /** @throws not_found */
  removeSuppression(operator: OperatorPrincipal, id: string) {
    return this.admin.unsuppress(operator, id);
  }

  auditLog(handle: string | undefined, limit: number, offset: number) {
    return this.admin.auditLog(handle, limit, offset);
  }
}
