import { Injectable } from '@nestjs/common';
import { SignJWT } from 'jose';
import { createHash, randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/app-config.js';
import { SigningKeys } from './signing-keys.js';
import type { AssertionClaims } from '../identity.types.js';

export const ASSERTION_TYP = 'agent-assertion+jwt';

export interface MintedAssertion {
  jwt: string;
  jti: string;
  kid: string;
  typ: string;
  sha256: string;
  issuedAt: Date;
  expiresAt: Date;
  claims: AssertionClaims;
}

function safeOrigin(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** Mints the broker's identity assertions (ES256, typ agent-assertion+jwt, kid published in the JWKS). */
@Injectable()
export class AssertionMinter {
  constructor(
    private readonly config: AppConfig,
    private readonly keys: SigningKeys,
  ) {}

  get issuer(): string {
    return this.config.publicBaseUrl;
  }

  get jwksUri(): string {
    return `${this.config.publicBaseUrl}/.well-known/jwks.json`;
  }

  async mint(input: {
    agentId: string;
    agentEmail: string;
    audience: string;
    scopes: string[];
    tos: { version: string; sha256: string };
  }): Promise<MintedAssertion> {
    // The audience is a relying party's origin (scheme, host, port), never a path or another value a
    // discovery document chose: an assertion must not be replayable at any other service.
    if (safeOrigin(input.audience) !== input.audience) throw new Error('An assertion audience must be an origin');
    const key = await this.keys.signingKey();
    const iat = Math.floor(Date.now() / 1000);
    const claims: AssertionClaims = {
      iss: this.issuer,
      sub: input.agentId,
      aud: input.audience,
      jti: randomUUID(),
      iat,
      exp: iat + this.config.brokerAssertionTtlSeconds,
      agent_email: input.agentEmail,
      owner_verified: true,
      scope: input.scopes.join(' '),
      tos: input.tos,
    };
    const jwt = await new SignJWT({ ...claims }).setProtectedHeader({ alg: key.alg, kid: key.kid, typ: ASSERTION_TYP }).sign(key.key);
    return {
      jwt,
      jti: claims.jti,
      kid: key.kid,
      typ: ASSERTION_TYP,
      sha256: sha256Hex(jwt),
      issuedAt: new Date(iat * 1000),
      expiresAt: new Date(claims.exp * 1000),
      claims,
    };
  }
}
