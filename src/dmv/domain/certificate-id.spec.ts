import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_ID_MAX_VALUE,
  CROCKFORD_ALPHABET,
  CROCKFORD_CHECK_ALPHABET,
  encodeCertificateId,
  generateCertificateId,
  parseCertificateId,
} from './certificate-id.js';

const CANONICAL = /^DMV-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z*~$=U]$/;

function randomValue(): bigint {
  return randomBytes(8).readBigUInt64BE(0) & CERTIFICATE_ID_MAX_VALUE;
}

function expectOk(input: string) {
  const result = parseCertificateId(input);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(input)} to parse, got: ${result.reason}`);
  return result;
}

function expectError(input: string): string {
  const result = parseCertificateId(input);
  if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to be rejected, got ${result.canonical}`);
  return result.reason;
}

describe('alphabets', () => {
  it('data alphabet is the 32 Crockford symbols (no I, L, O, U)', () => {
    expect(CROCKFORD_ALPHABET).toHaveLength(32);
    expect(new Set(CROCKFORD_ALPHABET).size).toBe(32);
    expect(CROCKFORD_ALPHABET).not.toMatch(/[ILOU]/);
    expect(CROCKFORD_ALPHABET).toBe('0123456789ABCDEFGHJKMNPQRSTVWXYZ');
  });

  it('check alphabet is the 32 symbols followed by *~$=U', () => {
    expect(CROCKFORD_CHECK_ALPHABET).toHaveLength(37);
    expect(CROCKFORD_CHECK_ALPHABET).toBe(`${CROCKFORD_ALPHABET}*~$=U`);
  });
});

describe('encodeCertificateId', () => {
  // Vectors worked out by hand: data symbols are the base-32 digits (5 bits each, MSB first),
  // check symbol = CHECK_ALPHABET[value mod 37].
  it.each([
    [0n, 'DMV-0000-0000-0000-0'], // 0 mod 37 = 0
    [1n, 'DMV-0000-0000-0001-1'],
    [31n, 'DMV-0000-0000-000Z-Z'], // 31 → 'Z', 31 mod 37 = 31 → 'Z'
    [32n, 'DMV-0000-0000-0010-*'], // 32 = 1·32 + 0, 32 mod 37 = 32 → '*'
    [33n, 'DMV-0000-0000-0011-~'],
    [34n, 'DMV-0000-0000-0012-$'],
    [35n, 'DMV-0000-0000-0013-='],
    [36n, 'DMV-0000-0000-0014-U'], // 36 = 1·32 + 4, 36 mod 37 = 36 → 'U'
    [37n, 'DMV-0000-0000-0015-0'], // 37 mod 37 = 0
    // Crockford's classic example: 1234567890 = "14SC0PJ"; 1234567890 mod 37 = 27 → 'V'
    [1234567890n, 'DMV-0000-014S-C0PJ-V'],
    // 2^60 − 1: all 'Z'; 2^36 ≡ 1 (mod 37) so 2^60 ≡ 2^24 ≡ 10, hence 2^60 − 1 ≡ 9
    [(1n << 60n) - 1n, 'DMV-ZZZZ-ZZZZ-ZZZZ-9'],
    // 2^55 = '1' followed by eleven '0'; 2^55 ≡ 2^19 ≡ 2^20/2 ≡ 33/2 ≡ 35 (mod 37) → '='
    [1n << 55n, 'DMV-1000-0000-0000-='],
  ])('encodes %s as %s', (value, expected) => {
    expect(encodeCertificateId(value)).toBe(expected);
  });

  it('agrees with an independent encoding via BigInt.toString(32)', () => {
    const standard = '0123456789abcdefghijklmnopqrstuv';
    for (let i = 0; i < 200; i++) {
      const value = randomValue();
      const data = [...value.toString(32).padStart(12, '0')].map((c) => CROCKFORD_ALPHABET[standard.indexOf(c)]).join('');
      const check = CROCKFORD_CHECK_ALPHABET[Number(value % 37n)];
      expect(encodeCertificateId(value)).toBe(`DMV-${data.slice(0, 4)}-${data.slice(4, 8)}-${data.slice(8)}-${check}`);
    }
  });

  it('rejects values outside 60 bits', () => {
    expect(() => encodeCertificateId(-1n)).toThrow(RangeError);
    expect(() => encodeCertificateId(1n << 60n)).toThrow(RangeError);
  });
});

