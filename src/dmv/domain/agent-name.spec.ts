import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RESERVED_NAMES, decodePunycode, isValidPunycodeLabel, normalizeAgentName } from './agent-name.js';

const NONE: ReadonlySet<string> = new Set();

function ok(input: string, reserved: ReadonlySet<string> = DEFAULT_RESERVED_NAMES) {
  const result = normalizeAgentName(input, reserved);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(input)} to be accepted, got: ${result.reason}`);
  return result;
}

function reason(input: string, reserved: ReadonlySet<string> = DEFAULT_RESERVED_NAMES): string {
  const result = normalizeAgentName(input, reserved);
  if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to be rejected, got ${result.label}`);
  return result.reason;
}

describe('normalizeAgentName: normalization', () => {
  it.each([
    ['weather-bot', 'weather-bot'],
    ['WeatherBot', 'weatherbot'],
    ['  weather-bot  ', 'weather-bot'],
    ['weather bot', 'weather-bot'],
    ['weather_bot', 'weather-bot'],
    ['Weather   Bot', 'weather-bot'],
    ['weather \t\n bot', 'weather-bot'],
    ['weather__bot', 'weather-bot'],
    ['weather _ bot', 'weather-bot'],
    ['my agent 2', 'my-agent-2'],
    ['a', 'a'],
    ['7', '7'],
    ['007', '007'],
    ['a--b', 'a--b'], // '--' outside positions 3-4 is fine
    ['abc--d', 'abc--d'],
    ['weather-bot.agent', 'weather-bot'],
    ['Weather-Bot.AGENT', 'weather-bot'],
    ['weather-bot.agent.', 'weather-bot'],
    ['  weather bot.agent  ', 'weather-bot'],
    ['weather bot .agent', 'weather-bot'],
  ])('%j → %s', (input, label) => {
    const result = ok(input);
    expect(result.label).toBe(label);
    expect(result.domain).toBe(`${label}.agent`);
  });

  it('accepts exactly 63 characters', () => {
    const label = 'a'.repeat(63);
    expect(ok(label)).toEqual({ ok: true, label, domain: `${label}.agent` });
    expect(ok(`${'a'.repeat(31)}-${'b'.repeat(31)}`).label).toHaveLength(63);
  });

  it('strips only one trailing .agent', () => {
    expect(reason('foo.agent.agent')).toBe("name contains characters other than a-z, 0-9 and hyphen: '.'");
  });
});

describe('normalizeAgentName: rejections', () => {
  it('empty names', () => {
    expect(reason('')).toBe('name is empty');
    expect(reason('   ')).toBe('name is empty');
    expect(reason('\t\n')).toBe('name is empty');
    expect(reason('.agent')).toBe('name is empty');
    expect(reason(' .AGENT ')).toBe('name is empty');
  });

  it('names longer than 63 characters', () => {
    expect(reason('a'.repeat(64))).toBe('name is longer than 63 characters');
    expect(reason(`${'a'.repeat(64)}.agent`)).toBe('name is longer than 63 characters');
    expect(reason('a b'.repeat(30))).toBe('name is longer than 63 characters'); // 90 chars → 90 after mapping
  });

  it('characters outside a-z, 0-9 and hyphen, listing each offending character once', () => {
    expect(reason('foo.bar')).toBe("name contains characters other than a-z, 0-9 and hyphen: '.'");
    expect(reason('héllo')).toBe("name contains characters other than a-z, 0-9 and hyphen: 'é'");
    expect(reason('bücher')).toBe("name contains characters other than a-z, 0-9 and hyphen: 'ü'");
    expect(reason('a!b@c!')).toBe("name contains characters other than a-z, 0-9 and hyphen: '!@'");
    expect(reason('foo.bar.agent')).toBe("name contains characters other than a-z, 0-9 and hyphen: '.'");
    expect(reason('<script>')).toBe("name contains characters other than a-z, 0-9 and hyphen: '<>'");
    expect(reason('a\u0000b')).toMatch(/^name contains characters other than a-z, 0-9 and hyphen: /);
    expect(reason('🤖')).toMatch(/^name contains characters other than a-z, 0-9 and hyphen: /);
  });

  it('leading or trailing hyphens (including ones produced from spaces or underscores)', () => {
    const message = 'name must not start or end with a hyphen';
    expect(reason('-foo')).toBe(message);
    expect(reason('foo-')).toBe(message);
    expect(reason('-')).toBe(message);
    expect(reason('---')).toBe(message);
    expect(reason('_foo')).toBe(message);
    expect(reason('foo_')).toBe(message);
    expect(reason('foo_.agent')).toBe(message);
  });

  it("'--' in positions 3-4 unless valid punycode", () => {
    const message = "'--' in positions 3-4 is only allowed in valid punycode (xn--)";
    expect(reason('ab--cd')).toBe(message);
    expect(reason('ab_-cd')).toBe(message);
    expect(reason('AB--CD')).toBe(message);
    expect(reason('a1--')).toBe('name must not start or end with a hyphen');
    expect(reason('12--34')).toBe(message);
    expect(ok('ab  cd').label).toBe('ab-cd'); // a whitespace run collapses into a single hyphen
  });

  it('reserved names, after normalization', () => {
    expect(reason('admin')).toBe("name 'admin' is reserved");
    expect(reason('  ADMIN.agent ')).toBe("name 'admin' is reserved");
    expect(reason('No_Reply')).toBe("name 'no-reply' is reserved");
    expect(reason('dmv')).toBe("name 'dmv' is reserved");
  });

  it('uses the reserved set passed in', () => {
    expect(ok('admin', NONE).label).toBe('admin');
    expect(reason('weather-bot', new Set(['weather-bot']))).toBe("name 'weather-bot' is reserved");
  });

  it('defaults to DEFAULT_RESERVED_NAMES when no set is passed', () => {
    const result = normalizeAgentName('root');
    expect(result).toEqual({ ok: false, reason: "name 'root' is reserved" });
  });

  it('rejects non-string input without throwing', () => {
    expect(normalizeAgentName(undefined as unknown as string, NONE).ok).toBe(false);
  });
});

