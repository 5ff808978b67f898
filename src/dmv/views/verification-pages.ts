import { escapeHtml } from '../../common/http/html.js';
import type { HtmlPage } from '../../common/http/page.js';
import { NON_BINDING_MESSAGE, type ContactVerificationView, type VerifyResultKind } from '../dmv.types.js';
import { dmvPage, noticeParagraph } from './dmv-layout.js';

/** The pages behind the link in the verification email. None of them may be cached. */

export type { VerifyResultKind };

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET /dmv/verify?token=…: a button that POSTs the token. Opening the link verifies nothing, so mail
 * scanners that open links cannot confirm an address. The token must not leak through Referer to
 * other sites, yet the form's own POST must carry the page's Origin: `same-origin` does both
 * (`no-referrer` made browsers send `Origin: null`, which the Origin check refuses).
 */
export function verifyConfirmPage(token: string, domain: string): HtmlPage {
  const main = [
    '<h1>Confirm your contact address</h1>',
    `<p>Confirm that you asked to pre-register <strong>${escapeHtml(domain)}</strong> and that this address is its contact.</p>`,
    '<form method="post" action="/dmv/verify">',
    `<input type="hidden" name="token" value="${escapeHtml(token)}">`,
    '<p><button type="submit">Confirm</button></p>',
    '</form>',
    '<p>If you did not ask for this, ignore the email: nothing happens unless the button is pressed.</p>',
    noticeParagraph(NON_BINDING_MESSAGE),
  ].join('\n');
  return dmvPage(200, 'DMV: confirm your contact address', main, {
    narrow: true,
    headers: { ...NO_STORE, 'Referrer-Policy': 'same-origin' },
  });
}

const RESULT_STATUS: Record<VerifyResultKind, number> = { verified: 200, already_used: 200, expired: 410, invalid: 404 };

/** The outcome of POST /dmv/verify, or why a link cannot be used. An invalid link never names a domain. */
export function verifyResultPage(kind: VerifyResultKind, domain?: string): HtmlPage {
  const forDomain = domain ? ` for <strong>${escapeHtml(domain)}</strong>` : '';
  let title: string;
  let body: string;
  switch (kind) {
    case 'verified':
      title = 'Contact verified';
      body =
        `<h1>Contact verified</h1>\n` +
        `<p>Thank you. Your contact email address has been verified${forDomain}.</p>\n` +
        '<p>Your certificate now shows the contact as verified.</p>';
      break;
    case 'already_used':
      title = 'Link already used';
      body =
        `<h1>This link has already been used</h1>\n` +
        `<p>This verification link was already used${forDomain}; each link works only once. ` +
        'If you verified earlier, there is nothing more to do.</p>';
      break;
    case 'expired':
      title = 'Link expired';
      body =
        `<h1>This link has expired</h1>\n` +
        `<p>This verification link${forDomain} is no longer valid. Request a new verification email ` +
        '(<code>POST /api/v1/dmv/registrations/&lt;certificate ID&gt;/resend-verification</code> with the contact ' +
        'address as <code>{"email": "…"}</code>) and use the link it contains.</p>';
      break;
    case 'invalid':
      title = 'Invalid link';
      body =
        `<h1>Invalid verification link</h1>\n` +
        '<p>This verification link is not recognised. Check that you copied the whole link from the email.</p>';
      break;
  }
  return dmvPage(RESULT_STATUS[kind], `DMV: ${title}`, `${body}\n${noticeParagraph(NON_BINDING_MESSAGE)}`, {
    narrow: true,
    headers: NO_STORE,
  });
}

/** GET and POST /dmv/verify: the confirmation form or the outcome the facade decided on. */
export function contactVerificationPage(view: ContactVerificationView): HtmlPage {
  return view.kind === 'confirm' ? verifyConfirmPage(view.token, view.domain) : verifyResultPage(view.result, view.domain);
}
