import { Controller, Get, Ip, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '../../common/http/swagger.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { FormBody } from '../../common/http/form-body.js';
import { sendPage, sendRedirect } from '../../common/http/page.js';
import { OWNER_PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import { AppConfig } from '../../config/app-config.js';
import { CodeForm, CsrfForm, ReturnToForm, SigninForm, SigninLinkForm } from '../dto/page-forms.dto.js';
import { OauthService, safeReturnTo, SESSION_ABSOLUTE_MS, type SignedIn } from '../services/oauth.service.js';
import { brokerHeaders } from '../views/layout.js';
import { passkeySigninSection } from '../views/passkey-parts.js';
import { codePage, confirmLinkPage, signinHref, signinPage, signinProblemPage } from '../views/signin-pages.js';
import { FormPost } from './form-post.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { SessionResolver } from './session-resolver.js';
import { SigninBrowser } from './signin-browser.js';

/** What the code page says after a redirect back to it (fixed messages: nothing from the URL is shown). */
const CODE_PAGE_MESSAGES: Record<string, { problem?: string; notice?: string }> = {
  wrong: { problem: 'That code is not right. Check the latest message and try again.' },
  sent: { notice: 'We sent you a new code. Only the newest code works.' },
};

/** Headers of a refusal shown on a page: the page's own, then the refusal's (Retry-After). */
const withHeaders = (page: ReturnType<typeof signinPage>, headers: Record<string, string>) => ({
  ...page,
  headers: { ...page.headers, ...headers },
});

/**
 * Passwordless sign-in pages: email → code (a GET page, the pending sign-in in a cookie) or link
 * (confirmed by a POST) → session cookie. Every form POST carries the browser's sign-in CSRF token;
 * every detour (start again, expired link, sign-out) keeps the app's pending request.
 */
@ApiExcludeController()
@Public()
@RatePolicy(OWNER_PAGES_POLICY)
@Controller()
export class SigninController {
  constructor(
    private readonly config: AppConfig,
    private readonly oauth: OauthService,
    private readonly sessions: SessionResolver,
    private readonly browser: SigninBrowser,
  ) {}

  @Get('signin')
  async page(
    @Req() request: FastifyRequest,
    @Query('return_to') returnToInput: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const returnTo = safeReturnTo(returnToInput);
    const csrf = await this.browser.csrf(request, reply);
    const { app, passkeys } = await this.oauth.signinView(returnTo);
    return sendPage(reply, signinPage({ returnTo, csrf, app, passkey: passkeySigninSection({ available: passkeys, returnTo }) }));
  }

  @FormPost('signin')
  async start(
    @Req() request: FastifyRequest,
    @Ip() ip: string,
    @FormBody(SigninForm) form: SigninForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const returnTo = safeReturnTo(form.return_to);
    if (!(await this.browser.checkCsrf(request, form.csrf))) return this.formRefused(reply, returnTo);
    const email = form.email ?? '';
    const started = await this.oauth.startSignin(email, returnTo, ip);
    if (started.ok) {
      this.browser.setPending(reply, started.value.handle);
      return sendRedirect(reply, '/signin/code', 303, brokerHeaders());
    }
    const csrf = await this.browser.csrf(request, reply);
    const app = await this.oauth.askingApp(returnTo);
    const page = signinPage({ returnTo, csrf, app, email: email.slice(0, 254), problem: started.message }, started.status);
    return sendPage(reply, withHeaders(page, started.headers));
  }

  @Get('signin/code')
  async codeForm(
    @Req() request: FastifyRequest,
    @Query('e') said: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const pending = await this.oauth.pendingSignin(this.browser.pendingHandle(request));
    if (!pending) return sendRedirect(reply, '/signin', 303, brokerHeaders());
    const csrf = await this.browser.csrf(request, reply);
    const message = typeof said === 'string' ? CODE_PAGE_MESSAGES[said] : undefined;
    return sendPage(reply, codePage({ pending, csrf, app: await this.oauth.askingApp(pending.returnTo), ...message }));
  }

  @FormPost('signin/code')
  async code(
    @Req() request: FastifyRequest,
    @FormBody(CodeForm) form: CodeForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const handle = this.browser.pendingHandle(request);
    const pending = await this.oauth.pendingSignin(handle);
    if (!(await this.browser.checkCsrf(request, form.csrf))) return this.formRefused(reply, pending?.returnTo ?? '/account');
    if (!pending) return sendRedirect(reply, '/signin', 303, brokerHeaders());
    const verified = await this.oauth.verifySigninCode(handle, form.code);
    // A wrong code: back to the code page by GET (no resubmission trap); it reads attempts left from the server.
    if (!verified.ok) return sendRedirect(reply, '/signin/code?e=wrong', 303, brokerHeaders());
    this.browser.clearPending(reply);
    return this.signedIn(reply, verified.value);
  }

  @FormPost('signin/resend')
  async resend(
    @Req() request: FastifyRequest,
    @Ip() ip: string,
    @FormBody(CsrfForm) form: CsrfForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const handle = this.browser.pendingHandle(request);
    const pending = await this.oauth.pendingSignin(handle);
    if (!(await this.browser.checkCsrf(request, form.csrf))) return this.formRefused(reply, pending?.returnTo ?? '/account');
    if (!pending) return sendRedirect(reply, '/signin', 303, brokerHeaders());
    const started = await this.oauth.resendSigninCode(handle, ip);
    if (started.ok) {
      this.browser.setPending(reply, started.value.handle);
      return sendRedirect(reply, '/signin/code?e=sent', 303, brokerHeaders());
    }
    const csrf = await this.browser.csrf(request, reply);
    const page = codePage({ pending, csrf, app: await this.oauth.askingApp(pending.returnTo), problem: started.message }, started.status);
    return sendPage(reply, withHeaders(page, started.headers));
  }

  @Get('signin/confirm')
  async confirmPage(
    @Req() request: FastifyRequest,
    @Query('token') token: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const link = await this.oauth.peekSigninLink(token);
    if (!link) {
      const message = 'This sign-in link is not one we sent, or it was cut short. Sign in again.';
      return sendPage(reply, signinProblemPage(400, 'Link not recognised', message, '/account'));
    }
    const app = await this.oauth.askingApp(link.returnTo);
    if (!link.live) {
      const message = 'This sign-in link has expired or was already used. Sign in again to get a new one.';
      return sendPage(reply, signinProblemPage(400, 'Link expired', message, link.returnTo, app));
    }
    const csrf = await this.browser.csrf(request, reply);
    return sendPage(reply, confirmLinkPage({ token: token as string, email: link.email, csrf, app }));
  }

  @FormPost('signin/confirm')
  async confirm(
    @Req() request: FastifyRequest,
    @FormBody(SigninLinkForm) form: SigninLinkForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const link = await this.oauth.peekSigninLink(form.token);
    const returnTo = link?.returnTo ?? '/account';
    if (!(await this.browser.checkCsrf(request, form.csrf))) return this.formRefused(reply, returnTo);
    const confirmed = await this.oauth.confirmSigninLink(form.token);
    if (confirmed.ok) return this.signedIn(reply, confirmed.value);
    const app = await this.oauth.askingApp(returnTo);
    return sendPage(reply, signinProblemPage(400, 'Link expired', confirmed.message, returnTo, app));
  }

  /** Signs out; with `return_to` (the consent page's "Not you?"), back to sign-in for the same request. */
  @FormPost('signout')
  async signOut(
    @Req() request: FastifyRequest,
    @FormBody(ReturnToForm) form: ReturnToForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const returnTo = safeReturnTo(form.return_to);
    const owner = await this.sessions.owner(request);
    if (owner && (await this.oauth.signOut(owner, form.csrf)).csrf === 'refused') {
      const message = 'The form could not be verified. Reload the page and try again.';
      return sendPage(reply, signinProblemPage(403, 'Not signed out', message, returnTo));
    }
    clearSessionCookie(reply, this.config);
    return sendRedirect(reply, signinHref(returnTo), 303, brokerHeaders());
  }

  /** A sign-in form POST without this browser's token: a page on another site, or a stale tab. */
  private formRefused(reply: FastifyReply, returnTo: string): string {
    return sendPage(
      reply,
      signinProblemPage(
        403,
        'Form not accepted',
        'This sign-in form could not be verified: it came from another site or from a page that is too old. Nothing was sent. Sign in again from this page.',
        returnTo,
      ),
    );
  }

  private signedIn(reply: FastifyReply, result: SignedIn): string {
    setSessionCookie(reply, this.config, result.sessionToken, Math.floor(SESSION_ABSOLUTE_MS / 1000));
    return sendRedirect(reply, result.returnTo, 303, brokerHeaders());
  }
}
