import { describe, expect, it } from 'vitest';
import { clientIdUrlProblem } from './client-id-url.js';

describe('clientIdUrlProblem (CIMD client_id, checked on the raw string)', () => {
  it('accepts an https URL with a path (and a query)', () => {
    expect(clientIdUrlProblem('https://host.example/oauth/client.json')).toBeUndefined();
    expect(clientIdUrlProblem('https://host.example/a/b?v=1')).toBeUndefined();
    expect(clientIdUrlProblem('https://host.example/a..b/.c/d.')).toBeUndefined();
  });

  it('refuses dot segments in every spelling, though URL parsing would resolve them away', () => {
    for (const id of [
      'https://x.example/a/../b',
      'https://x.example/a/./b',
      'https://x.example/a/%2e%2e/b',
      'https://x.example/a/%2E%2e/b',
      'https://x.example/a/.%2E/b',
      'https://x.example/a/%2e/b',
      'https://x.example/a/..',
      'https://x.example/..?x=1',
    ]) {
      expect(clientIdUrlProblem(id), id).toBe('must not contain dot segments');
      // The parsed form has no dot segment left: the old check on it never fired.
      expect(new URL(id).pathname).not.toMatch(/\/\.\.?(\/|$)/);
    }
  });

  it('refuses backslashes, fragments, a root or missing path', () => {
    expect(clientIdUrlProblem('https://x.example/a\\..\\b')).toBe('must not contain a backslash');
    expect(clientIdUrlProblem('https://x.example/a#b')).toBe('must not contain a fragment');
    expect(clientIdUrlProblem('https://x.example/')).toBe('needs a path');
    expect(clientIdUrlProblem('https://x.example')).toBe('needs a path');
    expect(clientIdUrlProblem('https://x.example?a=/b')).toBe('needs a path');
    expect(clientIdUrlProblem('x.example/a')).toBe('must be an absolute https URL');
  });
});
