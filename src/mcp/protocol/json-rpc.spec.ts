import { describe, expect, it } from 'vitest';
import { idJson, quoteJsonText } from './json-rpc.js';

describe('quoteJsonText', () => {
  const samples: unknown[] = [
    {},
    { note: 'plain ASCII' },
    { q: 'a "quoted" word', b: 'back\\slash', both: '\\"' },
    { controls: '\u0000\u0001\u0008\t\n\u000b\f\r\u001f\u007f' },
    { unicode: 'é ü ✓ 😀 \u2028 \u2029', lone: '\ud800 x \udfff', pair: '\ud83d\ude00' },
    { nested: [1, -0, 1.5e300, null, true, { deep: ['"', '\\', '\\\\"'] }] },
    ['top-level array'],
    'a string',
  ];

  it('gives exactly what JSON.stringify gives for any JSON text', () => {
    for (const sample of samples) {
      const text = JSON.stringify(sample);
      expect(quoteJsonText(text)).toBe(JSON.stringify(text));
    }
  });

  it('agrees with JSON.stringify on random JSON texts', () => {
    const alphabet = ['a', 'Z', '0', ' ', '"', '\\', '/', '\n', '\u0000', '\u001f', 'é', '\u2028', '😀', '\ud800', '\udc00', '{', '}'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 500; i++) {
      let value = '';
      const length = Math.floor(next() * 40);
      for (let j = 0; j < length; j++) value += alphabet[Math.floor(next() * alphabet.length)];
      const text = JSON.stringify({ value, list: [value, i] });
      expect(quoteJsonText(text)).toBe(JSON.stringify(text));
    }
  });
});

describe('idJson', () => {
  it('serializes ids as JSON.stringify does, and a missing id as null', () => {
    for (const id of [0, 1, -7, 1.5, 1e21, 2 ** 53, 'abc', '', 'with "quotes"', 'ünï']) {
      expect(idJson(id)).toBe(JSON.stringify(id));
    }
    expect(idJson(-0)).toBe('0');
    expect(idJson(null)).toBe('null');
    expect(idJson(undefined)).toBe('null');
  });
});
