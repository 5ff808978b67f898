import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentEntity } from './entities/agent.entity.js';
import { SigningKeyEntity } from './entities/signing-key.entity.js';
import { IdentityService } from './services/identity.service.js';

/** Agent sub-identities and the signed identity assertions agents use to sign up to third-party services. */
@Module({
  imports: [TypeOrmModule.forFeature([AgentEntity, SigningKeyEntity])],
  providers: [IdentityService],
  exports: [IdentityService],
})
export class IdentityModule {}
