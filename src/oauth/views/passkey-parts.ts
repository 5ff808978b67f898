import { staticAsset } from '../../common/http/static-assets.js';
import type { PasskeyAccountView } from '../services/passkeys.js';
import { escapeHtml, hidden } from './layout.js';

// The passkey parts of the broker's pages (issue 24), as HTML fragments the sign-in and account
// pages insert. Both are inert without JavaScript (hidden until assets/passkeys.js shows them),
// so those pages keep working by email alone.

function script(): string {
  return `<script src="/assets/passkeys.js?v=${staticAsset('passkeys.js').version}" defer></script>`;
}

const when = (iso: string | null) => (iso ? escapeHtml(iso.replace('T', ' ').slice(0, 16) + ' UTC') : 'never');

/**
 * The sign-in page's passkey button (modal), a hidden form that carries the browser's answer,
 * and the script that also offers passkeys in the email field's autofill (conditional mediation).
 * Empty when passkeys cannot work at this address.
 */
export function passkeySigninSection(options: { available: boolean; returnTo: string }): string {
  if (!options.available) return '';
  return `<section id="passkey-signin" class="passkey-signin" aria-label="Sign in with a passkey" data-return-to="${escapeHtml(options.returnTo)}" hidden>
  <div class="actions"><button type="button" id="passkey-signin-button" class="secondary" data-testid="passkey-signin">Sign in with a passkey</button></div>
  <p id="passkey-signin-status" class="muted" role="status" aria-live="polite"></p>
  <form id="passkey-signin-form" method="post" action="/signin/passkey">
    ${hidden('return_to', options.returnTo)}
    <input type="hidden" name="response" id="passkey-signin-response" value="">
  </form>
  <p class="muted">Or get a code by email:</p>
</section>
${script()}`;
}

/** The account page's passkey section: the owner's passkeys, removal, and adding one (after a fresh sign-in). */
export function passkeyAccountSection(view: PasskeyAccountView, csrf: string): string {
  // A list rather than a table: five columns do not fit a phone.
  const rows = view.passkeys.length
    ? `<ul class="passkey-list">${view.passkeys
        .map(
          (p) =>
            `<li data-testid="passkey-row"><strong>${escapeHtml(p.name)}</strong>${p.blocked ? ' <span class="problem">blocked: it looked copied</span>' : ''}<br><span class="muted">Added ${when(p.created_at)} · last used ${when(p.last_used_at)} · ${p.synced ? 'synced across devices' : 'this device only'}</span><form method="post" action="/account/passkeys/${escapeHtml(p.id)}/remove">${hidden('csrf', csrf)}<div class="actions"><button class="danger" type="submit" aria-label="Remove ${escapeHtml(p.name)}" data-testid="passkey-remove">Remove</button></div></form></li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">No passkeys yet.</p>';
  let add: string;
  if (!view.available) {
    add = '<p class="muted">Passkeys are not available at this address (they need a domain name, and https outside localhost).</p>';
  } else if (!view.fresh) {
    add = `<p>To add or remove a passkey, <a href="/signin?return_to=%2Faccount%23passkeys" data-testid="passkey-step-up">sign in again</a> first: for your safety this needs a sign-in within the last 10 minutes.</p>`;
  } else {
    add = `<form id="passkey-add-form" method="post" action="/account/passkeys" hidden>
  ${hidden('csrf', csrf)}
  <input type="hidden" name="response" id="passkey-add-response" value="">
  <label for="passkey-name">Name for a new passkey</label>
  <input id="passkey-name" name="name" type="text" maxlength="60" required placeholder="e.g. Laptop or Phone" data-testid="passkey-name">
  <div class="actions"><button type="submit" data-testid="passkey-add">Add a passkey</button></div>
  <p id="passkey-add-status" class="muted" role="status" aria-live="polite"></p>
</form>
<p id="passkey-add-unsupported" class="muted" hidden>This browser cannot create passkeys.</p>
<noscript><p class="muted">Adding a passkey needs JavaScript.</p></noscript>
${script()}`;
  }
  return `<section class="passkeys" aria-labelledby="passkeys" data-testid="passkeys-section">
<h2 id="passkeys">Passkeys</h2>
<p class="muted">A passkey signs you in with your fingerprint, face or device PIN instead of a mailed code. It only works on this site, so a fake page cannot trick you into giving it away. Your email address stays the way back in if you lose your passkeys.</p>
${rows}
${add}
</section>`;
}
