import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { counterVerdict, deviceTypeVerdict, type RelyingParty } from './passkey-rules.js';

let webauthn: Promise<typeof import('@simplewebauthn/server')> | undefined;

/**
 * @simplewebauthn/server, imported at the first passkey ceremony rather than at boot: with its ASN.1
 * and X.509 stack it costs ~17 MB of heap that an instance nobody signs in to with a passkey never needs.
 */
export function loadWebAuthn(): Promise<typeof import('@simplewebauthn/server')> {
  return (webauthn ??= import('@simplewebauthn/server'));
}

// The server's checks of the two WebAuthn ceremonies around @simplewebauthn/server, with our rules
// on top: user verification required, exactly one origin and RP ID, the counter and backup-flag
// checks after the signature is verified. Pure (no database); unit-tested in passkey-ceremonies.spec.ts.

export type PasskeyRefusalReason =
  | 'malformed'
  | 'type'
  | 'challenge'
  | 'origin'
  | 'rp_id'
  | 'user_presence'
  | 'user_verification'
  | 'signature'
  | 'cloned'
  | 'flags_changed';

/** A ceremony answer the server refuses, with why (recorded in the audit) and what a person reads. */
export class PasskeyRefusal extends Error {
  constructor(
    readonly reason: PasskeyRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'PasskeyRefusal';
  }
}

const B64URL = /^[A-Za-z0-9_-]+$/;
/** A browser's answer is a few hundred bytes to a few KB; anything far larger is not one. */
export const MAX_RESPONSE_CHARS = 16_384;

function isB64(value: unknown, max = MAX_RESPONSE_CHARS): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max && B64URL.test(value);
}

/** The answer of navigator.credentials.create()/get() as JSON text → a checked object, or a refusal. */
function parseResponse(text: unknown, kind: 'create' | 'get'): Record<string, unknown> & { response: Record<string, unknown> } {
  const malformed = () => new PasskeyRefusal('malformed', 'The browser sent no usable passkey answer. Try again.');
  if (typeof text !== 'string' || text.length > MAX_RESPONSE_CHARS) throw malformed();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw malformed();
  }
  if (!parsed || typeof parsed !== 'object') throw malformed();
  const r = parsed as Record<string, unknown>;
  const inner = r.response as Record<string, unknown> | undefined;
  if (!isB64(r.id, 1400) || r.rawId !== r.id || r.type !== 'public-key' || !inner || typeof inner !== 'object') throw malformed();
  if (!isB64(inner.clientDataJSON)) throw malformed();
  if (kind === 'create' && !isB64(inner.attestationObject)) throw malformed();
  if (kind === 'get' && (!isB64(inner.authenticatorData) || !isB64(inner.signature))) throw malformed();
  if (kind === 'get' && inner.userHandle !== undefined && inner.userHandle !== null && !isB64(inner.userHandle, 200)) throw malformed();
  if (typeof r.clientExtensionResults !== 'object' || r.clientExtensionResults === null) r.clientExtensionResults = {};
  return r as Record<string, unknown> & { response: Record<string, unknown> };
}

/** The parts of clientDataJSON the server looks at before anything else. */
function clientData(response: { response: Record<string, unknown> }): { type: string; challenge: string; origin: string } {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON as string, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    if (typeof data.type === 'string' && typeof data.challenge === 'string' && typeof data.origin === 'string') {
      return { type: data.type, challenge: data.challenge, origin: data.origin };
    }
  } catch {
    // falls through to the refusal
  }
  throw new PasskeyRefusal('malformed', 'The browser sent no usable passkey answer. Try again.');
}

/** The challenge an answer claims to answer (to find the stored one), after the shape checks. */
export function answeredChallenge(text: unknown, kind: 'create' | 'get'): { challenge: string; credentialId: string; userHandle?: string } {
  const response = parseResponse(text, kind);
  const handle = response.response.userHandle;
  return {
    challenge: clientData(response).challenge,
    credentialId: response.id as string,
    userHandle: typeof handle === 'string' && handle ? handle : undefined,
  };
}

