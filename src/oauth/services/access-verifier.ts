import { Injectable } from '@nestjs/common';
import type { AccessVerifier } from '../../common/auth/bearer.guard.js';
import { OauthService } from './oauth.service.js';

/** The access policy as the common bearer guard sees it (OauthModule puts it in BearerAuthModule's ACCESS_VERIFIER slot). */
@Injectable()
export class OauthAccessVerifier implements AccessVerifier {
  constructor(private readonly oauth: OauthService) {}

  get defaultScopes(): readonly string[] {
    return this.oauth.defaultChallengeScopes;
  }

  verify(token: string | undefined) {
    return this.oauth.authenticate(token);
  }

  challenge(kind: 'missing' | 'invalid_token' | 'insufficient_scope', scopes: readonly string[], description?: string): string {
    return this.oauth.challenge(kind, scopes, description);
  }
}
