import { describe, expect, it } from 'vitest';
import { OTP_CORPUS } from '../../../test/support/inbox/otp-corpus.js';
import { htmlToText, loadHtmlToText } from './html-text.js';
import { detectOtp } from './otp.js';

// html-to-text is loaded on first use (src/inbox/domain/html-text.ts).
await loadHtmlToText();

function evaluate() {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  const misses: string[] = [];
  for (const mail of OTP_CORPUS) {
    const detection = detectOtp(mail.subject, mail.text ?? htmlToText(mail.html ?? ''));
    if (detection.code === mail.code) {
      if (mail.code !== null) truePositives++;
    } else {
      if (detection.code !== null) falsePositives++;
      if (mail.code !== null) falseNegatives++;
      misses.push(`${mail.id}: expected ${mail.code}, got ${detection.code} ${JSON.stringify(detection.candidates)}`);
    }
  }
  return {
    truePositives,
    falsePositives,
    falseNegatives,
    precision: truePositives / Math.max(1, truePositives + falsePositives),
    recall: truePositives / Math.max(1, truePositives + falseNegatives),
    misses,
  };
}

describe('one-time-code detection', () => {
  it('has a corpus of at least 60 labelled mails in English and at least two other languages', () => {
    expect(OTP_CORPUS.length).toBeGreaterThanOrEqual(60);
    const languages = new Set(OTP_CORPUS.map((m) => m.lang));
    expect(languages.has('en')).toBe(true);
    expect([...languages].filter((l) => l !== 'en').length).toBeGreaterThanOrEqual(2);
    expect(new Set(OTP_CORPUS.map((m) => m.id)).size).toBe(OTP_CORPUS.length);
  });

  it('finds the codes of the corpus with precision 1.0 and recall ≥ 0.95 (figures in docs/benchmarks.md)', () => {
    const result = evaluate();
    console.log(
      `OTP corpus: ${OTP_CORPUS.length} mails, precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)} (tp ${result.truePositives}, fp ${result.falsePositives}, fn ${result.falseNegatives})\n${result.misses.join('\n')}`,
    );
    expect(result.falsePositives, result.misses.join('\n')).toBe(0);
    expect(result.recall, result.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it.each([
    ['a year', 'Your code', 'Code valid in 2026 only.'],
    ['a date', 'Your verification code', 'Verification on 2026-03-04 and 04.03.2026 and 20260304.'],
    ['a price', 'Verification code', 'Your verification fee is $123456 or 654321 EUR or €987654.'],
    ['a phone number', 'Verification code', 'For your verification code call +1 415 555 0134 or (415) 555-0134.'],
    ['an order number', 'Your code', 'Order #482913 — order number 482913 — Bestellnummer: 482913'],
    ['a CSS colour', 'Your code', 'code color: #123456; background: #654321'],
  ])('never reports %s as a code', (_what, subject, text) => {
    expect(detectOtp(subject, text).code).toBeNull();
  });

  it('gives the candidates and no code when two are equally likely', () => {
    const detection = detectOtp('Verification', 'Your verification code: 123456\nYour verification code: 654321');
    expect(detection.code).toBeNull();
    expect(detection.candidates.map((c) => c.code).sort()).toEqual(['123456', '654321']);
  });

  it('prefers the OTP-Token header when there is one', () => {
    expect(detectOtp('Hi', 'nothing', '99887766')).toMatchObject({ code: '99887766', confidence: 0.99 });
  });

  it('scores at most the first 100 code-like numbers: a code among the first is found, a table of numbers yields none', () => {
    const table = Array.from({ length: 2000 }, (_, i) => String(100000 + ((i * 7919) % 899999))).join(' ');
    expect(detectOtp('Your code', `Your verification code is 482913\n${table}`).code).toBe('482913');
    expect(detectOtp('Report', `${table}\nYour verification code is 482913`).code).toBeNull();
  });
});
