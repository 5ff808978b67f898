import { describe, expect, it } from 'vitest';
import {
  NON_BINDING_MESSAGE,
  escapeHtml,
  measureBadgeText,
  renderBadgeSvg,
  renderCertificatePage,
  renderNotFoundPage,
  renderVerifyResultPage,
  type CertificatePageInput,
  type VerifyResultKind,
} from './certificate-view.js';

/**
 * Minimal XML well-formedness check: tags balance, attributes are quoted and unique, text and attribute
 * values contain no raw '<' and only the predefined or numeric entity references, no raw '&'.
 * Returns the list of element names in document order.
 */
function assertWellFormedXml(xml: string): string[] {
  const elements: string[] = [];
  const stack: string[] = [];
  const entity = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g;
  const checkText = (text: string, where: string) => {
    const stripped = text.replace(entity, '');
    if (/[<&]/.test(stripped)) throw new Error(`raw '<' or '&' in ${where}: ${JSON.stringify(text)}`);
  };
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = lt === -1 ? xml.slice(i) : xml.slice(i, lt);
    checkText(text, 'text');
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) throw new Error(`malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`);
    const [whole, closing, name, attrs, selfClosing] = m;
    if (closing) {
      if (attrs || selfClosing) throw new Error(`bad closing tag ${whole}`);
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else {
      const seen = new Set<string>();
      for (const a of attrs.matchAll(/([\w:-]+)="([^"]*)"/g)) {
        if (seen.has(a[1])) throw new Error(`duplicate attribute ${a[1]} in <${name}>`);
        seen.add(a[1]);
        checkText(a[2], `attribute ${a[1]}`);
      }
      elements.push(name);
      if (!selfClosing) stack.push(name);
    }
    i = lt + whole.length;
  }
  if (stack.length) throw new Error(`unclosed elements: ${stack.join(', ')}`);
  return elements;
}

function attr(svg: string, element: string, name: string): string | undefined {
  const m = new RegExp(`<${element}\\b[^>]*\\s${name}="([^"]*)"`).exec(svg);
  return m?.[1];
}

const XSS = `<script>alert("x")</script>&'`;
const XSS_ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;';

function assertSelfContainedHtml(html: string) {
  expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
  expect(html).toMatch(/<html lang="en">/);
  expect(html).toMatch(/<meta charset="utf-8">/);
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  expect(html).toMatch(/<\/html>\s*$/);
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<link/i);
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

