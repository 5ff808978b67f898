import { describe, expect, it } from 'vitest';
import { audienceProblem, parseDiscovery } from './rp-discovery.js';

const ORIGIN = 'https://rp.example';
const doc = (extra: Record<string, unknown> = {}) => ({
  issuer: ORIGIN,
  name: 'RP',
  terms: { url: `${ORIGIN}/terms`, version: '1', text: 'Terms' },
  endpoints: { agent_signup: `${ORIGIN}/agent-signup` },
  ...extra,
});

describe('audienceProblem: the assertion audience is the discovery origin', () => {
  it.each([ORIGIN, `${ORIGIN}/`, 'HTTPS://RP.EXAMPLE', 'https://rp.example:443'])('accepts the origin itself: %s', (audience) => {
    expect(audienceProblem(audience, ORIGIN)).toBeNull();
  });

  it.each([
    ['https://bank.example', /another origin/],
    ['https://rp.example.bank.example', /another origin/],
    ['http://rp.example', /another origin/],
    ['https://rp.example:8443', /another origin/],
    [`${ORIGIN}/agent-signup`, /exactly its origin/],
    [`${ORIGIN}/?a=1`, /exactly its origin/],
    [`${ORIGIN}/#x`, /exactly its origin/],
    ['https://user@rp.example', /exactly its origin/],
    ['rp.example', /exactly its origin/],
    ['urn:bank', /another origin/],
  ])('refuses %s', (audience, message) => {
    expect(audienceProblem(audience, ORIGIN)).toMatch(message);
  });

  it('parseDiscovery keeps the declared audience (checked later) and defaults a missing one to the issuer', () => {
    expect(parseDiscovery(doc({ audience: 'https://bank.example' }), ORIGIN)).toMatchObject({ audience: 'https://bank.example' });
    expect(parseDiscovery(doc(), ORIGIN)).toMatchObject({ audience: ORIGIN });
    expect(parseDiscovery(doc({ audience: 42 }), ORIGIN)).toMatch(/audience must be a string/);
  });
});