describe('generateCertificateId', () => {
  it('produces canonical IDs that parse back', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const id = generateCertificateId();
      expect(id).toMatch(CANONICAL);
      expect(expectOk(id).canonical).toBe(id);
      seen.add(id);
    }
    expect(seen.size).toBe(500);
  });

  it('uses the injected random source and keeps only the low 60 bits of 8 bytes', () => {
    expect(generateCertificateId(() => Buffer.alloc(8, 0))).toBe('DMV-0000-0000-0000-0');
    expect(generateCertificateId(() => Buffer.alloc(8, 0xff))).toBe('DMV-ZZZZ-ZZZZ-ZZZZ-9');
    const bytes = Buffer.from([0xf0, 0, 0, 0, 0x49, 0x96, 0x02, 0xd2]); // top 4 bits dropped; 0x499602D2 = 1234567890
    expect(generateCertificateId(() => bytes)).toBe('DMV-0000-014S-C0PJ-V');
  });

  it('asks for 8 bytes and refuses a short buffer', () => {
    const requested: number[] = [];
    generateCertificateId((n) => {
      requested.push(n);
      return Buffer.alloc(n);
    });
    expect(requested).toEqual([8]);
    expect(() => generateCertificateId(() => Buffer.alloc(4))).toThrow();
  });
});

