// The server's checks of both WebAuthn ceremonies, on answers built by a software authenticator
// (real signatures, real CBOR): what a browser would send, and what an attacker could.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../test/support/soft-authenticator.js';
import { answeredChallenge, PasskeyRefusal, verifyAssertion, verifyRegistration, type StoredPasskey } from './passkey-ceremonies.js';
import { relyingPartyFor } from './passkey-rules.js';

const rp = relyingPartyFor('https://agentry.example')!;
const challenge = () => randomBytes(32).toString('base64url');
const user = { id: Buffer.alloc(16, 7).toString('base64url') };

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PasskeyRefusal) return error.reason;
    throw error;
  }
  throw new Error('expected a refusal');
}

async function registered(auth: SoftAuthenticator): Promise<StoredPasskey> {
  const c = challenge();
  const created = await verifyRegistration(auth.create({ challenge: c, user }), c, rp);
  return { credentialId: created.credentialId, publicKey: created.publicKey, counter: created.counter, deviceType: created.deviceType };
}

describe('registration checks', () => {
  it('accepts a user-verified answer for our challenge, origin and RP ID, and keeps only the public key', async () => {
    const auth = new SoftAuthenticator(rp.id, rp.origin);
    const c = challenge();
    const created = await verifyRegistration(auth.create({ challenge: c, user }), c, rp);
    expect(created.credentialId).toBe(auth.id);
    expect(created.publicKey.length).toBeGreaterThan(60);
    expect(created).toMatchObject({ counter: 0, deviceType: 'singleDevice', backedUp: false, transports: ['internal'] });
    expect(answeredChallenge(auth.create({ challenge: c, user }), 'create').challenge).toBe(c);
  });

  it('refuses another origin, another RP ID, no user verification, another challenge, the wrong ceremony type, garbage', async () => {
    const auth = new SoftAuthenticator(rp.id, rp.origin);
    const c = challenge();
    expect(await refusal(verifyRegistration(auth.create({ challenge: c, user }, { origin: 'https://agentry.example.evil' }), c, rp))).toBe(
      'origin',
    );
    expect(await refusal(verifyRegistration(auth.create({ challenge: c, user }, { rpId: 'evil.example' }), c, rp))).toBe('rp_id');
    expect(await refusal(verifyRegistration(auth.create({ challenge: c, user }, { userVerified: false }), c, rp))).toBe(
      'user_verification',
    );
    expect(await refusal(verifyRegistration(auth.create({ challenge: challenge(), user }), c, rp))).toBe('challenge');
    expect(await refusal(verifyRegistration(auth.create({ challenge: c, user }, { type: 'webauthn.get' }), c, rp))).toBe('type');
    expect(await refusal(verifyRegistration('{"id":1}', c, rp))).toBe('malformed');
    expect(await refusal(verifyRegistration('x'.repeat(20_000), c, rp))).toBe('malformed');
  });
});

describe('authentication checks', () => {
  it('accepts a signed, user-verified answer and reports the new counter', async () => {
    const auth = new SoftAuthenticator(rp.id, rp.origin, { counter: 4 });
    const stored = await registered(auth);
    const c = challenge();
    const use = await verifyAssertion(auth.get({ challenge: c }), c, rp, stored);
    expect(use.counter).toBeGreaterThan(stored.counter);
  });

  it('a captured answer checked with another expected origin (a phishing site relaying it) is refused', async () => {
    const auth = new SoftAuthenticator(rp.id, rp.origin);
    const stored = await registered(auth);
    const c = challenge();
    const captured = auth.get({ challenge: c });
    const other = relyingPartyFor('https://agentry-login.example')!;
    expect(await refusal(verifyAssertion(captured, c, { ...rp, origin: other.origin }, stored))).toBe('origin');
    // …and an answer made on the phishing origin for our RP ID is refused by ours.
    expect(await refusal(verifyAssertion(auth.get({ challenge: c }, { origin: other.origin }), c, rp, stored))).toBe('origin');
  });

  it('refuses another RP ID, no user verification, another challenge, a bad signature, another credential', async () => {
    const auth = new SoftAuthenticator(rp.id, rp.origin);
    const stored = await registered(auth);
    const c = challenge();
    expect(await refusal(verifyAssertion(auth.get({ challenge: c }, { rpId: 'evil.example' }), c, rp, stored))).toBe('rp_id');
    expect(await refusal(verifyAssertion(auth.get({ challenge: c }, { userVerified: false }), c, rp, stored))).toBe('user_verification');
    expect(await refusal(verifyAssertion(auth.get({ challenge: challenge() }), c, rp, stored))).toBe('challenge');
    const impostor = new SoftAuthenticator(rp.id, rp.origin);
    const forged = JSON.parse(impostor.get({ challenge: c })) as Record<string, unknown>;
    forged.id = forged.rawId = auth.id;
    expect(await refusal(verifyAssertion(JSON.stringify(forged), c, rp, stored))).toBe('signature');
    expect(await refusal(verifyAssertion(impostor.get({ challenge: c }), c, rp, stored))).toBe('malformed');
  });

  it('a counter going backwards on a counter-keeping authenticator is a clone; synced 0/0 is fine', async () => {
    const auth = new SoftAuthenticator(rp.id, rp.origin, { counter: 10 });
    const stored = await registered(auth);
    const c = challenge();
    expect(await refusal(verifyAssertion(auth.get({ challenge: c }, { counter: 3 }), c, rp, { ...stored, counter: 11 }))).toBe('cloned');
    expect(await refusal(verifyAssertion(auth.get({ challenge: c }, { counter: 11 }), c, rp, { ...stored, counter: 11 }))).toBe('cloned');
    const synced = new SoftAuthenticator(rp.id, rp.origin);
    const syncedStored = await registered(synced);
    expect((await verifyAssertion(synced.get({ challenge: c }), c, rp, syncedStored)).counter).toBe(0);
  });

  it('a credential whose backup eligibility changed is refused', async () => {
    const auth = new SoftAuthenticator(rp.id, rp.origin);
    const stored = await registered(auth);
    const c = challenge();
    expect(await refusal(verifyAssertion(auth.get({ challenge: c }, { backupEligible: true, backedUp: true }), c, rp, stored))).toBe(
      'flags_changed',
    );
  });
});
