import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BearerAuthModule } from '../common/auth/bearer-auth.module.js';
import { BrokerIdentityController } from './controllers/broker-identity.controller.js';
import { IdentityAdminController } from './controllers/identity-admin.controller.js';
import { IdentityWellKnownController } from './controllers/identity-well-known.controller.js';
import { AcceptanceEntity } from './entities/acceptance.entity.js';
import { AgentEntity } from './entities/agent.entity.js';
import { AttestationAuthorityEntity } from './entities/attestation-authority.entity.js';
import { RpAttestationEntity } from './entities/rp-attestation.entity.js';
import { RpPolicyEntity } from './entities/rp-policy.entity.js';
import { RpVerificationEntity } from './entities/rp-verification.entity.js';
import { SignupProofEntity } from './entities/signup-proof.entity.js';
import { SigningKeyEntity } from './entities/signing-key.entity.js';
import { Agents } from './services/agents.js';
import { AssertionMinter } from './services/assertion-minter.js';
import { AttestationAuthorities } from './services/attestation-authorities.js';
import { AttestationVerifier } from './services/attestation-verifier.js';
import { WhoamiCache } from './services/whoami-cache.js';
import { IdentityProfile } from './services/identity-profile.js';
import { IdentityService } from './services/identity.service.js';
import { RelyingParties } from './services/relying-parties.js';
import { RP_DNS_LOOKUP, RpFetcher } from './services/rp-fetcher.js';
import { RpPolicies } from './services/rp-policies.js';
import { SignupFlow } from './services/signup-flow.js';
import { SignupProofs } from './services/signup-proofs.js';
import { SigningKeys } from './services/signing-keys.js';

/**
 * Agent sub-identities and the identity broker's signup protocol: relying-party discovery and
 * attestations, policies, delegated acceptances, signed identity assertions (JWKS) and signup proofs.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      AgentEntity,
      SigningKeyEntity,
      AcceptanceEntity,
      RpVerificationEntity,
      RpAttestationEntity,
      AttestationAuthorityEntity,
      RpPolicyEntity,
      SignupProofEntity,
    ]),
    // The bearer guard of BrokerIdentityController's @RequireScopes routes.
    BearerAuthModule,
  ],
  controllers: [IdentityWellKnownController, BrokerIdentityController, IdentityAdminController],
  providers: [
    IdentityService,
    Agents,
    IdentityProfile,
    WhoamiCache,
    SigningKeys,
    AssertionMinter,
    RpFetcher,
    { provide: RP_DNS_LOOKUP, useValue: null },
    AttestationAuthorities,
    AttestationVerifier,
    RpPolicies,
    RelyingParties,
    SignupFlow,
    SignupProofs,
  ],
  exports: [IdentityService],
})
export class IdentityModule {}
