import { describe, expect, it } from 'vitest';
import { counterVerdict, deviceTypeVerdict, ownerIdOfHandle, passkeyName, relyingPartyFor, userHandleOf } from './passkey-rules.js';

describe('passkey rules', () => {
  it('derives the RP ID and the one expected origin from PUBLIC_BASE_URL', () => {
    expect(relyingPartyFor('https://agentry.example')).toEqual({
      id: 'agentry.example',
      origin: 'https://agentry.example',
      name: 'Agentry',
    });
    expect(relyingPartyFor('https://Broker.Agentry.example:8443')).toMatchObject({
      id: 'broker.agentry.example',
      origin: 'https://broker.agentry.example:8443',
    });
    expect(relyingPartyFor('http://localhost:3000')).toMatchObject({ id: 'localhost', origin: 'http://localhost:3000' });
  });

  it('has no relying party where passkeys cannot work: IP addresses, plain http off localhost', () => {
    expect(relyingPartyFor('http://127.0.0.1:3000')).toBeUndefined();
    expect(relyingPartyFor('https://192.0.2.7')).toBeUndefined();
    expect(relyingPartyFor('http://[::1]:3000')).toBeUndefined();
    expect(relyingPartyFor('https://[2001:db8::1]')).toBeUndefined();
    expect(relyingPartyFor('http://agentry.example')).toBeUndefined();
    expect(relyingPartyFor('not a url')).toBeUndefined();
  });

  it('counts a counter that does not go up on a counter-keeping authenticator as a clone; 0 and 0 is fine', () => {
    expect(counterVerdict(0, 0)).toBe('ok');
    expect(counterVerdict(0, 1)).toBe('ok');
    expect(counterVerdict(5, 6)).toBe('ok');
    expect(counterVerdict(5, 5)).toBe('cloned');
    expect(counterVerdict(5, 3)).toBe('cloned');
    expect(counterVerdict(5, 0)).toBe('cloned');
  });

  it('refuses a change of backup eligibility', () => {
    expect(deviceTypeVerdict('multiDevice', 'multiDevice')).toBe('ok');
    expect(deviceTypeVerdict('singleDevice', 'multiDevice')).toBe('changed');
  });

  it('names: trimmed, 1–60 characters, control characters dropped', () => {
    expect(passkeyName('  Laptop ')).toBe('Laptop');
    expect(passkeyName('a\u0000b')).toBe('ab');
    expect(passkeyName('')).toBeUndefined();
    expect(passkeyName('x'.repeat(61))).toBeUndefined();
    expect(passkeyName(42)).toBeUndefined();
  });

  it('the user handle round-trips the owner id', () => {
    const id = '0b7e1c2a-3f4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(ownerIdOfHandle(Buffer.from(userHandleOf(id)).toString('base64url'))).toBe(id);
    expect(ownerIdOfHandle('AAAA')).toBeUndefined();
  });
});
