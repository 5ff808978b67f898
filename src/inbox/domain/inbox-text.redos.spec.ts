import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adversarial as adversarialFrom, timed } from '../../../test/support/redos.js';
import { htmlToText, loadHtmlToText } from './html-text.js';
import { extractLinks } from './links.js';
import { detectOtp } from './otp.js';
import { readReport } from './reports.js';

await loadHtmlToText();

// Fragments that start or extend a match of the inbox's text patterns; repeated, they are what makes a
// backtracking pattern polynomial (each was an attack on an earlier form, or would have been).
const FRAGMENTS = [
  '\n',
  '\r\n',
  ' ',
  '\t',
  '.',
  ',',
  '!',
  '?',
  ':',
  '#',
  '@',
  '@a.',
  'a.',
  'a',
  '1',
  '12',
  '123 ',
  '(',
  '+',
  ')',
  '-',
  '<',
  '>',
  'http://',
  'https://a.',
  'Message-ID: <',
  'References:',
  'href=',
  'href="',
  "href='",
  '&amp;',
  '&#x41;',
  'To:',
  'To: <',
  'x@',
  'Content-Type: message/rfc822\n',
  'Final-Recipient: rfc822; ',
  'Action: failed\n',
  '\n\n',
  'promo ',
  'coupon code',
  'order ',
  'account ',
  'ref.',
  'tel.',
  'code ',
  'verification code: ',
  '€',
  '$',
  '2024',
  '<p>',
  '<div>',
  '</div>',
  '<a href="http://x.example/',
  '\u00a0',
];

/** Adversarial strings from FRAGMENTS, up to `max` UTF-16 units (test/support/redos.ts). */
const adversarial = (max: number): fc.Arbitrary<string> => adversarialFrom(FRAGMENTS, max);

// Linear-time work on the largest inputs the parser hands over takes a few ms here (more on a busy shared
// machine); the quadratic and cubic forms these functions replaced took seconds on the same inputs.
const BUDGET_MS = 400;
const RUNS = { numRuns: 40 };

describe('inbox text functions are linear-time (ReDoS)', () => {
  it('the inputs that were polynomial before answer in a few ms', () => {
    const dots = `see http://a.example/${'.'.repeat(50_000)}x`;
    expect(timed(() => extractLinks(dots))).toBeLessThan(BUDGET_MS);
    expect(timed(() => detectOtp('code', `${'\n'.repeat(20_000)}x`))).toBeLessThan(BUDGET_MS);
    expect(timed(() => detectOtp('code', `@${'a.'.repeat(10_000)} x`))).toBeLessThan(BUDGET_MS);
    expect(timed(() => detectOtp('code', `(${' '.repeat(39)}123456`))).toBeLessThan(BUDGET_MS);
    const arf = `Content-Type: message/rfc822\n${'To: <\n'.repeat(20_000)}`;
    expect(timed(() => readReport('multipart/report; report-type=feedback-report', arf))).toBeLessThan(BUDGET_MS);
    const arf2 = `Content-Type: message/rfc822\nTo: ${'a'.repeat(50_000)}`;
    expect(timed(() => readReport('multipart/report; report-type=feedback-report', arf2))).toBeLessThan(BUDGET_MS);
  });

  it('detectOtp stays fast on adversarial subjects and bodies', () => {
    fc.assert(
      fc.property(adversarial(300), adversarial(20_000), (subject, body) => {
        expect(timed(() => detectOtp(subject, body))).toBeLessThan(BUDGET_MS);
      }),
      RUNS,
    );
  });

  it('extractLinks and htmlToText stay fast on adversarial text and HTML', () => {
    fc.assert(
      fc.property(adversarial(50_000), adversarial(50_000), (text, html) => {
        expect(timed(() => extractLinks(text, html))).toBeLessThan(BUDGET_MS);
        expect(timed(() => htmlToText(html))).toBeLessThan(BUDGET_MS);
      }),
      RUNS,
    );
  });

  it('readReport stays fast on adversarial reports of either kind', () => {
    fc.assert(
      fc.property(adversarial(200_000), fc.constantFrom('delivery-status', 'feedback-report'), (raw, kind) => {
        expect(timed(() => readReport(`multipart/report; report-type=${kind}`, raw))).toBeLessThan(BUDGET_MS);
      }),
      RUNS,
    );
  });
});

describe('the line-by-line readers keep what the patterns found', () => {
  it('domain-bound codes, phone prefixes and folded To headers', () => {
    expect(detectOtp('Your code', 'Your code is 482913.\n\n@login.example.com #482913\n').code).toBe('482913');
    expect(detectOtp('Hi', '  @a.example.org   #AB12CD  ').code).toBe('AB12CD');
    expect(detectOtp('Hi', '@localhost #123456').code).toBeNull();
    expect(detectOtp('Call us', 'Your verification code: call +49 (0) 301234 today').candidates.map((c) => c.code)).not.toContain('301234');
    const folded = 'Content-Type: text/rfc822-headers\r\n\r\nFrom: a@agents.test\r\nTo:\r\n Person@Remote.example\r\n';
    expect(readReport('multipart/report; report-type=feedback-report', folded)).toEqual({
      kind: 'complaint',
      addresses: ['person@remote.example'],
      references: [],
    });
    const plain = 'Content-Type: message/rfc822\n\nTo: x@y.example, z@w.example\n';
    expect(readReport('multipart/report; report-type=feedback-report', plain)).toEqual({
      kind: 'complaint',
      addresses: ['x@y.example'],
      references: [],
    });
    expect(extractLinks('go to https://a.example/x?!.,;: now')).toEqual(['https://a.example/x']);
  });
});
