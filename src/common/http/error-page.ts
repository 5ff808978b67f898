import { escapeHtml, pageLayout } from './layout.js';
import { inPlainTime } from './plain-time.js';

/**
 * The HTML face of an error for a person (a browser navigation or form post): what happened, what
 * to do next, when to retry in plain words, and the request id to quote. API clients (Accept JSON or
 * anything else) keep the published JSON bodies; see prefersHtml.
 */

interface MediaRange {
  type: string;
  q: number;
  index: number;
}

function parseAccept(accept: string): MediaRange[] {
  return accept
    .split(',')
    .slice(0, 50)
    .map((part, index) => {
      const [type, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      const value = q === undefined ? 1 : Number(q);
      return { type: type.trim(), q: Number.isFinite(value) ? value : 0, index };
    });
}

/**
 * Whether the client asks for HTML ahead of JSON: `text/html` (or XHTML) listed with a higher
 * quality than `application/json`, or as high and earlier. `*\/*` alone, or no Accept, is an API
 * client: it keeps the JSON body.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const best = (match: (type: string) => boolean): MediaRange | undefined =>
    ranges.filter((r) => match(r.type) && r.q > 0).sort((a, b) => b.q - a.q || a.index - b.index)[0];
  const html = best((t) => t === 'text/html' || t === 'application/xhtml+xml');
  if (!html) return false;
  const json = best((t) => t === 'application/json' || (t.startsWith('application/') && t.endsWith('+json')));
  if (!json) return true;
  return html.q > json.q || (html.q === json.q && html.index < json.index);
}

export interface ErrorPageInput {
  status: number;
  /** The stable error code (as the JSON body would carry it). */
  code: string;
  /** The error's safe message (never driver text). */
  message: string;
  requestId: string;
  method: string;
  /** The path, without the query string. */
  path: string;
  /** From Retry-After, when the error has one. */
  retryAfterSeconds?: number;
}

interface Explanation {
  title: string;
  what: string;
  next: string;
}

function explain(input: ErrorPageInput): Explanation {
  const retry = input.retryAfterSeconds !== undefined ? inPlainTime(input.retryAfterSeconds) : undefined;
  switch (input.code) {
    case 'forbidden_origin':
      return {
        title: 'This form could not be accepted',
        what: 'The form was sent without saying which site it came from, or from another site, so it was refused to protect you.',
        next: 'Go back, reload the page and press the button again. If it keeps happening, a browser extension may be hiding where the form came from.',
      };
    case 'forbidden_host':
      return {
        title: 'This address is not served here',
        what: 'The server does not answer to the host name in the address you opened.',
        next: 'Open the service at its usual address instead.',
      };
    default:
      break;
  }
  if (input.status === 404) {
    return {
      title: 'Page not found',
      what: `There is nothing at ${input.path}.`,
      next: 'Check the address for typing mistakes, or start from the home page or the documentation.',
    };
  }
  if (input.status === 405) {
    return {
      title: 'This address does not take that kind of request',
      what: `${input.path} cannot be opened with ${input.method}: it is meant for a form or a program.`,
      next: 'Go back to the page you came from and use its form or link.',
    };
  }
  if (input.status === 429) {
    return {
      title: 'Too many requests',
      what: 'Requests from your network came faster than this service allows.',
      next: `Wait a little and try again ${retry ?? 'in a minute'}. Nothing you did was lost.`,
    };
  }
  if (input.status === 401 || input.status === 403) {
    return {
      title: input.status === 401 ? 'Sign-in needed' : 'Not allowed',
      what: input.message,
      next: 'Programs use this address with a token. To manage your agents, sign in on your account page.',
    };
  }
  if (input.status === 503) {
    return {
      title: 'Temporarily unavailable',
      what: 'The service cannot answer right now (for example, its database is restarting).',
      next: `Try again ${retry ?? 'in a few seconds'}.`,
    };
  }
  if (input.status >= 500) {
    return {
      title: 'Something went wrong on our side',
      what: 'The server could not complete your request. Nothing about it was your fault.',
      next: 'Try again in a moment. If it keeps happening, tell the operator the request id below.',
    };
  }
  return {
    title: 'This request could not be processed',
    what: input.message,
    next: 'Go back, check what you entered and try again.',
  };
}

/** The whole error page, in the site's layout. */
export function renderErrorPage(input: ErrorPageInput): string {
  const e = explain(input);
  return pageLayout({
    title: e.title,
    mainClass: 'narrow',
    main: `<h1>${escapeHtml(e.title)}</h1>
<p>${escapeHtml(e.what)}</p>
<p><strong>What to do:</strong> ${escapeHtml(e.next)}</p>
<p class="actions"><a class="button" href="/">Home page</a> <a class="button secondary" href="/docs">Documentation</a></p>
<p class="muted small">Error ${input.status} (<code>${escapeHtml(input.code)}</code>) · request id <code>${escapeHtml(input.requestId)}</code>. Quote the request id if you report the problem.</p>`,
  });
}
