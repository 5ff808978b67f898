import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestIds } from './request-id.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The reference: the id's counter as a number (its last 12 hex digits). */
const counterOf = (id: string): bigint => BigInt(`0x${id.slice(24)}`);

describe('RequestIds', () => {
  it('gives UUID v4-shaped ids, all different, with one prefix per generator', () => {
    const ids = new RequestIds();
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const id = ids.next();
      expect(id).toMatch(UUID_V4);
      seen.add(id);
    }
    expect(seen.size).toBe(20_000);
    const prefixes = new Set([...seen].map((id) => id.slice(0, 24)));
    expect(prefixes.size).toBe(1);
    // Two generators (the Nest instance's and the MCP front's) do not share a prefix.
    expect(new RequestIds().next().slice(0, 24)).not.toBe(new RequestIds().next().slice(0, 24));
  });

  it('counts up by one in hex from the random start, carrying and wrapping like a 48-bit number', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.integer({ min: 1, max: 600 }), (bytes, steps) => {
        const random = Buffer.from(bytes);
        const ids = new RequestIds(random);
        const start = BigInt(`0x${random.subarray(10).toString('hex')}`);
        let id = '';
        for (let i = 0; i < steps; i++) id = ids.next();
        expect(id).toMatch(UUID_V4);
        expect(counterOf(id)).toBe((start + BigInt(steps)) % 2n ** 48n);
      }),
    );
  });

  it('carries through every digit at the top of the range', () => {
    const random = Buffer.alloc(16, 0xab);
    random.fill(0xff, 10);
    const ids = new RequestIds(random);
    expect(ids.next().slice(24)).toBe('000000000000');
    expect(ids.next().slice(24)).toBe('000000000001');
    const nines = Buffer.alloc(16, 0x12);
    nines.fill(0x99, 10);
    expect(new RequestIds(nines).next().slice(24)).toBe('99999999999a');
    const f9 = Buffer.alloc(16, 0x12);
    f9.fill(0, 10);
    f9[15] = 0x9f;
    expect(new RequestIds(f9).next().slice(24)).toBe('0000000000a0');
  });

  it('refuses fewer than 16 random bytes', () => {
    expect(() => new RequestIds(Buffer.alloc(8))).toThrow(/16 random bytes/);
  });
});