/** Our own checks of clientDataJSON, so each refusal names its reason precisely. */
function checkClientData(response: { response: Record<string, unknown> }, type: string, expectedChallenge: string, rp: RelyingParty): void {
  const data = clientData(response);
  if (data.type !== type) throw new PasskeyRefusal('type', 'The browser answered a different kind of passkey request.');
  if (data.challenge !== expectedChallenge) throw new PasskeyRefusal('challenge', 'This passkey answer is for another request.');
  if (data.origin !== rp.origin) {
    throw new PasskeyRefusal('origin', `This passkey answer comes from another site (${data.origin.slice(0, 100)}).`);
  }
}

/** The library's errors, as reasons (its messages are English sentences; the order matters). */
function libraryRefusal(error: unknown): PasskeyRefusal {
  const message = error instanceof Error ? error.message : '';
  if (/RP ID/i.test(message)) return new PasskeyRefusal('rp_id', 'This passkey belongs to another site.');
  if (/User verification/i.test(message)) {
    return new PasskeyRefusal('user_verification', 'The passkey did not verify you (fingerprint, face or PIN). Try again.');
  }
  if (/not present/i.test(message)) return new PasskeyRefusal('user_presence', 'The passkey was not confirmed in person. Try again.');
  if (/origin/i.test(message)) return new PasskeyRefusal('origin', 'This passkey answer comes from another site.');
  return new PasskeyRefusal('malformed', 'The passkey answer could not be verified. Try again.');
}

export interface NewPasskey {
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  aaguid: string;
}

/** Registration (navigator.credentials.create): attestation none, user verification required. */
export async function verifyRegistration(text: unknown, expectedChallenge: string, rp: RelyingParty): Promise<NewPasskey> {
  const response = parseResponse(text, 'create');
  checkClientData(response, 'webauthn.create', expectedChallenge, rp);
  const { verifyRegistrationResponse } = await loadWebAuthn();
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    throw libraryRefusal(error);
  }
  if (!result.verified) throw new PasskeyRefusal('signature', 'The passkey answer could not be verified. Try again.');
  const info = result.registrationInfo;
  const transports = Array.isArray(response.response.transports)
    ? (response.response.transports as unknown[]).filter((t): t is string => typeof t === 'string' && /^[a-z-]{1,20}$/.test(t)).slice(0, 8)
    : [];
  return {
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey),
    counter: info.credential.counter,
    transports,
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    aaguid: info.aaguid,
  };
}

export interface StoredPasskey {
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  deviceType: string;
}

export interface PasskeyUse {
  counter: number;
  backedUp: boolean;
}

/**
 * Authentication (navigator.credentials.get): user verification required, then the signature,
 * then the counter (a counter that does not go up on a counter-keeping authenticator = a clone)
 * and the backup eligibility (fixed for a credential's life).
 */
export async function verifyAssertion(
  text: unknown,
  expectedChallenge: string,
  rp: RelyingParty,
  stored: StoredPasskey,
): Promise<PasskeyUse> {
  const response = parseResponse(text, 'get');
  checkClientData(response, 'webauthn.get', expectedChallenge, rp);
  if (response.id !== stored.credentialId) throw new PasskeyRefusal('malformed', 'The passkey answer names another passkey.');
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // The counter is checked below, once the signature is known to be good: an unsigned answer
      // must not be able to mark someone's passkey as cloned.
      credential: { id: stored.credentialId, publicKey: new Uint8Array(stored.publicKey), counter: 0 },
      requireUserVerification: true,
    });
  } catch (error) {
    throw libraryRefusal(error);
  }
  if (!result.verified) throw new PasskeyRefusal('signature', 'The passkey signature is not valid.');
  const info = result.authenticationInfo;
  if (!info.userVerified) {
    throw new PasskeyRefusal('user_verification', 'The passkey did not verify you (fingerprint, face or PIN). Try again.');
  }
  if (counterVerdict(stored.counter, info.newCounter) === 'cloned') {
    throw new PasskeyRefusal(
      'cloned',
      'This passkey looks copied (its counter went backwards), so it was blocked. Sign in by email and remove it.',
    );
  }
  if (deviceTypeVerdict(stored.deviceType, info.credentialDeviceType) === 'changed') {
    throw new PasskeyRefusal('flags_changed', 'This passkey answered with different backup flags than when it was added.');
  }
  return { counter: info.newCounter, backedUp: info.credentialBackedUp };
}
