import { Module, type OnModuleInit } from '@nestjs/common';
import { AccessVerifierSlot, BearerAuthModule } from '../common/auth/bearer-auth.module.js';
import { OauthAccessVerifier } from './services/access-verifier.js';
import { AccessPolicy } from './services/access-policy.js';
import { AccountController } from './controllers/account.controller.js';
import { AuthorizeController } from './controllers/authorize.controller.js';
import { OauthMetadataController } from './controllers/metadata.controller.js';
import { OauthAdminController } from './controllers/oauth-admin.controller.js';
import { SessionResolver } from './controllers/session-resolver.js';
import { SigninBrowser } from './controllers/signin-browser.js';
import { SigninController } from './controllers/signin.controller.js';
import { PasskeysController } from './controllers/passkeys.controller.js';
import { PasskeyChallenges } from './services/passkey-challenges.js';
import { Passkeys } from './services/passkeys.js';
import { OauthTokenController } from './controllers/token.controller.js';
import { Accounts } from './services/account.js';
import { Authorizations } from './services/authorization.js';
import { ConsentDecision } from './services/consent-decision.js';
import { CimdFetcher } from './services/cimd-fetcher.js';
import { Clients } from './services/clients.js';
import { OauthAdmin } from './services/oauth-admin.js';
import { OauthCleanup } from './services/oauth-cleanup.js';
import { OwnerAuth } from './services/owner-auth.js';
import { Tokens } from './services/tokens.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity/identity.module.js';
import { AuthorizationRequestEntity } from './entities/authorization-request.entity.js';
import { BrokerAuditEntity } from './entities/broker-audit.entity.js';
import { ClientEntity } from './entities/client.entity.js';
import { DelegationAgreementEntity } from './entities/delegation-agreement.entity.js';
import { DelegationSignatureEntity } from './entities/delegation-signature.entity.js';
import { GrantEntity } from './entities/grant.entity.js';
import { OwnerEntity } from './entities/owner.entity.js';
import { PasskeyChallengeEntity } from './entities/passkey-challenge.entity.js';
import { PasskeyCredentialEntity } from './entities/passkey-credential.entity.js';
import { SessionEntity } from './entities/session.entity.js';
import { SigninChallengeEntity } from './entities/signin-challenge.entity.js';
import { TokenEntity } from './entities/token.entity.js';
import { GateCache } from './services/gate-cache.js';
import { BrokerAudit } from './services/broker-audit.js';
import { Delegation } from './services/delegation.js';
import { OauthService } from './services/oauth.service.js';
import { OwnerSessions } from './services/owner-sessions.js';
import { AccountActivity } from './services/account-activity.js';
import { OwnerEmailChange } from './services/owner-email-change.js';
import { SigninContext } from './services/signin-context.js';

/**
 * The OAuth 2.1 authorization server: owners and sign-in, consent, the delegation agreement, mca_
 * tokens. Exports its facade only. Features whose REST routes use @RequireScopes import
 * BearerAuthModule (common); this module puts its access verifier there when it starts.
 */
@Module({
  imports: [
    IdentityModule,
    BearerAuthModule,
    TypeOrmModule.forFeature([
      OwnerEntity,
      SigninChallengeEntity,
      SessionEntity,
      ClientEntity,
      AuthorizationRequestEntity,
      GrantEntity,
      TokenEntity,
      DelegationAgreementEntity,
      DelegationSignatureEntity,
      BrokerAuditEntity,
      PasskeyCredentialEntity,
      PasskeyChallengeEntity,
    ]),
  ],
  controllers: [
    OauthMetadataController,
    OauthTokenController,
    AuthorizeController,
    SigninController,
    AccountController,
    OauthAdminController,
    PasskeysController,
  ],
  providers: [
    OauthService,
    Accounts,
    Authorizations,
    ConsentDecision,
    CimdFetcher,
    Clients,
    OauthAdmin,
    OauthCleanup,
    OwnerAuth,
    Tokens,
    SessionResolver,
    SigninBrowser,
    SigninContext,
    OwnerSessions,
    AccountActivity,
    OwnerEmailChange,
    GateCache,
    BrokerAudit,
    Delegation,
    AccessPolicy,
    OauthAccessVerifier,
    Passkeys,
    PasskeyChallenges,
  ],
  exports: [OauthService],
})
export class OauthModule implements OnModuleInit {
  constructor(
    private readonly slot: AccessVerifierSlot,
    private readonly verifier: OauthAccessVerifier,
  ) {}

  /** The bearer guard of every feature decides with this module's access policy. */
  onModuleInit(): void {
    this.slot.provide(this.verifier);
  }
}
