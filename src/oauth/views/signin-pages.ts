import type { HtmlPage } from '../../common/http/page.js';
import { brokerPage, escapeHtml, hidden, problemLine } from './layout.js';

// The passwordless sign-in pages: the email form, the code form, the link's confirmation button.

export function signinPage(options: { returnTo: string; email?: string; problem?: string; passkey?: string }, status = 200): HtmlPage {
  return brokerPage(status, {
    title: 'Sign in',
    main: `<h1>Sign in</h1>
<p>Enter your email address. We will mail you a six-digit code and a sign-in link. No password needed.</p>
${problemLine(options.problem)}
${options.passkey ?? '' /* passkeys (issue 24): views/passkey-parts.ts */}
<form method="post" action="/signin">
  ${hidden('return_to', options.returnTo)}
  <label for="email">Email address</label>
  <input id="email" name="email" type="email" autocomplete="${options.passkey ? 'username webauthn' : 'email'}" required maxlength="254" value="${escapeHtml(options.email ?? '')}" data-testid="signin-email">
  <div class="actions"><button type="submit" data-testid="signin-submit">Email me a code</button></div>
</form>`,
  });
}

export function codePage(options: { handle: string; email: string; problem?: string }, status = 200): HtmlPage {
  return brokerPage(status, {
    title: 'Enter your code',
    main: `<h1>Check your mail</h1>
<p>If <strong>${escapeHtml(options.email)}</strong> can receive mail, a message with a six-digit code is on its way. Type the code here, or open the link in the message on this device.</p>
${problemLine(options.problem)}
<form method="post" action="/signin/code">
  ${hidden('handle', options.handle)}
  <label for="code">Six-digit code</label>
  <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required data-testid="signin-code">
  <div class="actions"><button type="submit" data-testid="signin-code-submit">Sign in</button></div>
</form>
<p class="muted">The code works once, for 15 minutes. <a href="/signin">Start again</a></p>`,
  });
}

export function confirmLinkPage(options: { token: string; email: string }): HtmlPage {
  return brokerPage(200, {
    title: 'Confirm sign-in',
    main: `<h1>Sign in as ${escapeHtml(options.email)}?</h1>
<p>Press the button to finish signing in on this device.</p>
<form method="post" action="/signin/confirm">
  ${hidden('token', options.token)}
  <div class="actions"><button type="submit" data-testid="signin-confirm">Sign in</button></div>
</form>
<p class="muted">If you did not ask to sign in, close this page: nothing happens until the button is pressed.</p>`,
  });
}