describe('normalizeAgentName: punycode', () => {
  it.each([
    ['xn--bcher-kva', 'bücher'],
    ['XN--BCHER-KVA', 'bücher'],
    ['xn--bcher-kva.agent', 'bücher'],
    ['xn--fiq228c', '中文'],
    ['xn--mnchen-3ya', 'münchen'],
    ['xn--caf-dma', 'café'],
    ['xn--bcher-kvaa', 'büücher'],
  ])('accepts %s (%s)', (input, unicode) => {
    const result = ok(input);
    expect(result.label).toBe(input.toLowerCase().replace(/\.agent$/, ''));
    expect(result.domain).toBe(`${result.label}.agent`);
    expect(decodePunycode(result.label.slice(4))).toBe(unicode);
  });

  it.each([
    'xn--abc', // malformed: runs out of digits
    'xn--bcher-kv', // truncated
    'xn--zzzzzzzz', // overflow
    'xn--9999999999', // overflow
    'xa--bcher-kva', // '--' at 3-4 without the xn-- prefix
    'ab--cd',
  ])('refuses %s', (label) => {
    expect(isValidPunycodeLabel(label)).toBe(false);
    expect(normalizeAgentName(label, NONE)).toEqual({
      ok: false,
      reason: "'--' in positions 3-4 is only allowed in valid punycode (xn--)",
    });
  });

  it('refuses xn-- labels that end in a hyphen (the hyphen rule fires first)', () => {
    for (const label of ['xn--', 'xn---', 'xn--abc-', 'xn--ls8h-']) {
      expect(isValidPunycodeLabel(label), label).toBe(false);
      expect(reason(label, NONE), label).toBe('name must not start or end with a hyphen');
    }
  });

  it('refuses punycode whose decoding IDNA would encode differently (not a canonical A-label)', () => {
    // "Bücher" with an upper-case B: the basic part is lower-cased by the time we see it, but an
    // upper-case non-ASCII letter encoded in the delta part maps to lower case under IDNA.
    const upper = encodeForTest('bÜcher');
    expect(upper).not.toBe('xn--bcher-kva');
    expect(isValidPunycodeLabel(upper)).toBe(false);
    expect(reason(upper, NONE)).toBe("'--' in positions 3-4 is only allowed in valid punycode (xn--)");
  });

  it.each([
    ['a soft hyphen, which IDNA maps to nothing', 'bü\u00adcher'],
    ['a no-break space, which IDNA disallows', 'bü\u00a0cher'],
    ['decomposed (non-NFC) text', 'bu\u0308cher'],
    ['a full-width letter, which IDNA maps to ASCII', 'bücher\uff41'],
  ])('refuses punycode for %s', (_what, unicode) => {
    const label = encodeForTest(unicode);
    expect(label).toMatch(/^xn--[a-z0-9-]+$/);
    expect(decodePunycode(label.slice(4))).toBe(unicode);
    expect(isValidPunycodeLabel(label)).toBe(false);
    expect(normalizeAgentName(label, NONE).ok).toBe(false);
  });

  it('accepts punycode produced by the platform IDNA encoder', () => {
    for (const unicode of ['bücher', 'straße', 'ελληνικά', 'русский', '日本語', 'niño', 'smörgåsbord']) {
      const label = domainToASCII(unicode);
      if (!label.startsWith('xn--')) continue; // e.g. transitional mappings; nothing to test
      expect(ok(label, NONE).label, unicode).toBe(label);
    }
  });
});

