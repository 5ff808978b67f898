import { Module } from '@nestjs/common';
import { ACCESS_VERIFIER, BearerGuard } from '../common/auth/bearer.guard.js';
import { AccessPolicy } from './services/access-policy.js';
import { OauthAccessVerifier } from './services/access-verifier.js';

/**
 * The broker's access gate on its own, for the features whose REST routes use @RequireScopes
 * (identity, inbox): the BearerGuard and the ACCESS_VERIFIER it needs, backed by the one access
 * policy. It reads the access statement only (DataSource and config), so importing it pulls in
 * nothing else of oauth — in particular not OauthModule, which imports identity (no cycle, no
 * forwardRef).
 */
@Module({
  providers: [AccessPolicy, { provide: ACCESS_VERIFIER, useClass: OauthAccessVerifier }, BearerGuard],
  // The guard and its verifier for @RequireScopes routes; AccessPolicy for OauthModule's facade
  // (the /broker/mcp gate decides with the same instance).
  exports: [ACCESS_VERIFIER, BearerGuard, AccessPolicy],
})
export class OauthAccessModule {}
