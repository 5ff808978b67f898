import { escapeHtml } from '../../common/http/html.js';

export { escapeHtml };

/**
 * Rendering of DMV certificates: the SVG badge and small self-contained HTML pages.
 * Pure functions, no framework, no external resources (no fonts, stylesheets, scripts or links).
 */

export const NON_BINDING_MESSAGE =
  'This certificate records a free, non-binding pre-registration of a proposed .agent name. ' +
  'It confers no ownership of, or rights to, any domain name; if the proposed .agent top-level domain is ' +
  'approved, any allocation will be governed solely by ICANN-approved policies.';

export type BadgeStatus = 'issued' | 'verified';

export interface BadgeInput {
  certificateId: string;
  domain: string;
  status: BadgeStatus;
}

export interface CertificatePageInput {
  certificateId: string;
  agentName: string;
  domain: string;
  issuedAt: Date;
  contactVerified: boolean;
  badgeUrl: string;
  nonBindingMessage: string;
}

export type VerifyResultKind = 'verified' | 'already_used' | 'expired' | 'invalid';

/** Drops characters that may not appear in an XML 1.0 document at all (C0 controls except tab/LF/CR, etc.). */
function stripXmlInvalid(value: string): string {
  return String(value).replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

function escapeXml(value: string): string {
  return escapeHtml(stripXmlInvalid(value));
}

// ---------------------------------------------------------------------------------------------------------------
// Badge
// ---------------------------------------------------------------------------------------------------------------

const BADGE_LABEL = 'DMV pre-registered';
const BADGE_HEIGHT = 20;
const BADGE_PADDING = 6;
const BADGE_FONT = 'Verdana,Geneva,DejaVu Sans,sans-serif';
const BADGE_COLORS: Record<BadgeStatus, string> = { issued: '#007ec6', verified: '#44cc11' };

/** Rough advance widths of Verdana at 11px; only used to size the badge, the text is fitted with textLength. */
function charWidth(ch: string): number {
  if (' .,:;!|\'`iIjl'.includes(ch)) return 3.5;
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

/** Renders a self-contained two-part (shields.io-style) SVG badge: "DMV pre-registered | <domain>". */
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
  const title =
    `${domain}: DMV pre-registration ${input.certificateId} (${statusText}). ` +
    'Non-binding; confers no domain rights.';
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

// ---------------------------------------------------------------------------------------------------------------
// HTML pages
// ---------------------------------------------------------------------------------------------------------------

const PAGE_STYLE = `
:root { color-scheme: light dark; }
* { box-sizing: border-box; }
body { margin: 0; padding: 2rem 1rem; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  background: #f4f5f7; color: #1d1f23; }
main { max-width: 40rem; margin: 0 auto; background: #fff; border: 1px solid #d9dce1; border-radius: 8px;
  padding: 2rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .5rem 1rem; margin: 1.5rem 0; }
dt { font-weight: 600; color: #555b65; }
dd { margin: 0; overflow-wrap: anywhere; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.badge { margin: 1rem 0; }
.notice { font-size: .9rem; color: #555b65; border-top: 1px solid #d9dce1; padding-top: 1rem; margin-top: 1.5rem; }
.ok { color: #1a7f37; }
.warn { color: #9a6700; }
.err { color: #cf222e; }
@media (prefers-color-scheme: dark) {
  body { background: #0d1117; color: #e6edf3; }
  main { background: #161b22; border-color: #30363d; }
  dt, .notice { color: #9ba3ad; }
  .notice { border-color: #30363d; }
  .ok { color: #3fb950; } .warn { color: #d29922; } .err { color: #f85149; }
}
`;

function renderPage(title: string, body: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function isoDate(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new RangeError('issuedAt is not a valid date');
  return date.toISOString().slice(0, 10);
}

/** The public certificate page for an issued certificate. */
export function renderCertificatePage(input: CertificatePageInput): string {
  const e = escapeHtml;
  const issued = isoDate(input.issuedAt);
  const verified = input.contactVerified
    ? '<span class="ok">Yes, the contact email address has been verified</span>'
    : '<span class="warn">Not yet verified</span>';
  const alt = `DMV pre-registered: ${input.domain}`;
  const body = [
    `<h1>DMV pre-registration certificate for ${e(input.domain)}</h1>`,
    `<p class="badge"><img src="${e(input.badgeUrl)}" alt="${e(alt)}" height="20"></p>`,
    '<dl>',
    `<dt>Agent name</dt><dd>${e(input.agentName)}</dd>`,
    `<dt>Proposed domain</dt><dd>${e(input.domain)}</dd>`,
    `<dt>Certificate ID</dt><dd><code>${e(input.certificateId)}</code></dd>`,
    `<dt>Issued</dt><dd><time datetime="${issued}">${issued}</time></dd>`,
    `<dt>Contact verified</dt><dd>${verified}</dd>`,
    '</dl>',
    `<p class="notice">${e(input.nonBindingMessage)}</p>`,
  ].join('\n');
  return renderPage(`${input.domain} (DMV certificate ${input.certificateId})`, body);
}

/** Shown when no certificate exists for the requested ID. */
export function renderNotFoundPage(certificateId: string): string {
  const body = [
    '<h1>Certificate not found</h1>',
    `<p>No DMV certificate with the ID <code>${escapeHtml(certificateId)}</code> has been issued.</p>`,
    '<p>Check the ID for typing mistakes. A correctly formatted ID is not proof that a certificate was issued.</p>',
    `<p class="notice">${escapeHtml(NON_BINDING_MESSAGE)}</p>`,
  ].join('\n');
  return renderPage('DMV certificate not found', body);
}

/**
 * Target page of the e-mail verification link (GET /dmv/verify?token=…): a button that POSTs the token.
 * Opening the link verifies nothing, so mail scanners that open links cannot confirm an address.
 */
export function renderVerifyConfirmPage(token: string, domain: string): string {
  const body = [
    '<h1>Confirm your contact address</h1>',
    `<p>Confirm that you asked to pre-register <strong>${escapeHtml(domain)}</strong> and that this address is its contact.</p>`,
    '<form method="post" action="/dmv/verify">',
    `<input type="hidden" name="token" value="${escapeHtml(token)}">`,
    '<p><button type="submit">Confirm</button></p>',
    '</form>',
    '<p>If you did not ask for this, ignore the email: nothing happens unless the button is pressed.</p>',
    `<p class="notice">${escapeHtml(NON_BINDING_MESSAGE)}</p>`,
  ].join('\n');
  return renderPage('DMV: confirm your contact address', body);
}

/** Result page of the verification (POST /dmv/verify), or of a link that cannot be used. */
export function renderVerifyResultPage(kind: VerifyResultKind, domain?: string): string {
  const forDomain = domain ? ` for <strong>${escapeHtml(domain)}</strong>` : '';
  let title: string;
  let body: string;
  switch (kind) {
    case 'verified':
      title = 'Contact verified';
      body =
        `<h1 class="ok">Contact verified</h1>\n` +
        `<p>Thank you. Your contact email address has been verified${forDomain}.</p>\n` +
        '<p>Your certificate now shows the contact as verified.</p>';
      break;
    case 'already_used':
      title = 'Link already used';
      body =
        `<h1 class="warn">This link has already been used</h1>\n` +
        `<p>This verification link was already used${forDomain}; each link works only once. ` +
        'If you verified earlier, there is nothing more to do.</p>';
      break;
    case 'expired':
      title = 'Link expired';
      body =
        `<h1 class="warn">This link has expired</h1>\n` +
        `<p>This verification link${forDomain} is no longer valid. Request a new verification email ` +
        '(<code>POST /api/v1/dmv/registrations/&lt;certificate ID&gt;/resend-verification</code> with the contact ' +
        'address as <code>{"email": "…"}</code>) and use the link it contains.</p>';
      break;
    default:
      title = 'Invalid link';
      body =
        `<h1 class="err">Invalid verification link</h1>\n` +
        '<p>This verification link is not recognised. Check that you copied the whole link from the email.</p>';
      break;
  }
  return renderPage(`DMV: ${title}`, `${body}\n<p class="notice">${escapeHtml(NON_BINDING_MESSAGE)}</p>`);
}

/** GET /dmv: what the DMV is, and a form that opens a certificate page by ID. */
export function renderDmvHomePage(): string {
  const body = [
    '<h1>DMV: .agent name pre-registrations</h1>',
    '<p>The DMV records proposed <code>.agent</code> names. Each pre-registration gets a certificate ID of the form ',
    '<code>DMV-XXXX-XXXX-XXXX-C</code> that anyone can check here, through the lookup API ',
    '(<code>/dmv/api/lookup?certificate_id=…</code>) or with the <code>verify_certificate</code> MCP tool.</p>',
    '<form method="get" action="/dmv/certificates">',
    '<p><label for="certificate_id">Certificate ID</label><br>',
    '<input id="certificate_id" name="certificate_id" required maxlength="40" size="28" ',
    'placeholder="DMV-XXXX-XXXX-XXXX-C" autocomplete="off" spellcheck="false"> ',
    '<button type="submit">Look up</button></p>',
    '</form>',
    '<p>Names are registered with the <code>register_agent</code> MCP tool or ',
    '<code>POST /api/v1/dmv/registrations</code>, always at the explicit request of the person named as contact.</p>',
    `<p class="notice">${escapeHtml(NON_BINDING_MESSAGE)}</p>`,
  ].join('\n');
  return renderPage('DMV: .agent name pre-registrations', body);
}
