import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity/identity.module.js';
import { BearerAuthModule } from '../common/auth/bearer-auth.module.js';
import { InboxAdminController } from './controllers/inbox-admin.controller.js';
import { InboxController } from './controllers/inbox.controller.js';
import { InboxAuditEntity } from './entities/inbox-audit.entity.js';
import { MailboxEntity } from './entities/mailbox.entity.js';
import { MessageEntity } from './entities/message.entity.js';
import { RawMessageEntity } from './entities/raw-message.entity.js';
import { SuppressionEntity } from './entities/suppression.entity.js';
import { InboxAdmin } from './services/inbox-admin.js';
import { InboxService } from './services/inbox.service.js';
import { MailIngest } from './services/mail-ingest.js';
import { INBOX_DNS_RESOLVER, MailAuthenticator } from './services/mail-authenticator.js';
import { Mailboxes } from './services/mailboxes.js';
import { MessageReader } from './services/message-reader.js';
import { OutboundMail } from './services/outbound-mail.js';
import { RetentionSweeper } from './services/retention.js';
import { WaitHub } from './services/wait-hub.js';
import { OutboundTransport } from './smtp/outbound-transport.js';
import { SmtpListener } from './smtp/smtp-listener.js';

/** A real mailbox per agent: inbound SMTP, outbound mail, one-time-code detection, wait-for-email. */
@Module({
  imports: [
    TypeOrmModule.forFeature([MailboxEntity, MessageEntity, RawMessageEntity, SuppressionEntity, InboxAuditEntity]),
    IdentityModule,
    // The bearer guard of InboxController's @RequireScopes routes.
    BearerAuthModule,
  ],
  controllers: [InboxController, InboxAdminController],
  providers: [
    InboxService,
    Mailboxes,
    MessageReader,
    OutboundMail,
    MailIngest,
    InboxAdmin,
    MailAuthenticator,
    // null = the system resolver; tests override it with a static zone.
    { provide: INBOX_DNS_RESOLVER, useValue: null },
    WaitHub,
    RetentionSweeper,
    OutboundTransport,
    SmtpListener,
  ],
  exports: [InboxService],
})
export class InboxModule {}
