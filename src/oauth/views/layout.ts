import { escapeHtml } from '../../common/http/html.js';
import { pageLayout } from '../../common/http/layout.js';
import type { HtmlPage } from '../../common/http/page.js';

export { escapeHtml };

/**
 * The broker's pages (sign-in, consent, account, agreement) as the common {@link HtmlPage}, in the
 * common layout, each carrying the broker's page headers.
 */

/**
 * Headers of every broker page and redirect on top of the site-wide ones: never cached, never
 * framed, and no referrer sent to other origins. (`same-origin` rather than `no-referrer`: with
 * `no-referrer` browsers send `Origin: null` on the pages' own form POSTs, which the Origin check
 * refuses.) With `formAction`, the site CSP with `form-action` widened to that validated redirect
 * origin of a consent page: browsers apply form-action to the redirect that follows the form POST.
 */
export function brokerHeaders(formAction?: string): Record<string, string> {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    pragma: 'no-cache',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
  };
  if (formAction !== undefined) headers['content-security-policy'] = consentCsp(formAction);
  return headers;
}

function consentCsp(formActionExtra: string): string {
  const formAction = formActionExtra ? `'self' ${formActionExtra}` : "'self'";
  return `default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;connect-src 'self';font-src 'self';object-src 'none';base-uri 'none';form-action ${formAction};frame-ancestors 'none'`;
}

export interface BrokerPageOptions {
  title: string;
  main: string;
  /** Tables (account, agreement) use the full width; forms the narrow column. */
  wide?: boolean;
  /** A consent page's validated redirect origin ('' for none): sets the consent CSP. */
  formAction?: string;
}

/** A broker page in the common layout: no scripts, usable on a phone and without JavaScript. */
export function brokerPage(status: number, options: BrokerPageOptions): HtmlPage {
  return {
    status,
    html: pageLayout({
      title: options.title,
      main: options.main,
      mainClass: options.wide ? undefined : 'narrow',
      section: 'identity broker',
    }),
    headers: brokerHeaders(options.formAction),
  };
}

export function errorPage(status: number, title: string, message: string): HtmlPage {
  return brokerPage(status, {
    title,
    main: `<h1>${escapeHtml(title)}</h1>\n<p class="error-box" role="alert">${escapeHtml(message)}</p>\n<p><a href="/account">Your account</a></p>`,
  });
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

export function problemLine(problem?: string): string {
  return problem ? `<p class="error-box" role="alert" data-testid="problem">${escapeHtml(problem)}</p>` : '';
}

/** The result of what the person just did ("Removed …", "We sent a new code"). */
export function noticeLine(notice?: string): string {
  return notice ? `<p class="ok" role="status" data-testid="notice">${escapeHtml(notice)}</p>` : '';
}
