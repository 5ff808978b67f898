import { Module } from '@nestjs/common';

/** Will own .agent name pre-registrations, certificates, the lookup API, certificate pages and badges. */
@Module({})
export class DmvModule {}
