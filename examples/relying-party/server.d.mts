// Types for tests and TypeScript callers of the example relying party.
export interface RelyingPartyOptions {
  brokerIssuer: string;
  brokerJwksUri?: string;
  port?: number;
  host?: string;
  origin?: string;
  smtpUrl?: string;
  mailFrom?: string;
  name?: string;
  termsText?: string;
  termsVersion?: string;
  scopes?: string[];
  trustedBrokers?: string[];
  /** The audience the discovery document declares; default (and the only value the broker accepts): the origin. */
  audience?: string;
  attestationLevel?: string;
  attestationTtlSeconds?: number;
  withAttestation?: boolean;
}

export interface RpAccount {
  id: string;
  agent_id: string;
  email: string;
  status: 'pending_confirmation' | 'active';
  code: string;
  attempts: number;
  assertion_jti: string;
  receipt?: string;
}

export interface SignOptions {
  typ?: string;
  key?: CryptoKey;
  kid?: string;
  ttlSeconds?: number;
}

export interface RelyingParty {
  origin: string;
  authority: { issuer: string; jwks_uri: string };
  discovery(): Record<string, any>;
  accounts: Map<string, RpAccount>;
  setAttestation(jws: string | null, jti?: string | null): void;
  signAttestation(claims?: Record<string, unknown>, options?: SignOptions): Promise<string>;
  signReceipt(
    claims: {
      sub: string;
      assertion_jti: string;
      attestation_jti: string | null;
      account: string;
      iss?: string;
      aud?: string;
      jti?: string;
      /** Seconds since the epoch; default 10 minutes after iat; null leaves exp out (the broker refuses that). */
      exp?: number | null;
      iat?: number;
    },
    options?: SignOptions,
  ): Promise<string>;
  close(): Promise<void>;
}

export function startRelyingParty(options: RelyingPartyOptions): Promise<RelyingParty>;
