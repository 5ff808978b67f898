import { escapeHtml, pageLayout } from '../http/layout.js';
import type { HtmlPage } from '../http/page.js';
import { timeAgo } from '../http/plain-time.js';
import type { ViewerMessage } from './mail-viewer.types.js';

/**
 * The local mail viewer's pages. They show one-time secrets (sign-in codes and links), so nothing
 * is cached, nothing is indexed and no Referer leaves them.
 */
const VIEWER_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' };

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than a URL. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', ')', ']']);

/** Plain text with every http(s) URL made a link (the rest escaped); trailing punctuation stays text. */
export function linkifyText(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    let url = match[0];
    while (url.length > 0 && TRAILING.has(url[url.length - 1])) url = url.slice(0, -1);
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const STATUS_WORDS: Record<ViewerMessage['status'], string> = {
  held: 'held (no relay configured: shown here only)',
  sent: 'sent',
  queued: 'queued for the relay',
  failed: 'refused by the relay',
  dead: 'not delivered (retries exhausted)',
};

function statusText(m: ViewerMessage): string {
  if (m.localDelivery && m.status === 'sent') return 'delivered to a mailbox on this service';
  return STATUS_WORDS[m.status];
}

/** GET /dev/mail: every message, newest first. */
export function mailListPage(messages: readonly ViewerMessage[], now = new Date()): HtmlPage {
  const items = messages
    .map(
      (m) => `<li class="card mail-item">
  <a href="/dev/mail/${escapeHtml(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a>
  <p class="muted">To ${escapeHtml(m.to)} · <time datetime="${m.createdAt.toISOString()}">${escapeHtml(timeAgo(m.createdAt, now))}</time> · ${escapeHtml(statusText(m))}</p>
</li>`,
    )
    .join('\n');
  const list = messages.length
    ? `<ul class="cards">\n${items}\n</ul>`
    : `<p class="card">No mail yet. Sign in on the <a href="/signin">sign-in page</a> or register a name on the
<a href="/dmv/register">DMV</a>, then reload this page: the message appears here.</p>`;
  const html = pageLayout({
    title: 'Mail viewer',
    section: 'local mail',
    main: `<h1>Mail viewer</h1>
<p class="muted">Every message this service sent or held, newest first, as it was written. This viewer exists only on a
local run (no <code>SMTP_RELAY_URL</code>, listening on loopback) or with <code>MAIL_VIEWER=true</code>.
Reload to see new mail.</p>
${list}`,
  });
  return { status: 200, html, headers: VIEWER_HEADERS };
}

/** GET /dev/mail/:id: one message as sent, its links working. */
export function mailMessagePage(m: ViewerMessage): HtmlPage {
  const incomplete = m.complete
    ? ''
    : `<p class="warn">This message was already handed over for delivery, so its one-time codes and links are shown
redacted: the service keeps no readable copy of them once a message is on its way.</p>\n`;
  const htmlPart = m.html ? `<p><a href="/dev/mail/${escapeHtml(m.id)}/html">Open the HTML version of this message</a></p>\n` : '';
  const html = pageLayout({
    title: m.subject || 'Message',
    section: 'local mail',
    main: `<p><a href="/dev/mail">← All mail</a></p>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(m.from)}</dd>
<dt>To</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Date</dt><dd><time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toUTCString())}</time></dd>
<dt>Status</dt><dd>${escapeHtml(statusText(m))}</dd>
${m.messageId ? `<dt>Message-ID</dt><dd><code>${escapeHtml(m.messageId)}</code></dd>\n` : ''}</dl>
${incomplete}<section class="card mail-body" aria-label="Message text">
<pre>${linkifyText(m.text)}</pre>
</section>
${htmlPart}`,
  });
  return { status: 200, html, headers: VIEWER_HEADERS };
}

/**
 * GET /dev/mail/:id/html: the message's HTML part as sent, in a sandbox (no scripts, no forms, no
 * requests anywhere but data: images) so a message can never act on this site.
 */
export function mailHtmlPart(m: ViewerMessage): HtmlPage {
  return {
    status: 200,
    html: m.html ?? '',
    headers: {
      ...VIEWER_HEADERS,
      'Content-Security-Policy':
        "sandbox allow-top-navigation-by-user-activation; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    },
  };
}
