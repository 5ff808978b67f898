import { describe, expect, it } from 'vitest';

import {
  STOP_WORDS,
  cosine,
  jaccard,
  reciprocalRankFusion,
  termFrequencies,
  tfidfVectors,
  tokenize,
  topSharedTerms,
} from './text-similarity.js';

describe('tokenize', () => {
  it('lower-cases and splits on anything but letters and digits', () => {
    expect(tokenize('Rust async/await: Tokio-runtime, HTTP2 & gRPC!')).toEqual([
      'rust',
      'async',
      'await',
      'tokio',
      'runtime',
      'http2',
      'grpc',
    ]);
  });

  it('applies NFKC before splitting', () => {
    expect(tokenize('Ｒｕｓｔ ﬁle')).toEqual(['rust', 'file']);
  });

  it('drops stop words, single characters and long pure numbers', () => {
    const text = "The cache isn't a silver bullet, but it's 10x faster: see ticket 12345678 from 2024 (v 2)";
    expect(tokenize(text)).toEqual(['cache', 'silver', 'bullet', '10x', 'faster', 'see', 'ticket', '2024']);
    expect(tokenize('123456 1234567')).toEqual(['123456']);
  });

  it('is Unicode aware: accents, non-Latin scripts, combining marks', () => {
    expect(tokenize('Café naïve — Größe straße')).toEqual(['café', 'naïve', 'größe', 'straße']);
    expect(tokenize('Привет мир')).toEqual(['привет', 'мир']);
    expect(tokenize('नमस्ते दुनिया')).toEqual(['नमस्ते', 'दुनिया']);
    expect(tokenize('東京 タワー')).toEqual(['東京', 'タワー']);
  });

  it('returns nothing for empty or stop-word-only text', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize('  the and of it  ')).toEqual([]);
  });

  it('exports a lower-case English stop word set', () => {
    expect(STOP_WORDS.has('the')).toBe(true);
    expect(STOP_WORDS.has('rust')).toBe(false);
    expect([...STOP_WORDS].every((w) => /^[a-z]+$/.test(w))).toBe(true);
  });
});

describe('termFrequencies', () => {
  it('counts tokens', () => {
    expect(termFrequencies(['rust', 'cargo', 'rust'])).toEqual(
      new Map([
        ['rust', 2],
        ['cargo', 1],
      ]),
    );
    expect(termFrequencies([]).size).toBe(0);
  });
});

function corpus(texts: Record<string, string>) {
  const docs = new Map<string, Map<string, number>>();
  const docFreq = new Map<string, number>();
  for (const [id, text] of Object.entries(texts)) {
    const tf = termFrequencies(tokenize(text));
    docs.set(id, tf);
    for (const term of tf.keys()) docFreq.set(term, (docFreq.get(term) ?? 0) + 1);
  }
  return tfidfVectors(docs, docFreq, docs.size);
}

describe('tfidfVectors and cosine', () => {
  const vectors = corpus({
    rustacean: 'rust cargo borrow checker lifetimes tokio async rust compile times',
    crab: 'rust tokio async runtime cargo workspace borrow checker',
    pythonista: 'python pandas dataframe numpy jupyter notebook plotting',
    empty: 'the and of',
  });
  const v = (id: string) => vectors.get(id)!;

  it('produces L2-normalised vectors', () => {
    for (const id of ['rustacean', 'crab', 'pythonista']) {
      const norm = Math.sqrt([...v(id).values()].reduce((s, w) => s + w * w, 0));
      expect(norm).toBeCloseTo(1, 10);
    }
    expect(v('empty').size).toBe(0);
  });

  it('weights rare terms above common ones', () => {
    // Both occur once in "crab"; "rust" appears in two documents, "runtime" only in this one.
    const crab = v('crab');
    expect(crab.get('runtime')!).toBeGreaterThan(crab.get('rust')!);
  });

  it('uses sub-linear tf so repetition does not dominate', () => {
    const docs = new Map([
      [
        'd',
        new Map([
          ['spam', 100],
          ['ham', 1],
        ]),
      ],
    ]);
    const df = new Map([
      ['spam', 1],
      ['ham', 1],
    ]);
    const vec = tfidfVectors(docs, df, 10).get('d')!;
    expect(vec.get('spam')! / vec.get('ham')!).toBeCloseTo(1 + Math.log(100), 10);
  });

  it('ranks similar agents above dissimilar ones', () => {
    const sim = cosine(v('rustacean'), v('crab'));
    const diff = cosine(v('rustacean'), v('pythonista'));
    expect(sim).toBeGreaterThan(0.3);
    expect(diff).toBe(0);
    expect(sim).toBeGreaterThan(diff);
  });

  it('is symmetric, 1 for identical vectors, 0 for empty ones', () => {
    expect(cosine(v('rustacean'), v('crab'))).toBeCloseTo(cosine(v('crab'), v('rustacean')), 12);
    expect(cosine(v('crab'), v('crab'))).toBeCloseTo(1, 12);
    expect(cosine(v('crab'), new Map())).toBe(0);
    expect(cosine(new Map(), new Map())).toBe(0);
  });

  it('does not need normalised input', () => {
    const a = new Map([
      ['x', 3],
      ['y', 4],
    ]);
    const b = new Map([
      ['x', 6],
      ['y', 8],
    ]);
    expect(cosine(a, b)).toBeCloseTo(1, 12);
    expect(cosine(a, new Map([['x', 1]]))).toBeCloseTo(0.6, 12);
  });

  it('tolerates terms missing from docFreq and bogus counts', () => {
    const docs = new Map([
      [
        'd',
        new Map([
          ['known', 1],
          ['unknown', 1],
          ['zero', 0],
          ['nan', Number.NaN],
        ]),
      ],
    ]);
    const vec = tfidfVectors(docs, new Map([['known', 5]]), 5).get('d')!;
    expect([...vec.keys()].sort()).toEqual(['known', 'unknown']);
    expect(vec.get('unknown')!).toBeGreaterThan(vec.get('known')!);
    expect(tfidfVectors(docs, new Map(), 0).get('d')!.size).toBe(2);
  });
});

