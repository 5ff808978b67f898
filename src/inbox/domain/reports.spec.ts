import { describe, expect, it } from 'vitest';
import { extractLinks } from './links.js';
import { htmlToText, loadHtmlToText } from './html-text.js';
import { readReport } from './reports.js';

// html-to-text is loaded on first use (src/inbox/domain/html-text.ts).
await loadHtmlToText();

describe('bounce and complaint reports', () => {
  it('reads the failed recipients of a delivery status notification', () => {
    const raw =
      'Reporting-MTA: dns; mx\r\n\r\nFinal-Recipient: rfc822; Gone@Remote.example\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\nFinal-Recipient: rfc822; ok@remote.example\r\nAction: delayed\r\nStatus: 4.4.1\r\n';
    expect(readReport('multipart/report; report-type=delivery-status; boundary="x"', raw)).toEqual({
      kind: 'bounce',
      addresses: ['gone@remote.example'],
      references: [],
    });
  });

  it('reads the complainer of an ARF abuse report from the attached original', () => {
    const raw =
      'Feedback-Type: abuse\r\n\r\nContent-Type: message/rfc822\r\n\r\nFrom: agent@agents.test\r\nTo: Person <person@remote.example>\r\nSubject: hi\r\n';
    expect(readReport('multipart/report; report-type=feedback-report', raw)).toEqual({
      kind: 'complaint',
      addresses: ['person@remote.example'],
      references: [],
    });
  });

  it('names the Message-IDs the report refers to (the returned original included, folded lines too)', () => {
    const raw = [
      'Message-ID: <report-1@mx.remote.example>',
      'In-Reply-To: <sent-1@agents.test>',
      '',
      'Final-Recipient: rfc822; gone@remote.example',
      'Action: failed',
      '',
      'Content-Type: text/rfc822-headers',
      '',
      'Message-ID:',
      ' <sent-2@agents.test>',
      'References: <a@x> <b@y>',
    ].join('\r\n');
    expect(readReport('multipart/report; report-type=delivery-status', raw)?.references).toEqual([
      '<report-1@mx.remote.example>',
      '<sent-1@agents.test>',
      '<sent-2@agents.test>',
      '<a@x>',
      '<b@y>',
    ]);
  });

  it('ignores ordinary mail', () => {
    expect(readReport('text/plain', 'Final-Recipient: rfc822; x@y.example\nAction: failed')).toBeUndefined();
  });
});

describe('links and HTML to text', () => {
  it('keeps only http(s) links, decoded, deduplicated, in order', () => {
    const html =
      '<a href="https://a.example/x?p=1&amp;q=2">a</a><a href="javascript:alert(1)">b</a><a href=\'mailto:x@y\'>c</a><a href="https://a.example/x?p=1&amp;q=2">again</a>';
    expect(extractLinks('see http://b.example/path.', html)).toEqual(['https://a.example/x?p=1&q=2', 'http://b.example/path']);
  });

  it('drops scripts, styles and images and keeps the words', () => {
    const text = htmlToText(
      '<html><head><title>t</title><style>p{color:#123456}</style><script>alert(1)</script></head><body><p>Your code: <b>123456</b></p><img src="https://tracker.example/p.gif"></body></html>',
    );
    expect(text).toBe('Your code: 123456');
  });
});
