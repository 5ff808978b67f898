import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../common/http/html.js';
import { NON_BINDING_MESSAGE } from '../dmv.types.js';
import { badgePage, badgeResultPage } from './badge-svg.js';
import { movedPage } from './dmv-layout.js';
import { certificateNotFoundPage, certificatePage, certificateResultPage, type CertificatePageView } from './public-pages.js';
import { contactVerificationPage, verifyConfirmPage, verifyResultPage, type VerifyResultKind } from './verification-pages.js';

// The DMV's pages as view functions: complete documents in the site layout, every value escaped, their statuses and cache headers.

const XSS = `<script>alert("x")</script>&'`;
const XSS_ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;';

function assertSelfContainedHtml(html: string) {
  expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
  expect(html).toMatch(/<html lang="en">/);
  expect(html).toMatch(/<meta charset="utf-8">/);
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  expect(html).toMatch(/<\/html>\s*$/);
  expect(html).not.toMatch(/<script/i);
  // Only same-origin files (the site stylesheet and favicon): no CDNs, fonts or other hosts.
  expect(html).not.toMatch(/<link\b(?![^>]*\shref="\/(?!\/))/i);
  expect(html).not.toMatch(/@import|@font-face|url\(/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=\s*["a-z]/i); // no inline event handlers
  expect(html).not.toMatch(/<iframe|<object|<embed/i);
}

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`& < > " '`)).toBe('&amp; &lt; &gt; &quot; &#39;');
  });

  it('escapes & first, so existing entities are escaped rather than passed through', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
    expect(escapeHtml('a&&b')).toBe('a&amp;&amp;b');
  });

  it('leaves other text, including non-ASCII, untouched', () => {
    expect(escapeHtml('bücher.agent — 中文 ✓')).toBe('bücher.agent — 中文 ✓');
    expect(escapeHtml('')).toBe('');
  });
});

describe('NON_BINDING_MESSAGE', () => {
  it('states that the pre-registration is free, non-binding and confers no rights, subject to ICANN', () => {
    expect(NON_BINDING_MESSAGE).toMatch(/free/);
    expect(NON_BINDING_MESSAGE).toMatch(/non-binding/);
    expect(NON_BINDING_MESSAGE).toMatch(/\.agent/);
    expect(NON_BINDING_MESSAGE).toMatch(/no ownership/);
    expect(NON_BINDING_MESSAGE).toMatch(/rights/);
    expect(NON_BINDING_MESSAGE).toMatch(/ICANN/);
    expect(NON_BINDING_MESSAGE).toMatch(/approved/);
    expect(escapeHtml(NON_BINDING_MESSAGE)).toBe(NON_BINDING_MESSAGE); // safe to embed anywhere
  });
});

