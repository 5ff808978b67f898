import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timed } from '../../../test/support/redos.js';
import { normalizeTerms, parseDiscovery } from './rp-discovery.js';

const BUDGET_MS = 250;
const base = {
  issuer: 'https://rp.example',
  name: 'RP',
  audience: 'https://rp.example',
  terms: { url: 'https://rp.example/terms', version: '1', text: 'Terms' },
  endpoints: { agent_signup: 'https://rp.example/signup' },
};

// Discovery documents come from any relying party (up to the 64 KB fetch cap): their checks must stay linear.
describe('discovery checks are linear-time (ReDoS)', () => {
  it('runs of slashes, CRs and adversarial strings in every checked field answer in a few ms', () => {
    const slashes = `https://rp.example${'/'.repeat(250)}`;
    expect(parseDiscovery({ ...base, issuer: slashes }, 'https://rp.example')).toMatchObject({ issuer: 'https://rp.example' });
    expect(parseDiscovery({ ...base, issuer: `https://rp.example${'/'.repeat(250)}x` }, undefined)).toMatch(/must be the service origin/);
    const brokers = Array.from({ length: 200 }, () => `https://b.example${'/'.repeat(299 - 17)}`);
    expect(timed(() => parseDiscovery({ ...base, trusted_brokers: brokers }, undefined))).toBeLessThan(BUDGET_MS);
    expect(timed(() => normalizeTerms('\r'.repeat(60_000)))).toBeLessThan(BUDGET_MS);
    const sep = fc.constantFrom('/', '\r', '\r\n', '\n', ':', '.', 'a', '//', 'https://');
    fc.assert(
      fc.property(fc.array(sep, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 60_000 }), (parts, n) => {
        const unit = parts.join('');
        const text = unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
        const doc = { ...base, issuer: text.slice(0, 300), trusted_brokers: [text.slice(0, 300)], terms: { ...base.terms, text } };
        expect(timed(() => parseDiscovery(doc, undefined))).toBeLessThan(BUDGET_MS);
        expect(timed(() => normalizeTerms(text))).toBeLessThan(BUDGET_MS);
      }),
      { numRuns: 60 },
    );
  });
});
