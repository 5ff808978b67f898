import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsCorpus, findProjectRoot, getDocsCorpus, queryTerms } from './docs-corpus.js';

function corpus(files: Record<string, string>): DocsCorpus {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-corpus-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return new DocsCorpus(dir);
}

describe('DocsCorpus', () => {
  const sample = corpus({
    'overview.md': '---\ntitle: Overview\ndescription: What it is.\n---\n\n# Overview\n\nAgentry is a service for agents.\n',
    'limits.md': '---\ntitle: Rate limits\n---\n\n# Rate limits\n\nThirty requests per minute. Rate limit headers are sent.\n',
    'plain.md': '# Plain page\n\nNo front matter; mentions limits once.\n',
    'notes.txt': 'ignored',
  });

  it('loads Markdown pages with titles from front matter or the first heading, overview first', () => {
    expect(sample.pages.map((p) => p.name)).toEqual(['overview', 'limits', 'plain']);
    expect(sample.get('plain')?.title).toBe('Plain page');
    expect(sample.get('limits')?.description).toBe('');
    expect(sample.get('overview')?.body.startsWith('\n# Overview')).toBe(true);
  });

  it('accepts several spellings of a page path', () => {
    for (const p of ['limits', 'limits.md', '/docs/limits', 'docs/limits', 'docs://agentry/limits', ' LIMITS ']) {
      expect(sample.get(p)?.name, p).toBe('limits');
    }
    expect(sample.get('../limits')).toBeUndefined();
    expect(sample.get('nope')).toBeUndefined();
  });

  it('ranks the page about the query first and normalises scores to 0..1', () => {
    const hits = sample.search('rate limit', 10);
    expect(hits[0].page.name).toBe('limits');
    expect(hits[0].score).toBe(1);
    expect(hits.every((h) => h.score > 0 && h.score <= 1)).toBe(true);
    expect(hits[0].snippet.toLowerCase()).toContain('rate limit');
    expect(sample.search('rate limit', 1)).toHaveLength(1);
    expect(sample.search('zzzz', 10)).toEqual([]);
    expect(sample.search('!!', 10)).toEqual([]);
  });

  it('splits queries into words', () => {
    expect(queryTerms('Rate-limit, headers!  a')).toEqual(['rate-limit', 'headers']);
  });

  it('finds the repository corpus from the project root', () => {
    expect(findProjectRoot()).toMatch(/\/main$|[^/]+$/);
    const docs = getDocsCorpus();
    expect(docs.get('api-reference')?.title).toBe('API Reference');
    expect(getDocsCorpus()).toBe(docs);
  });

  it('publishes the repository pages in the order a locale-aware sort gives (overview, then alphabetical)', () => {
    const names = getDocsCorpus().pages.map((p) => p.name);
    const [first, ...rest] = names;
    expect(first).toBe('overview');
    expect(rest.length).toBeGreaterThan(5);
    // The corpus compares by code unit to keep ICU's collation data out of the server's memory.
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
