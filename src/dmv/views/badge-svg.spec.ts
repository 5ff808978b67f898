import { describe, expect, it } from 'vitest';
import { badgePage, measureBadgeText, renderBadgeSvg } from './badge-svg.js';

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

describe('badgePage', () => {
  const input = { certificateId: 'DMV-0000-014S-C0PJ-V', domain: 'weather-bot.agent', status: 'issued' } as const;

  it('is a cacheable SVG with a strong ETag, and 304 without a body when If-None-Match names it', () => {
    const page = badgePage(input, undefined);
    expect(page.status).toBe(200);
    expect(page.contentType).toMatch(/^image\/svg\+xml/);
    expect(page.html).toBe(renderBadgeSvg(input));
    const etag = page.headers!.ETag;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(page.headers!['Cache-Control']).toBe('public, max-age=300');
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = badgePage(input, header);
      expect(cached.status).toBe(304);
      expect(cached.html).toBe('');
      expect(cached.headers!.ETag).toBe(etag);
    }
    expect(badgePage(input, '"other"').status).toBe(200);
    expect(badgePage({ ...input, status: 'verified' }, undefined).headers!.ETag).not.toBe(etag);
  });
});
