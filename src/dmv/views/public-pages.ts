import { escapeHtml } from '../../common/http/html.js';
import type { HtmlPage } from '../../common/http/page.js';
import { NON_BINDING_MESSAGE, type CertificatePageResult, type CertificatePageView } from '../dmv.types.js';
import { dmvPage, movedPage, noticeParagraph } from './dmv-layout.js';

/** The DMV's public pages: the overview with its lookup form, a certificate, and "not found". */

export type { CertificatePageView };

function isoDate(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new RangeError('issuedAt is not a valid date');
  return date.toISOString().slice(0, 10);
}

/** GET /dmv/certificates/:id for an issued certificate (revalidated on every view: verification may change it). */
export function certificatePage(view: CertificatePageView): HtmlPage {
  const e = escapeHtml;
  const issued = isoDate(view.issuedAt);
  const verified = view.contactVerified
    ? '<span class="ok">Yes, the contact email address has been verified</span>'
    : '<span class="warn">Not yet verified</span>';
  const alt = `DMV pre-registered: ${view.domain}`;
  const main = [
    `<h1>DMV pre-registration certificate for ${e(view.domain)}</h1>`,
    `<p class="badge"><img src="${e(view.badgeUrl)}" alt="${e(alt)}" height="20"></p>`,
    '<dl>',
    `<dt>Agent name</dt><dd>${e(view.agentName)}</dd>`,
    `<dt>Proposed domain</dt><dd>${e(view.domain)}</dd>`,
    `<dt>Certificate ID</dt><dd><code>${e(view.certificateId)}</code></dd>`,
    `<dt>Issued</dt><dd><time datetime="${issued}">${issued}</time></dd>`,
    `<dt>Contact verified</dt><dd>${verified}</dd>`,
    '</dl>',
    noticeParagraph(view.nonBindingMessage),
  ].join('\n');
  return dmvPage(200, `${view.domain} (DMV certificate ${view.certificateId})`, main, {
    headers: { 'Cache-Control': 'no-cache' },
  });
}

/** 404: no certificate was issued under this ID (or it was withdrawn). */
export function certificateNotFoundPage(certificateId: string): HtmlPage {
  const main = [
    '<h1>Certificate not found</h1>',
    `<p>No DMV certificate with the ID <code>${escapeHtml(certificateId)}</code> has been issued.</p>`,
    '<p>Check the ID for typing mistakes. A correctly formatted ID is not proof that a certificate was issued.</p>',
    noticeParagraph(NON_BINDING_MESSAGE),
  ].join('\n');
  return dmvPage(404, 'DMV certificate not found', main);
}

/** GET /dmv: what the DMV is, and a form that opens a certificate page by ID. */
export function dmvHomePage(): HtmlPage {
  const main = [
    '<h1>DMV: .agent name pre-registrations</h1>',
    '<p>The DMV records proposed <code>.agent</code> names. Each pre-registration gets a certificate ID of the form ',
    '<code>DMV-XXXX-XXXX-XXXX-C</code> that anyone can check here, through the lookup API ',
    '(<code>/dmv/api/lookup?certificate_id=…</code>) or with the <code>verify_certificate</code> MCP tool.</p>',
    '<form method="get" action="/dmv/certificates">',
    '<p><label for="certificate_id">Certificate ID</label>',
    '<input id="certificate_id" name="certificate_id" type="text" required maxlength="40" size="28" ',
    'placeholder="DMV-XXXX-XXXX-XXXX-C" autocomplete="off" spellcheck="false"> ',
    '<button type="submit">Look up</button></p>',
    '</form>',
    '<p class="actions"><a class="button" href="/dmv/register">Register a name</a></p>',
    '<p>Names are registered on this site with the <a href="/dmv/register">registration form</a>, with the ',
    '<code>register_agent</code> MCP tool or <code>POST /api/v1/dmv/registrations</code>, always at the explicit ',
    'request of the person named as contact.</p>',
    noticeParagraph(NON_BINDING_MESSAGE),
  ].join('\n');
  return dmvPage(200, 'DMV: .agent name pre-registrations', main);
}

/** GET /dmv/certificates[/:id]: the certificate page, the redirect, or the 404 page the facade decided on. */
export function certificateResultPage(result: CertificatePageResult): HtmlPage {
  switch (result.kind) {
    case 'certificate':
      return certificatePage(result.certificate);
    case 'moved':
      return movedPage(result.location, result.status);
    case 'not_found':
      return certificateNotFoundPage(result.certificateId);
  }
}
