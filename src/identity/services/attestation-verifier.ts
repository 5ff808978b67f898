import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { DataSource, Repository } from 'typeorm';
import type { VerificationStatus } from '../entities/rp-verification.entity.js';
import { RpAttestationEntity } from '../entities/rp-attestation.entity.js';
import { STORE_ATTESTATION_SQL } from '../queries/attestation.queries.js';
import { AttestationAuthorities } from './attestation-authorities.js';

export const ATTESTATION_TYP = 'rp-attestation+jwt';
export const RP_ALGORITHMS = ['ES256', 'EdDSA', 'Ed25519'];
/** The level vocabulary an authority may assert. */
export const ATTESTATION_LEVELS = ['domain', 'organization', 'audited'];

export interface AttestationCheck {
  status: Exclude<VerificationStatus, 'untrusted_broker'>;
  issuer: string | null;
  jti: string | null;
  level: string | null;
  expiresAt: Date | null;
  reason: string | null;
  /** The stored attestation (verified ones only). */
  attestationId: string | null;
}

function claimsOf(jws: string): JWTPayload | undefined {
  try {
    return decodeJwt(jws);
  } catch {
    return undefined;
  }
}

const isPublicJwkSet = (v: unknown): v is { keys: Record<string, unknown>[] } =>
  !!v &&
  typeof v === 'object' &&
  Array.isArray((v as { keys?: unknown }).keys) &&
  (v as { keys: unknown[] }).keys.length > 0 &&
  (v as { keys: unknown[] }).keys.every(
    (k) => !!k && typeof k === 'object' && typeof (k as { kty?: unknown }).kty === 'string' && !('d' in (k as object)),
  );

/**
 * Verifies a relying party's attestation: a JWS of type rp-attestation+jwt, signed by a registered
 * authority, unexpired, about this RP, with a known level and the RP's receipt keys. A verified
 * attestation is stored for later receipt checks.
 */
@Injectable()
export class AttestationVerifier {
  constructor(
    private readonly authorities: AttestationAuthorities,
    @InjectRepository(RpAttestationEntity) private readonly attestations: Repository<RpAttestationEntity>,
    private readonly dataSource: DataSource,
  ) {}

  async check(jws: string | undefined, origin: string): Promise<AttestationCheck> {
    const none = { issuer: null, jti: null, level: null, expiresAt: null, attestationId: null };
    if (!jws) return { ...none, status: 'unverified', reason: 'the service publishes no attestation' };
    const claims = claimsOf(jws);
    const base = {
      ...none,
      issuer: typeof claims?.iss === 'string' ? claims.iss.slice(0, 500) : null,
      jti: typeof claims?.jti === 'string' ? claims.jti.slice(0, 200) : null,
      level: typeof claims?.level === 'string' ? claims.level.slice(0, 50) : null,
      expiresAt: typeof claims?.exp === 'number' ? new Date(claims.exp * 1000) : null,
    };
    const invalid = (reason: string): AttestationCheck => ({ ...base, status: 'invalid', reason });
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(jws);
    } catch {
      return invalid('the attestation is not a compact JWS');
    }
    if (!claims) return invalid('the attestation payload is not a JWT claims set');
    if (header.typ !== ATTESTATION_TYP) return invalid(`the attestation typ must be ${ATTESTATION_TYP}`);
    if (!RP_ALGORITHMS.includes(String(header.alg))) return invalid(`the attestation algorithm ${String(header.alg)} is not accepted`);
    if (!base.issuer) return invalid('the attestation has no issuer');
    const authority = await this.authorities.find(base.issuer);
    if (!authority) return { ...base, status: 'unverified', reason: `${base.issuer} is not an attestation authority this broker trusts` };

    let payload: JWTPayload;
    try {
      payload = await this.verifyWith(jws, authority, false);
    } catch (error) {
      if (error instanceof joseErrors.JWKSNoMatchingKey) {
        try {
          payload = await this.verifyWith(jws, authority, true);
        } catch (again) {
          return this.failure(again, base);
        }
      } else {
        return this.failure(error, base);
      }
    }
    if (payload.sub !== origin) return invalid(`the attestation is about ${String(payload.sub)}, not ${origin}`);
    if (typeof payload.level !== 'string' || !ATTESTATION_LEVELS.includes(payload.level)) {
      return invalid('the attestation level is not one of ' + ATTESTATION_LEVELS.join(', '));
    }
    if (!isPublicJwkSet(payload.rp_jwks)) return invalid('the attestation carries no rp_jwks (public keys)');

    await this.dataSource.query(STORE_ATTESTATION_SQL, [
      authority.issuer,
      payload.jti!.slice(0, 200),
      origin,
      payload.level,
      JSON.stringify({ keys: payload.rp_jwks.keys }),
      jws,
      new Date(payload.iat! * 1000),
      new Date(payload.exp! * 1000),
    ]);
    const stored = await this.attestations.findOneByOrFail({ issuer: authority.issuer, jti: payload.jti!.slice(0, 200) });
    return { ...base, status: 'verified', reason: null, attestationId: stored.id };
  }

  /** The stored (historical) attestation a receipt names, for this RP. */
  historical(origin: string, jti: string): Promise<RpAttestationEntity | null> {
    return this.attestations.findOne({ where: { subject: origin, jti: jti.slice(0, 200) } });
  }

  private async verifyWith(jws: string, authority: { issuer: string; jwks_uri: string }, refresh: boolean): Promise<JWTPayload> {
    let keys;
    try {
      keys = await this.authorities.jwks(authority as never, refresh);
    } catch (error) {
      throw new AuthorityUnavailable((error as Error).message);
    }
    const { payload } = await jwtVerify(jws, createLocalJWKSet(keys), {
      issuer: authority.issuer,
      typ: ATTESTATION_TYP,
      algorithms: RP_ALGORITHMS,
      requiredClaims: ['jti', 'iat', 'exp', 'sub'],
      clockTolerance: 30,
    });
    return payload;
  }

  private failure(error: unknown, base: Omit<AttestationCheck, 'status' | 'reason'>): AttestationCheck {
    if (error instanceof AuthorityUnavailable) {
      return { ...base, status: 'unavailable', reason: `the authority's keys could not be fetched: ${error.message}` };
    }
    if (error instanceof joseErrors.JWTExpired) return { ...base, status: 'expired', reason: 'the attestation has expired' };
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
      return { ...base, status: 'invalid', reason: 'the attestation signature does not verify' };
    }
    if (error instanceof joseErrors.JWKSNoMatchingKey) {
      return { ...base, status: 'invalid', reason: "no key of the authority matches the attestation's kid" };
    }
    if (error instanceof joseErrors.JOSEError) {
      return { ...base, status: 'invalid', reason: `the attestation is not valid (${error.code})` };
    }
    throw error;
  }
}

class AuthorityUnavailable extends Error {}
