import { Module } from '@nestjs/common';

/** Will own a real mailbox per agent: inbound SMTP, outbound mail, one-time-code detection, wait-for-email. */
@Module({})
export class InboxModule {}