describe('certificatePage', () => {
  const input: CertificatePageView = {
    certificateId: 'DMV-0000-014S-C0PJ-V',
    agentName: 'Weather Bot',
    domain: 'weather-bot.agent',
    issuedAt: new Date('2025-03-04T23:59:59.999Z'),
    contactVerified: true,
    badgeUrl: '/dmv/certificates/DMV-0000-014S-C0PJ-V/badge.svg',
    nonBindingMessage: NON_BINDING_MESSAGE,
  };

  it('is a complete, self-contained HTML5 page', () => {
    const html = certificatePage(input).html;
    assertSelfContainedHtml(html);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/site\.css\?v=[\w-]+">/);
  });

  it('shows name, domain, certificate ID, ISO issue date, verification, badge and the message', () => {
    const html = certificatePage(input).html;
    expect(html).toContain('Weather Bot');
    expect(html).toContain('weather-bot.agent');
    expect(html).toContain('<code>DMV-0000-014S-C0PJ-V</code>');
    expect(html).toContain('<time datetime="2025-03-04">2025-03-04</time>');
    expect(html).toMatch(/Contact verified<\/dt><dd><span class="ok">Yes/);
    expect(html).toContain('<img src="/dmv/certificates/DMV-0000-014S-C0PJ-V/badge.svg"');
    expect(html).toMatch(/<img [^>]*alt="DMV pre-registered: weather-bot\.agent"/);
    expect(html).toContain(NON_BINDING_MESSAGE);
  });

  it('uses the UTC date regardless of the local time zone', () => {
    const html = certificatePage({ ...input, issuedAt: new Date('2025-12-31T23:30:00-05:00') }).html;
    expect(html).toContain('<time datetime="2026-01-01">2026-01-01</time>');
  });

  it('says when the contact is not verified', () => {
    const html = certificatePage({ ...input, contactVerified: false }).html;
    expect(html).toMatch(/Contact verified<\/dt><dd><span class="warn">Not yet verified/);
    expect(html).not.toMatch(/class="ok"/);
  });

  it('shows the message it is given', () => {
    const html = certificatePage({ ...input, nonBindingMessage: 'Custom notice.' }).html;
    expect(html).toContain('<p class="notice">Custom notice.</p>');
  });

  it('escapes every interpolated value', () => {
    const html = certificatePage({
      ...input,
      certificateId: XSS,
      agentName: XSS,
      domain: XSS,
      badgeUrl: `x" onerror="alert(1)`,
      nonBindingMessage: XSS,
    }).html;
    assertSelfContainedHtml(html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('alert("x")');
    expect(html).toContain('<img src="x&quot; onerror=&quot;alert(1)"');
    // agent name, domain (×3 in body + title + alt), certificate ID (body + title), message
    expect(html.split(XSS_ESCAPED).length - 1).toBeGreaterThanOrEqual(6);
    expect(html).toMatch(/<title>[^<]*&lt;script&gt;[^<]*<\/title>/);
  });

  it('answers 200, revalidated on every view', () => {
    const page = certificatePage(input);
    expect(page.status).toBe(200);
    expect(page.headers).toEqual({ 'Cache-Control': 'no-cache' });
  });

  it('rejects an invalid date', () => {
    expect(() => certificatePage({ ...input, issuedAt: new Date('nope') })).toThrow(RangeError);
  });
});

describe('certificateNotFoundPage', () => {
  it('answers 404', () => {
    expect(certificateNotFoundPage('DMV-0000-0000-0000-0').status).toBe(404);
  });

  it('is self-contained and names the (escaped) ID', () => {
    const html = certificateNotFoundPage('DMV-0000-0000-0000-0').html;
    assertSelfContainedHtml(html);
    expect(html).toMatch(/not found/i);
    expect(html).toContain('<code>DMV-0000-0000-0000-0</code>');
  });

  it('escapes the ID', () => {
    const html = certificateNotFoundPage(XSS).html;
    assertSelfContainedHtml(html);
    expect(html).toContain(`<code>${XSS_ESCAPED}</code>`);
  });
});

describe('verifyResultPage', () => {
  const kinds: VerifyResultKind[] = ['verified', 'already_used', 'expired', 'invalid'];

  it.each(kinds)('%s: is a self-contained page with the non-binding message', (kind) => {
    const html = verifyResultPage(kind, 'weather-bot.agent').html;
    assertSelfContainedHtml(html);
    expect(html).toContain(NON_BINDING_MESSAGE);
  });

  it('gives each outcome its own wording', () => {
    const pages = kinds.map((k) => verifyResultPage(k).html);
    expect(new Set(pages).size).toBe(4);
    expect(pages[0]).toMatch(/<h1[^>]*>Contact verified<\/h1>/);
    expect(pages[1]).toMatch(/already been used/);
    expect(pages[2]).toMatch(/expired/);
    expect(pages[3]).toMatch(/Invalid verification link/);
  });

  it('mentions the domain when known', () => {
    expect(verifyResultPage('verified', 'weather-bot.agent').html).toContain('<strong>weather-bot.agent</strong>');
    expect(verifyResultPage('already_used', 'weather-bot.agent').html).toContain('weather-bot.agent');
    expect(verifyResultPage('expired', 'weather-bot.agent').html).toContain('weather-bot.agent');
    expect(verifyResultPage('verified').html).not.toContain('<strong>');
  });

  it('escapes the domain', () => {
    const html = verifyResultPage('verified', XSS).html;
    assertSelfContainedHtml(html);
    expect(html).toContain(`<strong>${XSS_ESCAPED}</strong>`);
  });

  it('answers each outcome with its status and never lets a page be stored', () => {
    const statuses = kinds.map((k) => verifyResultPage(k, 'weather-bot.agent').status);
    expect(statuses).toEqual([200, 200, 410, 404]);
    for (const k of kinds) expect(verifyResultPage(k).headers).toMatchObject({ 'Cache-Control': 'no-store' });
  });

  it('never reveals a domain for an invalid token', () => {
    expect(verifyResultPage('invalid', 'weather-bot.agent').html).not.toContain('weather-bot.agent');
  });
});

describe('the facade results the pages controller renders', () => {
  const certificate: CertificatePageView = {
    certificateId: 'DMV-0000-014S-C0PJ-V',
    agentName: 'weather-bot',
    domain: 'weather-bot.agent',
    issuedAt: new Date('2026-01-02T03:04:05Z'),
    contactVerified: true,
    badgeUrl: '/dmv/certificates/DMV-0000-014S-C0PJ-V/badge.svg',
    nonBindingMessage: NON_BINDING_MESSAGE,
  };

  it('certificateResultPage renders the page, the redirect or the 404 page it names', () => {
    expect(certificateResultPage({ kind: 'certificate', certificate })).toEqual(certificatePage(certificate));
    expect(certificateResultPage({ kind: 'not_found', certificateId: 'DMV-X' })).toEqual(certificateNotFoundPage('DMV-X'));
    expect(certificateResultPage({ kind: 'moved', location: '/dmv/certificates/DMV-1', status: 301 })).toEqual(
      movedPage('/dmv/certificates/DMV-1', 301),
    );
  });

  it('badgeResultPage renders the badge (304 when the ETag matches) or the redirect', () => {
    const badge = { certificateId: certificate.certificateId, domain: certificate.domain, status: 'verified' as const };
    const page = badgeResultPage({ kind: 'badge', badge }, undefined);
    expect(page).toEqual(badgePage(badge, undefined));
    expect(badgeResultPage({ kind: 'badge', badge }, page.headers?.ETag).status).toBe(304);
    expect(badgeResultPage({ kind: 'moved', location: '/x/badge.svg', status: 301 }, undefined)).toEqual(movedPage('/x/badge.svg', 301));
  });

  it('contactVerificationPage renders the confirmation form or the outcome', () => {
    expect(contactVerificationPage({ kind: 'confirm', token: 'dmvv_t', domain: 'a.agent' })).toEqual(
      verifyConfirmPage('dmvv_t', 'a.agent'),
    );
    expect(contactVerificationPage({ kind: 'result', result: 'expired', domain: 'a.agent' })).toEqual(
      verifyResultPage('expired', 'a.agent'),
    );
    expect(contactVerificationPage({ kind: 'result', result: 'invalid' })).toEqual(verifyResultPage('invalid'));
  });
});
