import { createHash } from 'node:crypto';
import { escapeHtml } from '../../common/http/html.js';
import type { HtmlPage } from '../../common/http/page.js';
import type { BadgeInput, BadgeResult, BadgeStatus } from '../dmv.types.js';
import { movedPage } from './dmv-layout.js';

/**
 * The certificate badge: a self-contained two-part SVG image (shields.io style) with no external
 * resources. An image, not a site page, so it has its own document and none of the site layout.
 */

export type { BadgeInput, BadgeStatus };

/** Drops characters that may not appear in an XML 1.0 document at all (C0 controls except tab/LF/CR, etc.). */
function stripXmlInvalid(value: string): string {
  return String(value).replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

function escapeXml(value: string): string {
  return escapeHtml(stripXmlInvalid(value));
}

const BADGE_LABEL = 'DMV pre-registered';
const BADGE_HEIGHT = 20;
const BADGE_PADDING = 6;
const BADGE_FONT = 'Verdana,Geneva,DejaVu Sans,sans-serif';
const BADGE_COLORS: Record<BadgeStatus, string> = { issued: '#007ec6', verified: '#44cc11' };
const SVG_TYPE = 'image/svg+xml; charset=utf-8';

/** Rough advance widths of Verdana at 11px; only used to size the badge, the text is fitted with textLength. */
function charWidth(ch: string): number {
  if (" .,:;!|'`iIjl".includes(ch)) return 3.5;
  if ('-()[]{}frt/\\'.includes(ch)) return 4.6;
  if ('mwMW%@'.includes(ch)) return 10.5;
  if (/[A-Z]/.test(ch)) return 7.6;
  return 7;
}

export function measureBadgeText(text: string): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch);
  return Math.ceil(width);
}

/** The SVG document: "DMV pre-registered | <domain>", blue when issued, green once the contact is verified. */
export function renderBadgeSvg(input: BadgeInput): string {
  const domain = stripXmlInvalid(input.domain);
  const status: BadgeStatus = input.status === 'verified' ? 'verified' : 'issued';
  const leftTextWidth = measureBadgeText(BADGE_LABEL);
  const rightTextWidth = Math.max(measureBadgeText(domain), 1);
  const leftWidth = leftTextWidth + 2 * BADGE_PADDING;
  const rightWidth = rightTextWidth + 2 * BADGE_PADDING;
  const width = leftWidth + rightWidth;
  const color = BADGE_COLORS[status];
  const statusText = status === 'verified' ? 'contact verified' : 'issued';
  const ariaLabel = `${BADGE_LABEL}: ${domain} (${statusText})`;
  const title = `${domain}: DMV pre-registration ${input.certificateId} (${statusText}). ` + 'Non-binding; confers no domain rights.';
  const leftX = leftWidth / 2;
  const rightX = leftWidth + rightWidth / 2;
  const e = escapeXml;
  // Each text is drawn twice, shields.io style: a faint shadow one pixel down, then the text itself.
  const fit = (length: number) => `textLength="${length}" lengthAdjust="spacingAndGlyphs"`;
  const text = (x: number, length: number, content: string) =>
    `<text x="${x}" y="15" fill="#010101" fill-opacity=".3" aria-hidden="true" ${fit(length)}>${e(content)}</text>` +
    `<text x="${x}" y="14" ${fit(length)}>${e(content)}</text>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${BADGE_HEIGHT}" `,
    `viewBox="0 0 ${width} ${BADGE_HEIGHT}" role="img" aria-label="${e(ariaLabel)}">`,
    `<title>${e(title)}</title>`,
    '<linearGradient id="s" x2="0" y2="100%">',
    '<stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/>',
    '</linearGradient>',
    `<clipPath id="r"><rect width="${width}" height="${BADGE_HEIGHT}" rx="3" fill="#fff"/></clipPath>`,
    `<g clip-path="url(#r)">`,
    `<rect width="${leftWidth}" height="${BADGE_HEIGHT}" fill="#555"/>`,
    `<rect x="${leftWidth}" width="${rightWidth}" height="${BADGE_HEIGHT}" fill="${color}"/>`,
    `<rect width="${width}" height="${BADGE_HEIGHT}" fill="url(#s)"/>`,
    `</g>`,
    `<g fill="#fff" text-anchor="middle" font-family="${e(BADGE_FONT)}" font-size="11">`,
    text(leftX, leftTextWidth, BADGE_LABEL),
    text(rightX, rightTextWidth, domain),
    `</g>`,
    `</svg>`,
  ].join('');
}

/**
 * GET …/badge.svg: the image, cacheable for 5 minutes with a strong ETag; 304 without a body when
 * `ifNoneMatch` (the request's If-None-Match, read by the controller) names it.
 */
export function badgePage(input: BadgeInput, ifNoneMatch: string | undefined): HtmlPage {
  const svg = renderBadgeSvg(input);
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  const headers = { 'Cache-Control': 'public, max-age=300', ETag: etag };
  const matches = (ifNoneMatch ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
  if (matches) return { status: 304, html: '', contentType: SVG_TYPE, headers };
  return { status: 200, html: svg, contentType: SVG_TYPE, headers };
}

/** GET …/badge.svg: the badge (or its 304), or the redirect to the canonical badge address. */
export function badgeResultPage(result: BadgeResult, ifNoneMatch: string | undefined): HtmlPage {
  return result.kind === 'badge' ? badgePage(result.badge, ifNoneMatch) : movedPage(result.location, result.status);
}
