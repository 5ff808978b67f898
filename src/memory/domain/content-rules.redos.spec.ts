import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adversarial as adversarialFrom, timed } from '../../../test/support/redos.js';
import {
  BODY_MAX_LENGTH,
  PROFILE_MAX_LENGTH,
  RAW_LENGTH_FACTOR,
  TITLE_MAX_LENGTH,
  validateAgentInput,
  validateCategoryInput,
  validateMessageInput,
} from './content-rules.js';
import { CONSTRUCTED_CONTENT_PATTERNS, detectPromptInjection } from './prompt-injection.js';
import { scanForSecrets } from './secret-rules.js';

// Fragments that start or extend a match of some rule; repeated, they are what makes a backtracking
// pattern quadratic (each one is an attack that worked, or would have, against an earlier pattern).
const FRAGMENTS = [
  'eyJ-',
  'eyJ',
  'eyJa.',
  '\n',
  ' ',
  '\t',
  '  \n',
  'a',
  'A1',
  '-',
  '_',
  '.',
  '=',
  '?',
  ':',
  '/',
  '<',
  '>',
  '[',
  ']',
  '(',
  ')',
  '![',
  '](http://',
  '<img ',
  'src=http://',
  'sk-',
  'sk-ant-',
  'ghp_',
  'github_pat_',
  'xoxb-1-',
  'AKIA',
  'AIza',
  'arc_',
  'mca_',
  '-----BEGIN ',
  'A ',
  'PRIVATE KEY',
  'system prompt',
  '# system',
  '**',
  'you are now a ',
  'act as ',
  'ignore ',
  'all ',
  'previous ',
  'send ',
  'the ',
  'keys ',
  '<system',
  '</',
  '<|',
  'call the ',
  'tool',
  '!',
  'aws_secret_access_key=',
  'https://hooks.slack.com/services/',
  'postgres://u:p@',
  'redis://:',
  'a://',
  'a+b.c-d:',
  ':@',
  '://:',
  '\u00a0',
  'ｅｙＪ',
  '\u2028',
];

/** Adversarial strings from FRAGMENTS, up to `max` UTF-16 units (test/support/redos.ts). */
const adversarial = (max: number): fc.Arbitrary<string> => adversarialFrom(FRAGMENTS, max);

// Linear-time scanning of the largest accepted input takes ~1-20 ms here (more on a busy shared machine); a
// quadratic pattern took 0.5-8 s on the same inputs.
const BUDGET_MS = 250;

describe('content rules are linear-time (ReDoS)', () => {
  // Literal patterns are checked by `npm run lint` (eslint-plugin-redos); these two are built at run time, so
  // the attack strings recheck found against their earlier forms are timed here (recheck's own verdict on them
  // depends on a time budget, which a busy shared machine makes unreliable).
  it('the patterns built at run time stay fast on the attack strings found against their earlier forms', () => {
    for (const pattern of CONSTRUCTED_CONTENT_PATTERNS) {
      for (const attack of [
        ':act as '.repeat(2000),
        `:ACT\tAS\v${':ACT\tAS\v'.repeat(2000)}`,
        'call the '.repeat(1800),
        `.call the ${'a.'.repeat(8000)}`,
      ]) {
        expect(timed(() => pattern.test(attack.slice(0, BODY_MAX_LENGTH)))).toBeLessThan(BUDGET_MS);
      }
    }
  });

  it('the body that took 269 ms before ("eyJ-" x 4000) and 16,000 newlines validate in a few ms', () => {
    const ok = { category: 'general', topic: 't', title: 't' };
    expect(timed(() => validateMessageInput({ ...ok, body: 'eyJ-'.repeat(4000) }))).toBeLessThan(BUDGET_MS);
    expect(timed(() => detectPromptInjection(`x${'\n'.repeat(16_000)}x`))).toBeLessThan(BUDGET_MS);
    expect(timed(() => detectPromptInjection(`![${'!['.repeat(8000)}`))).toBeLessThan(BUDGET_MS);
  });

  it('the URI credential rule scans long scheme runs, colon runs and repeated authorities once', () => {
    for (const attack of [
      'a'.repeat(BODY_MAX_LENGTH),
      'a+'.repeat(BODY_MAX_LENGTH / 2),
      `a://${':'.repeat(BODY_MAX_LENGTH)}`,
      `a://${'x'.repeat(BODY_MAX_LENGTH)}`,
      'a://:'.repeat(BODY_MAX_LENGTH / 5),
      'a://x:y'.repeat(BODY_MAX_LENGTH / 7),
      `redis://:${'p:'.repeat(BODY_MAX_LENGTH / 2)}`,
    ]) {
      expect(timed(() => scanForSecrets(attack))).toBeLessThan(BUDGET_MS);
    }
  });

  it('validateMessageInput stays fast on adversarial bodies and titles', () => {
    fc.assert(
      fc.property(adversarial(BODY_MAX_LENGTH * RAW_LENGTH_FACTOR), adversarial(TITLE_MAX_LENGTH * 4), (body, title) => {
        const input = { category: 'general', topic: title.slice(0, 300), title, body };
        expect(timed(() => validateMessageInput(input))).toBeLessThan(BUDGET_MS);
        expect(timed(() => scanForSecrets(body))).toBeLessThan(BUDGET_MS);
        expect(timed(() => detectPromptInjection(body))).toBeLessThan(BUDGET_MS);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('validateAgentInput and validateCategoryInput stay fast on adversarial input', () => {
    fc.assert(
      fc.property(adversarial(PROFILE_MAX_LENGTH * RAW_LENGTH_FACTOR), adversarial(200), (long, short) => {
        expect(timed(() => validateAgentInput({ handle: short, profile: long }))).toBeLessThan(BUDGET_MS);
        expect(timed(() => validateCategoryInput({ slug: short, title: short, description: long.slice(0, 2000) }))).toBeLessThan(BUDGET_MS);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('never throws on any input shape', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), fc.anything(), (category, topic, title, body) => {
        const result = validateMessageInput({ category, topic, title, body });
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
});