describe('topSharedTerms', () => {
  it('returns shared terms by descending product of weights', () => {
    const a = new Map([
      ['rust', 0.9],
      ['tokio', 0.5],
      ['cargo', 0.1],
      ['python', 0.7],
    ]);
    const b = new Map([
      ['rust', 0.2],
      ['tokio', 0.8],
      ['cargo', 0.9],
      ['go', 0.9],
    ]);
    expect(topSharedTerms(a, b, 2)).toEqual(['tokio', 'rust']);
    expect(topSharedTerms(a, b, 10)).toEqual(['tokio', 'rust', 'cargo']);
    expect(topSharedTerms(a, b, 0)).toEqual([]);
    expect(topSharedTerms(a, new Map(), 3)).toEqual([]);
  });

  it('breaks ties alphabetically', () => {
    const a = new Map([
      ['zeta', 1],
      ['alpha', 1],
    ]);
    expect(topSharedTerms(a, a, 2)).toEqual(['alpha', 'zeta']);
  });
});

describe('jaccard', () => {
  it('computes intersection over union', () => {
    expect(jaccard(new Set(['a', 'b', 'c']), new Set(['b', 'c', 'd']))).toBeCloseTo(0.5);
    expect(jaccard(new Set(['a']), new Set(['a']))).toBe(1);
    expect(jaccard(new Set(['a']), new Set(['b']))).toBe(0);
    expect(jaccard(new Set(), new Set(['b']))).toBe(0);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });
});

describe('reciprocalRankFusion', () => {
  it('scores by the sum of 1 / (k + rank)', () => {
    const scores = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['b', 'a', 'd'],
    ]);
    expect(scores.get('a')).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(scores.get('b')).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(scores.get('c')).toBeCloseTo(1 / 63, 12);
    expect(scores.get('d')).toBeCloseTo(1 / 63, 12);
  });

  it('iterates from best to worst; items found by several lists win', () => {
    const scores = reciprocalRankFusion([
      ['x', 'shared', 'y'],
      ['z', 'shared', 'w'],
      ['q', 'r', 'shared'],
    ]);
    expect([...scores.keys()][0]).toBe('shared');
    expect([...scores.keys()]).toEqual(['shared', 'x', 'z', 'q', 'r', 'y', 'w']);
  });

  it('applies per-list weights (default 1) and k', () => {
    const weighted = reciprocalRankFusion(
      [
        ['a', 'b'],
        ['b', 'a'],
      ],
      1,
      [1, 3],
    );
    expect([...weighted.keys()]).toEqual(['b', 'a']);
    expect(weighted.get('b')).toBeCloseTo(1 / 3 + 3 / 2, 12);
    expect(reciprocalRankFusion([['a'], ['a']], 0, [2]).get('a')).toBeCloseTo(3, 12);
  });

  it('counts only the first occurrence of an id within a list', () => {
    expect(reciprocalRankFusion([['a', 'a', 'a']], 60).get('a')).toBeCloseTo(1 / 61, 12);
  });

  it('handles empty input and rejects invalid parameters', () => {
    expect(reciprocalRankFusion([]).size).toBe(0);
    expect(reciprocalRankFusion([[], []]).size).toBe(0);
    expect(() => reciprocalRankFusion([['a']], -1)).toThrow(RangeError);
    expect(() => reciprocalRankFusion([['a']], Number.NaN)).toThrow(RangeError);
    expect(() => reciprocalRankFusion([['a']], 60, [Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
});