describe('parseCertificateId', () => {
  it('round-trips random values through encode and parse', () => {
    for (let i = 0; i < 1000; i++) {
      const value = randomValue();
      const id = encodeCertificateId(value);
      const parsed = expectOk(id);
      expect(parsed.value).toBe(value);
      expect(parsed.canonical).toBe(id);
    }
  });

  it('accepts lower case, missing hyphens, a missing or present prefix and surrounding whitespace', () => {
    const canonical = 'DMV-0000-014S-C0PJ-V';
    for (const input of [
      canonical,
      'dmv-0000-014s-c0pj-v',
      'DMV0000014SC0PJV',
      'dmv0000014sc0pjv',
      'DMV-0000014SC0PJ-V',
      '0000-014S-C0PJ-V',
      '0000014SC0PJV',
      '  DMV-0000-014S-C0PJ-V \n',
      '\tdmv-0000-014s-c0pj-v\t',
      'Dmv-0000-014S-c0pJ-v',
      'DMV--0000--014S-C0PJ--V', // Crockford: hyphens are ignored wherever they are
    ]) {
      const parsed = expectOk(input);
      expect(parsed.canonical).toBe(canonical);
      expect(parsed.value).toBe(1234567890n);
    }
  });

  it('decodes I, L as 1 and O as 0 in any case', () => {
    expect(expectOk('DMV-OOOO-OOOO-OOOO-O').canonical).toBe('DMV-0000-0000-0000-0');
    expect(expectOk('dmv-oooo-oooo-oooo-o').canonical).toBe('DMV-0000-0000-0000-0');
    expect(expectOk('DMV-0000-0000-000I-l').canonical).toBe('DMV-0000-0000-0001-1');
    expect(expectOk('DMV-0000-0000-000l-I').canonical).toBe('DMV-0000-0000-0001-1');
    expect(expectOk('DMV-0000-0I4S-COPJ-V').canonical).toBe('DMV-0000-014S-C0PJ-V');
    expect(expectOk('dmv-oooo-oi4s-copj-v').value).toBe(1234567890n);
  });

  it('accepts the special check symbols *~$=U (U and u only in the check position)', () => {
    expect(expectOk('DMV-0000-0000-0010-*').value).toBe(32n);
    expect(expectOk('DMV-0000-0000-0011-~').value).toBe(33n);
    expect(expectOk('DMV-0000-0000-0012-$').value).toBe(34n);
    expect(expectOk('DMV-0000-0000-0013-=').value).toBe(35n);
    expect(expectOk('DMV-0000-0000-0014-U').value).toBe(36n);
    expect(expectOk('dmv-0000-0000-0014-u').canonical).toBe('DMV-0000-0000-0014-U');
    expect(expectOk('000000000014u').canonical).toBe('DMV-0000-0000-0014-U');
  });

  it('rejects U in a data position', () => {
    expect(expectError('DMV-U000-0000-0000-0')).toBe("invalid character 'U' at position 5");
    expect(expectError('DMV-0000-0000-00u0-0')).toBe("invalid character 'u' at position 17");
  });

  it('rejects a wrong check symbol', () => {
    expect(expectError('DMV-0000-014S-C0PJ-W')).toMatch(/check symbol mismatch/);
    expect(expectError('DMV-0000-0000-0000-1')).toMatch(/check symbol mismatch/);
    expect(expectError('DMV-0000-0000-0014-0')).toMatch(/check symbol mismatch/);
    // a single mistyped data symbol is caught
    expect(expectError('DMV-0000-014S-C0PK-V')).toMatch(/check symbol mismatch/);
    // as is a transposition of two adjacent symbols
    expect(expectError('DMV-0000-014S-0CPJ-V')).toMatch(/check symbol mismatch/);
  });

  it('catches every single-symbol substitution and adjacent transposition of random IDs', () => {
    for (let n = 0; n < 20; n++) {
      const id = encodeCertificateId(randomValue());
      const symbols = id.replace(/^DMV/, '').replaceAll('-', '').split('');
      for (let i = 0; i < 12; i++) {
        for (const replacement of CROCKFORD_ALPHABET) {
          if (replacement === symbols[i]) continue;
          const mutated = [...symbols];
          mutated[i] = replacement;
          expect(parseCertificateId(mutated.join('')).ok).toBe(false);
        }
        if (i < 11 && symbols[i] !== symbols[i + 1]) {
          const swapped = [...symbols];
          [swapped[i], swapped[i + 1]] = [swapped[i + 1], swapped[i]];
          expect(parseCertificateId(swapped.join('')).ok).toBe(false);
        }
      }
    }
  });

  it('rejects the wrong length with a reason', () => {
    expect(expectError('DMV-0000-0000-0000')).toMatch(/wrong length.*got 12 symbols after the DMV prefix/);
    expect(expectError('DMV-0000-0000-0000-00')).toMatch(/wrong length.*got 14 symbols after the DMV prefix/);
    expect(expectError('DMV')).toMatch(/wrong length.*got 0 symbols/);
    expect(expectError('1234')).toMatch(/wrong length.*got 4 symbols/);
    expect(expectError('0000-0000-0000-00-0')).toMatch(/wrong length.*got 15 symbols/);
  });

  it('rejects empty and whitespace-only input', () => {
    expect(expectError('')).toBe('certificate ID is empty');
    expect(expectError('   ')).toBe('certificate ID is empty');
  });

  it('names the invalid character and its 1-based position in the trimmed input', () => {
    expect(expectError('DMV-0000-0!00-0000-0')).toBe("invalid character '!' at position 11");
    expect(expectError('  DMV-0000-0!00-0000-0')).toBe("invalid character '!' at position 11");
    expect(expectError('DMV-0000-0000-0000-!')).toBe("invalid check symbol '!' at position 20");
    expect(expectError('DMV-0000-0000-000*-0')).toBe("invalid character '*' at position 18");
    expect(expectError('DMV-000 -0000-0000-0')).toBe('invalid character U+0020 at position 8');
    expect(expectError('DMV-0000-0000-00ü0-0')).toBe("invalid character 'ü' at position 17");
    expect(expectError('XYZ-0000-0000-0000-0')).toMatch(/wrong length/);
  });

  it('does not treat a bare 13-symbol ID that happens to start with DMV as prefixed', () => {
    const value = BigInt(`0b${[13, 20, 27].map((d) => d.toString(2).padStart(5, '0')).join('')}`) << 45n;
    const id = encodeCertificateId(value); // data symbols start with "DMV"
    expect(id.startsWith('DMV-DMV')).toBe(true);
    const bare = id.slice(4).replaceAll('-', '');
    expect(bare.startsWith('DMV')).toBe(true);
    expect(expectOk(bare).canonical).toBe(id);
    expect(expectOk(id).canonical).toBe(id);
  });

  it('is only a format check: any well-formed value is accepted', () => {
    // "valid format" never means "issued"; the parser has no notion of issuance.
    expect(expectOk('DMV-ZZZZ-ZZZZ-ZZZZ-9').value).toBe(CERTIFICATE_ID_MAX_VALUE);
  });

  it('rejects non-string input without throwing', () => {
    expect(parseCertificateId(undefined as unknown as string).ok).toBe(false);
    expect(parseCertificateId(42 as unknown as string).ok).toBe(false);
  });
});