describe('decodePunycode (RFC 3492)', () => {
  it.each([
    ['bcher-kva', 'bücher'],
    ['fiq228c', '中文'],
    ['mnchen-3ya', 'münchen'],
    // RFC 3492 section 7.1 sample strings
    ['egbpdaj6bu4bxfgehfvwxn', 'ليهمابتكلموشعربي؟'], // (A) Arabic (Egyptian)
    ['ihqwcrb4cv8a8dqg056pqjye', '他们为什么不说中文'], // (B) Chinese (simplified)
    ['Proprostnemluvesky-uyb24dma41a', 'Pročprostěnemluvíčesky'], // (D) Czech
    ['3B-ww4c5e180e575a65lsy2b', '3年B組金八先生'], // (L)
    ['-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n', '安室奈美恵-with-SUPER-MONKEYS'], // (M)
    ['bcher-', 'bcher'], // basic code points only
    ['', ''],
  ])('decodes %j', (input, expected) => {
    expect(decodePunycode(input)).toBe(expected);
  });

  it('returns null on malformed input', () => {
    expect(decodePunycode('b')).toBeNull(); // truncated variable-length integer
    expect(decodePunycode('bcher-kv')).toBeNull();
    expect(decodePunycode('-')).toBeNull();
    expect(decodePunycode('9'.repeat(20))).toBeNull(); // overflow
    expect(decodePunycode(encodeForTest([0x110000]).slice(4))).toBeNull(); // beyond U+10FFFF
    expect(decodePunycode(encodeForTest([0x61, 0xd800]).slice(4))).toBeNull(); // lone surrogate
    expect(decodePunycode(encodeForTest([0x10ffff]).slice(4))).toBe(String.fromCodePoint(0x10ffff));
    expect(decodePunycode('bcher-kv!')).toBeNull();
    expect(decodePunycode('bü-kva')).toBeNull(); // non-basic code point in input
  });
});

describe('DEFAULT_RESERVED_NAMES', () => {
  it('contains the essentials', () => {
    for (const name of [
      'admin',
      'root',
      'dmv',
      'agent',
      'agents',
      'www',
      'mail',
      'api',
      'support',
      'security',
      'abuse',
      'postmaster',
      'hostmaster',
      'webmaster',
      'localhost',
      'example',
      'test',
      'invalid',
      'icann',
      'iana',
      'nic',
      'whois',
      'registry',
      'registrar',
    ]) {
      expect(DEFAULT_RESERVED_NAMES.has(name), name).toBe(true);
    }
  });

  it('only contains names that are otherwise valid labels (so each is refused as reserved, not malformed)', () => {
    for (const name of DEFAULT_RESERVED_NAMES) {
      expect(normalizeAgentName(name, NONE), name).toEqual({ ok: true, label: name, domain: `${name}.agent` });
      expect(normalizeAgentName(name, DEFAULT_RESERVED_NAMES), name).toEqual({
        ok: false,
        reason: `name '${name}' is reserved`,
      });
    }
  });
});

/** Minimal RFC 3492 encoder used only to build adversarial test inputs. */
function encodeForTest(input: string | number[]): string {
  const codePoints = typeof input === 'string' ? [...input].map((c) => c.codePointAt(0)!) : input;
  const basic = codePoints.filter((c) => c < 0x80);
  let output = String.fromCharCode(...basic);
  let h = basic.length;
  if (h > 0) output += '-';
  let n = 0x80;
  let delta = 0;
  let bias = 72;
  const digit = (d: number) => String.fromCharCode(d < 26 ? 0x61 + d : 0x30 + d - 26);
  const adapt = (d: number, numPoints: number, first: boolean) => {
    d = first ? Math.floor(d / 700) : d >> 1;
    d += Math.floor(d / numPoints);
    let k = 0;
    while (d > 455) {
      d = Math.floor(d / 35);
      k += 36;
    }
    return k + Math.floor((36 * d) / (d + 38));
  };
  while (h < codePoints.length) {
    const m = Math.min(...codePoints.filter((c) => c >= n));
    delta += (m - n) * (h + 1);
    n = m;
    for (const c of codePoints) {
      if (c < n) delta++;
      if (c === n) {
        let q = delta;
        for (let k = 36; ; k += 36) {
          const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
          if (q < t) break;
          output += digit(t + ((q - t) % (36 - t)));
          q = Math.floor((q - t) / (36 - t));
        }
        output += digit(q);
        bias = adapt(delta, h + 1, h === basic.length);
        delta = 0;
        h++;
      }
    }
    delta++;
    n++;
  }
  return `xn--${output}`;
}
