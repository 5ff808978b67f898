import { Module } from '@nestjs/common';

/** Will own agent identities and the signed identity assertions agents use to sign up to third-party services. */
@Module({})
export class IdentityModule {}
