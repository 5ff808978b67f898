import { describe, expect, it } from 'vitest';
import { editDistance, fold, foldedWords, isSearchWord, typoBudget } from './text-fold.js';
import { parseQuery, TextIndex } from './text-index.js';

function index(docs: Array<[key: string, ...fields: string[]]>): TextIndex {
  const sut = new TextIndex([8, 4, 1]);
  for (const [key, ...fields] of docs) sut.upsert({ key, fields, exact: [fields[0] ?? ''] });
  return sut;
}

const keys = (sut: TextIndex, q: string, limit = 10): string[] => sut.search(q, { limit }).hits.map((h) => h.key);

describe('text folding and distances', () => {
  it('folds accents, case and ligatures', () => {
    expect(fold('Ålesund Café Smørrebrød STRASSE Straße Œuvre')).toBe('alesund cafe smorrebrod strasse strasse oeuvre');
  });

  it('splits ASCII and other text into the same words', () => {
    expect(foldedWords('Hello, WORLD_42 foo-bar\tBAZ9 ~x')).toEqual(['hello', 'world', '42', 'foo', 'bar', 'baz9', 'x']);
    expect(foldedWords('Ålesund_CAFÉ-42 Straße')).toEqual(['alesund', 'cafe', '42', 'strasse']);
  });

  it('allows one typo from five letters and two from nine', () => {
    expect([typoBudget('keep'), typoBudget('keeper'), typoBudget('lighthous'), typoBudget('lighthouse')]).toEqual([0, 1, 2, 2]);
  });

  it('counts a transposition as one edit and gives up past the budget', () => {
    expect(editDistance('lighthuose', 'lighthouse', 2)).toBe(1);
    expect(editDistance('kestral', 'kestrel', 1)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('postgrse', 'postgresql', 1, true)).toBe(1);
    expect(editDistance('postgrse', 'postgresql', 1)).toBe(2);
  });

  it('leaves out stop words and one-letter words but keeps digits', () => {
    expect(['the', 'of', 'a', 'x', '7', 'ai'].map(isSearchWord)).toEqual([false, false, false, false, true, true]);
  });

  it('parses web-search syntax', () => {
    expect(parseQuery('"cold chain" vaccines -desert OR open-source')).toEqual({
      words: ['cold', 'chain', 'vaccines', 'open', 'source'],
      required: new Set(['cold', 'chain']),
      excluded: ['desert'],
    });
  });
});

describe('TextIndex', () => {
  const sut = index([
    ['keeper', 'Lighthouse Keepers', 'safety', 'Lighthouse keeper for autonomous agents'],
    ['cafe', 'Café Ålesund', '', 'Coffee research'],
    ['quantum-name', 'Quantum Gannet', '', 'Shipping'],
    ['quantum-tag', 'Halibut Systems', 'quantum', 'Ports'],
    ['quantum-text', 'Saltmarsh Analytics', '', 'Benchmarks quantum annealers'],
    ['near', 'Cardamom', '', 'Cold chain monitoring'],
    ['far', 'Cinnamon', '', 'Cold desert on a long chain'],
    ['agents', 'Agents United', '', 'A federation'],
    ['agents-2', 'Agents United Two', '', 'Another federation'],
  ]);

  it('tolerates typos on every word and matches the last word as a prefix', () => {
    expect(keys(sut, 'lighthuose keeper')[0]).toBe('keeper');
    expect(keys(sut, 'keeper')).toEqual(['keeper']);
    expect(keys(sut, 'lighth')).toEqual(['keeper']);
    expect(keys(sut, 'auto')).toEqual(['keeper']);
    // A prefix only counts for the last word: "auto" alone in the middle finds nothing.
    expect(keys(sut, 'auto cafe')).toEqual(['cafe']);
  });

  it('folds accents and case in documents and queries alike', () => {
    expect(keys(sut, 'ALESUND')).toEqual(['cafe']);
    expect(keys(sut, 'cafe')).toEqual(['cafe']);
    expect(keys(sut, 'Ålesünd')).toEqual(['cafe']);
  });

  it('ranks by field weight, then proximity, and puts the exact name first', () => {
    expect(keys(sut, 'quantum')).toEqual(['quantum-name', 'quantum-tag', 'quantum-text']);
    expect(keys(sut, 'cold chain')).toEqual(['near', 'far']);
    expect(keys(sut, 'agents united').slice(0, 2)).toEqual(['agents', 'agents-2']);
    const [exact, other] = sut.search('agents united', { limit: 2 }).hits;
    expect(exact.score).toBeGreaterThan(other.score);
  });

  it('ranks documents matching all words above those matching some', () => {
    expect(keys(sut, 'cold vaccines chain desert')[0]).toBe('far');
  });

  it('never lets stop words decide', () => {
    expect(keys(sut, 'the of and')).toEqual([]);
    expect(keys(sut, 'the lighthouse of the keepers')[0]).toBe('keeper');
  });

  it('honours phrases and exclusions', () => {
    expect(keys(sut, '"cold chain" -desert')).toEqual(['near']);
    expect(keys(sut, '"federation another"')).toEqual(['agents-2']);
  });

  it('pages with offset and counts every match', () => {
    const all = sut.search('quantum', { limit: 10 });
    expect(all.total).toBe(3);
    expect(sut.search('quantum', { limit: 1, offset: 1 }).hits.map((h) => h.key)).toEqual(['quantum-tag']);
  });

  it('replaces, removes and compacts documents', () => {
    const own = index([
      ['a', 'Alpha Works'],
      ['b', 'Bravo Works'],
    ]);
    own.upsert({ key: 'a', fields: ['Charlie Works'] });
    expect(keys(own, 'alpha')).toEqual([]);
    expect(keys(own, 'charlie')).toEqual(['a']);
    own.remove('b');
    expect(keys(own, 'works')).toEqual(['a']);
    own.compact();
    expect(own.size).toBe(1);
    expect(own.postings).toBe(2);
    expect(keys(own, 'works')).toEqual(['a']);
  });

  it('leaves out documents with excluded flags', () => {
    const own = new TextIndex([1]);
    own.upsert({ key: 'plain', fields: ['redis timeout'] });
    own.upsert({ key: 'flagged', fields: ['redis timeout'], flags: 1 });
    expect(own.search('redis', { limit: 5, excludeFlags: 1 }).hits.map((h) => h.key)).toEqual(['plain']);
    expect(own.search('redis', { limit: 5 }).hits).toHaveLength(2);
  });
});
