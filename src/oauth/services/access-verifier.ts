import { Injectable } from '@nestjs/common';
import type { AccessVerifier } from '../../common/auth/bearer.guard.js';
import { AppConfig } from '../../config/app-config.js';
import { bearerChallenge, resourceMetadataUrl } from '../domain/challenge.js';
import { RESOURCE_SCOPES } from '../domain/scopes.js';
import { AccessPolicy } from './access-policy.js';

/** The access policy as the common bearer guard sees it (provided under ACCESS_VERIFIER by OauthAccessModule). */
@Injectable()
export class OauthAccessVerifier implements AccessVerifier {
  constructor(
    private readonly config: AppConfig,
    private readonly access: AccessPolicy,
  ) {}

  get defaultScopes(): readonly string[] {
    return RESOURCE_SCOPES;
  }

  verify(token: string | undefined) {
    return this.access.check(token);
  }

  challenge(kind: 'missing' | 'invalid_token' | 'insufficient_scope', scopes: readonly string[], description?: string): string {
    return bearerChallenge(resourceMetadataUrl(this.config.publicBaseUrl), kind, scopes, description);
  }
}
