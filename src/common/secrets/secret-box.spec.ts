import { describe, expect, it } from 'vitest';
import { PlaintextSecretError, SecretBox, SecretKeyMismatchError } from './secret-box.js';

describe('SecretBox: secrets are always sealed at rest', () => {
  const box = new SecretBox('k'.repeat(40));

  it('seals (a fresh IV each time) and opens', () => {
    const a = box.seal('{"d":"private"}');
    const b = box.seal('{"d":"private"}');
    expect(a).toMatch(/^enc:v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('private');
    expect(box.open(a)).toBe('{"d":"private"}');
  });

  it('refuses a plaintext value instead of reading it as it is', () => {
    expect(() => box.open('{"d":"private"}')).toThrow(PlaintextSecretError);
    expect(() => box.open('{"d":"private"}')).toThrow(/not encrypted.*npm run cli -- secrets:encrypt/);
  });

  it('refuses a value sealed under another key, or altered, with a clear error', () => {
    const sealed = new SecretBox('other'.repeat(10)).seal('x');
    expect(() => box.open(sealed)).toThrow(SecretKeyMismatchError);
    expect(() => box.open(sealed)).toThrow(/BROKER_KEY_ENCRYPTION_KEY/);
    const mine = box.seal('value');
    // Another character in place of the second-to-last one (always a change: the old code compared the last one).
    const flipped = `${mine.slice(0, -2)}${mine.at(-2) === 'A' ? 'B' : 'A'}${mine.slice(-1)}`;
    expect(flipped).not.toBe(mine);
    expect(() => box.open(flipped)).toThrow(SecretKeyMismatchError);
  });

  it('has no plaintext mode: a box needs a key', () => {
    expect(() => new SecretBox('')).toThrow(/needs a key/);
  });
});
