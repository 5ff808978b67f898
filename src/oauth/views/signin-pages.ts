import type { HtmlPage } from '../../common/http/page.js';
import { clockTime, inAbout } from '../domain/plain-time.js';
import type { PendingSignin } from '../services/owner-auth.js';
import type { AskingApp } from '../services/signin-context.js';
import { brokerPage, escapeHtml, hidden, noticeLine, problemLine } from './layout.js';

// The passwordless sign-in pages: the email form, the code form, the link's confirmation button.
// Every form carries the browser's sign-in CSRF token; every "start again" keeps the app's request.

/** "Start again" for a return target: the sign-in page that still leads back to it. */
export function signinHref(returnTo: string): string {
  return returnTo === '/account' ? '/signin' : `/signin?return_to=${encodeURIComponent(returnTo)}`;
}

function askingLine(app: AskingApp | undefined): string {
  if (!app) return '';
  return `<p class="card asking" data-testid="signin-app"><strong>${escapeHtml(app.name)}</strong> asks to connect to your Agentry account${
    app.redirectHost ? ` (answer goes to <strong>${escapeHtml(app.redirectHost)}</strong>)` : ''
  }. Sign in to see what it asks for; nothing is shared until you allow it.</p>`;
}

export interface SigninPageOptions {
  returnTo: string;
  csrf: string;
  app?: AskingApp;
  email?: string;
  problem?: string;
  notice?: string;
  /** The passkey section (issue 24), already rendered; absent where passkeys cannot work. */
  passkey?: string;
}

export function signinPage(options: SigninPageOptions, status = 200): HtmlPage {
  return brokerPage(status, {
    title: 'Sign in',
    main: `<h1>Sign in</h1>
${askingLine(options.app)}
<p>${
      options.passkey
        ? 'Enter your email address and we will mail you a six-digit code and a sign-in link — or use a passkey if you added one. No password needed.'
        : 'Enter your email address. We will mail you a six-digit code and a sign-in link. No password needed.'
    }</p>
${noticeLine(options.notice)}${problemLine(options.problem)}
${options.passkey ?? '' /* passkeys (issue 24): views/passkey-parts.ts */}
<form method="post" action="/signin" class="signin-methods">
  ${hidden('csrf', options.csrf)}
  ${hidden('return_to', options.returnTo)}
  <label for="email">Email address</label>
  <input id="email" name="email" type="email" autocomplete="${options.passkey ? 'username webauthn' : 'email'}" required maxlength="254" value="${escapeHtml(options.email ?? '')}" data-testid="signin-email">
  <div class="actions"><button type="submit" data-testid="signin-submit">Email me a code</button></div>
</form>`,
  });
}

export interface CodePageOptions {
  pending: PendingSignin;
  csrf: string;
  app?: AskingApp;
  problem?: string;
  notice?: string;
  now?: number;
}

export function codePage(options: CodePageOptions, status = 200): HtmlPage {
  const { pending } = options;
  const now = options.now ?? Date.now();
  const closed = pending.lockedOut || pending.ended;
  const waitSeconds = (Date.parse(pending.resendAt) - now) / 1000;
  const resendLater = waitSeconds > 0;
  const state = pending.lockedOut
    ? `<p class="error-box" role="alert" data-testid="signin-locked">Five wrong codes: this code no longer works. Send yourself a new code${resendLater ? ` ${escapeHtml(inAbout(waitSeconds))} (at ${escapeHtml(clockTime(pending.resendAt))})` : ' below'}, or start again with another address.</p>`
    : pending.ended
      ? `<p class="error-box" role="alert">This code has expired. Send yourself a new code below, or start again.</p>`
      : problemLine(options.problem);
  const attempts =
    !closed && pending.attemptsLeft < 5
      ? `<p class="muted" data-testid="signin-attempts">${pending.attemptsLeft === 1 ? '1 attempt' : `${pending.attemptsLeft} attempts`} left.</p>`
      : '';
  const resend = resendLater
    ? `<p class="muted" data-testid="signin-resend-wait">No message? You can ask for a new code <span>${escapeHtml(inAbout(waitSeconds))}</span> (at ${escapeHtml(clockTime(pending.resendAt))}). Check your spam folder meanwhile.</p>`
    : `<form method="post" action="/signin/resend">${hidden('csrf', options.csrf)}<div class="actions"><button type="submit" class="secondary" data-testid="signin-resend">Send a new code</button></div></form>`;
  return brokerPage(status, {
    title: 'Enter your code',
    main: `<h1>Check your mail</h1>
${askingLine(options.app)}
<p>If <strong>${escapeHtml(pending.email)}</strong> can receive mail, a message with a six-digit code is on its way. Type the code here, or open the link in the message on this device.</p>
${noticeLine(options.notice)}${state}
<form method="post" action="/signin/code">
  ${hidden('csrf', options.csrf)}
  <label for="code">Six-digit code</label>
  <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required${closed ? ' disabled aria-describedby="code-closed"' : ''} data-testid="signin-code">
  ${closed ? '<p id="code-closed" class="muted">The code field is closed.</p>' : ''}
  <div class="actions"><button type="submit" data-testid="signin-code-submit"${closed ? ' disabled' : ''}>Sign in</button></div>
</form>
${attempts}
${resend}
<p class="muted">The code works once, for 15 minutes. Wrong address? <a href="${escapeHtml(signinHref(pending.returnTo))}" data-testid="signin-restart">Use another email address</a></p>`,
  });
}

export function confirmLinkPage(options: { token: string; email: string; csrf: string; app?: AskingApp }): HtmlPage {
  return brokerPage(200, {
    title: 'Confirm sign-in',
    main: `<h1>Sign in as ${escapeHtml(options.email)}?</h1>
${askingLine(options.app)}
<p>Press the button to finish signing in on this device.</p>
<form method="post" action="/signin/confirm">
  ${hidden('csrf', options.csrf)}
  ${hidden('token', options.token)}
  <div class="actions"><button type="submit" data-testid="signin-confirm">Sign in</button></div>
</form>
<p class="muted">If you did not ask to sign in, close this page: nothing happens until the button is pressed.</p>`,
  });
}

/** A dead or unknown link, or a refused form: what happened and a way back that keeps the app's request. */
export function signinProblemPage(status: number, title: string, message: string, returnTo: string, app?: AskingApp): HtmlPage {
  return brokerPage(status, {
    title,
    main: `<h1>${escapeHtml(title)}</h1>
${askingLine(app)}
<p class="error-box" role="alert">${escapeHtml(message)}</p>
<div class="actions"><a class="button" href="${escapeHtml(signinHref(returnTo))}" data-testid="signin-again">Sign in again</a></div>`,
  });
}
