import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactContent, redactSecrets } from './mail-secrets.js';

describe('redactSecrets', () => {
  it('keeps a token kind readable and redacts codes and URL-encoded forms', () => {
    const token = `dmvv_${'a'.repeat(43)}`;
    expect(redactSecrets(`open https://x.test/verify?token=${token} now`, [token])).toBe(
      'open https://x.test/verify?token=dmvv_[redacted] now',
    );
    expect(redactSecrets('code 123456, again 123456', ['123456'])).toBe('code [redacted], again [redacted]');
    expect(redactSecrets('a=b%2Fc', ['b/c'])).toBe('a=[redacted]');
    expect(redactContent({ subject: 'Code: 123456', text: '123456', html: null }, ['123456'])).toEqual({
      subject: 'Code: [redacted]',
      text: '[redacted]',
      html: null,
    });
  });

  it('leaves no secret behind, whatever surrounds it (a code inside a token, overlaps, repeats)', () => {
    const secret = fc.string({ minLength: 4, maxLength: 60, unit: 'binary' });
    fc.assert(
      fc.property(
        fc.array(secret, { minLength: 1, maxLength: 3 }),
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 6 }),
        (secrets, filler) => {
          const text = filler.flatMap((f, i) => [f, secrets[i % secrets.length]]).join('') + secrets.join('');
          const redacted = redactSecrets(text, secrets);
          // A secret may reappear only where the placeholder itself spells it.
          for (const s of secrets) if (!'[redacted]'.includes(s) && !s.includes('[redacted]')) expect(redacted).not.toContain(s);
        },
      ),
    );
  });
});