describe('renderBadgeSvg', () => {
  const base = { certificateId: 'DMV-0000-014S-C0PJ-V', domain: 'weather-bot.agent' } as const;

  it('is a well-formed, self-contained, accessible SVG', () => {
    const svg = renderBadgeSvg({ ...base, status: 'issued' });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    const elements = assertWellFormedXml(svg);
    expect(elements[0]).toBe('svg');
    expect(elements[1]).toBe('title');
    expect(attr(svg, 'svg', 'xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(attr(svg, 'svg', 'role')).toBe('img');
    expect(attr(svg, 'svg', 'aria-label')).toBe('DMV pre-registered: weather-bot.agent (issued)');
    expect(svg).toMatch(/<title>[^<]*weather-bot\.agent[^<]*DMV-0000-014S-C0PJ-V[^<]*<\/title>/);
    // no external references of any kind
    expect(svg).not.toMatch(/href|@import|@font-face|<image|<script|<foreignObject/i);
    expect(svg.match(/https?:\/\/[^"]*/g)).toEqual(['http://www.w3.org/2000/svg']);
  });

  it('shows the label on the left and the domain on the right', () => {
    const svg = renderBadgeSvg({ ...base, status: 'issued' });
    const texts = [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts).toEqual(['DMV pre-registered', 'DMV pre-registered', 'weather-bot.agent', 'weather-bot.agent']);
  });

  it('sizes the two parts to their text and the whole to their sum', () => {
    const svg = renderBadgeSvg({ ...base, status: 'issued' });
    const width = Number(attr(svg, 'svg', 'width'));
    const rects = [...svg.matchAll(/<rect\b[^>]*?width="(\d+(?:\.\d+)?)"/g)].map((m) => Number(m[1]));
    // clip rect, left rect, right rect, gradient overlay
    expect(rects[0]).toBe(width);
    expect(rects[1] + rects[2]).toBe(width);
    expect(attr(svg, 'svg', 'viewBox')).toBe(`0 0 ${width} 20`);
    const longer = renderBadgeSvg({ ...base, domain: `${'a'.repeat(63)}.agent`, status: 'issued' });
    expect(Number(attr(longer, 'svg', 'width'))).toBeGreaterThan(width);
  });

  it('distinguishes issued and verified', () => {
    const issued = renderBadgeSvg({ ...base, status: 'issued' });
    const verified = renderBadgeSvg({ ...base, status: 'verified' });
    expect(issued).not.toBe(verified);
    assertWellFormedXml(verified);
    expect(attr(verified, 'svg', 'aria-label')).toBe('DMV pre-registered: weather-bot.agent (contact verified)');
    expect(verified).toMatch(/contact verified/);
  });

  it('escapes the domain and certificate ID everywhere they appear', () => {
    const svg = renderBadgeSvg({ certificateId: `"><x a='`, domain: `<b>&"x'</b>`, status: 'issued' });
    assertWellFormedXml(svg);
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;b&gt;&amp;&quot;x&#39;&lt;/b&gt;');
    expect(svg).toContain('&quot;&gt;&lt;x a=&#39;');
    expect(attr(svg, 'svg', 'aria-label')).toBe('DMV pre-registered: &lt;b&gt;&amp;&quot;x&#39;&lt;/b&gt; (issued)');
  });

  it('drops characters that XML forbids outright', () => {
    const svg = renderBadgeSvg({ ...base, domain: 'a\u0000b\u0007c\uFFFE.agent', status: 'issued' });
    assertWellFormedXml(svg);
    expect(svg).toContain('abc.agent');
    // eslint-disable-next-line no-control-regex
    expect(svg).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
  });

  it('handles non-ASCII domains and keeps them as text', () => {
    const svg = renderBadgeSvg({ ...base, domain: 'bücher.agent', status: 'verified' });
    assertWellFormedXml(svg);
    expect(svg).toContain('>bücher.agent</text>');
  });
});

describe('measureBadgeText', () => {
  it('grows with the text and treats narrow and wide glyphs differently', () => {
    expect(measureBadgeText('')).toBe(0);
    expect(measureBadgeText('ab')).toBeGreaterThan(measureBadgeText('a'));
    expect(measureBadgeText('mmmm')).toBeGreaterThan(measureBadgeText('iiii'));
  });
});

describe('renderCertificatePage', () => {
  const input: CertificatePageInput = {
    certificateId: 'DMV-0000-014S-C0PJ-V',
    agentName: 'Weather Bot',
    domain: 'weather-bot.agent',
    issuedAt: new Date('2025-03-04T23:59:59.999Z'),
    contactVerified: true,
    badgeUrl: '/dmv/certificates/DMV-0000-014S-C0PJ-V/badge.svg',
    nonBindingMessage: NON_BINDING_MESSAGE,
  };

  it('is a complete, self-contained HTML5 page', () => {
    const html = renderCertificatePage(input);
    assertSelfContainedHtml(html);
    expect(html).toMatch(/<style>[\s\S]+<\/style>/);
  });

  it('shows name, domain, certificate ID, ISO issue date, verification, badge and the message', () => {
    const html = renderCertificatePage(input);
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
    const html = renderCertificatePage({ ...input, issuedAt: new Date('2025-12-31T23:30:00-05:00') });
    expect(html).toContain('<time datetime="2026-01-01">2026-01-01</time>');
  });

  it('says when the contact is not verified', () => {
    const html = renderCertificatePage({ ...input, contactVerified: false });
    expect(html).toMatch(/Contact verified<\/dt><dd><span class="warn">Not yet verified/);
    expect(html).not.toMatch(/class="ok"/);
  });

  it('shows the message it is given', () => {
    const html = renderCertificatePage({ ...input, nonBindingMessage: 'Custom notice.' });
    expect(html).toContain('<p class="notice">Custom notice.</p>');
  });

  it('escapes every interpolated value', () => {
    const html = renderCertificatePage({
      ...input,
      certificateId: XSS,
      agentName: XSS,
      domain: XSS,
      badgeUrl: `x" onerror="alert(1)`,
      nonBindingMessage: XSS,
    });
    assertSelfContainedHtml(html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('alert("x")');
    expect(html).toContain('<img src="x&quot; onerror=&quot;alert(1)"');
    // agent name, domain (×3 in body + title + alt), certificate ID (body + title), message
    expect(html.split(XSS_ESCAPED).length - 1).toBeGreaterThanOrEqual(6);
    expect(html).toMatch(/<title>[^<]*&lt;script&gt;[^<]*<\/title>/);
  });

  it('rejects an invalid date', () => {
    expect(() => renderCertificatePage({ ...input, issuedAt: new Date('nope') })).toThrow(RangeError);
  });
});

describe('renderNotFoundPage', () => {
  it('is self-contained and names the (escaped) ID', () => {
    const html = renderNotFoundPage('DMV-0000-0000-0000-0');
    assertSelfContainedHtml(html);
    expect(html).toMatch(/not found/i);
    expect(html).toContain('<code>DMV-0000-0000-0000-0</code>');
  });

  it('escapes the ID', () => {
    const html = renderNotFoundPage(XSS);
    assertSelfContainedHtml(html);
    expect(html).toContain(`<code>${XSS_ESCAPED}</code>`);
  });
});

describe('renderVerifyResultPage', () => {
  const kinds: VerifyResultKind[] = ['verified', 'already_used', 'expired', 'invalid'];

  it.each(kinds)('%s: is a self-contained page with the non-binding message', (kind) => {
    const html = renderVerifyResultPage(kind, 'weather-bot.agent');
    assertSelfContainedHtml(html);
    expect(html).toContain(NON_BINDING_MESSAGE);
  });

  it('gives each outcome its own wording', () => {
    const pages = kinds.map((k) => renderVerifyResultPage(k));
    expect(new Set(pages).size).toBe(4);
    expect(pages[0]).toMatch(/<h1[^>]*>Contact verified<\/h1>/);
    expect(pages[1]).toMatch(/already been used/);
    expect(pages[2]).toMatch(/expired/);
    expect(pages[3]).toMatch(/Invalid verification link/);
  });

  it('mentions the domain when known', () => {
    expect(renderVerifyResultPage('verified', 'weather-bot.agent')).toContain('<strong>weather-bot.agent</strong>');
    expect(renderVerifyResultPage('already_used', 'weather-bot.agent')).toContain('weather-bot.agent');
    expect(renderVerifyResultPage('expired', 'weather-bot.agent')).toContain('weather-bot.agent');
    expect(renderVerifyResultPage('verified')).not.toContain('<strong>');
  });

  it('escapes the domain', () => {
    const html = renderVerifyResultPage('verified', XSS);
    assertSelfContainedHtml(html);
    expect(html).toContain(`<strong>${XSS_ESCAPED}</strong>`);
  });

  it('never reveals a domain for an invalid token', () => {
    expect(renderVerifyResultPage('invalid', 'weather-bot.agent')).not.toContain('weather-bot.agent');
  });
});
