import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '../../common/http/swagger.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { OWNER_PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { AppError } from '../../common/errors/app-error.js';
import { AppConfig } from '../../config/app-config.js';
import { AccountService } from '../services/account.js';
import { OwnerAuthService, safeReturnTo, SESSION_ABSOLUTE_MS, type SignedIn } from '../services/owner-auth.js';
import { SigninContext } from '../services/signin-context.js';
import { sendPage, sendRedirect } from '../../common/http/page.js';
import { brokerHeaders } from '../views/layout.js';
import { codePage, confirmLinkPage, signinHref, signinPage, signinProblemPage } from '../views/signin-pages.js';
import { field } from './form-field.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { SessionResolver } from './session-resolver.js';
import { SigninBrowser } from './signin-browser.js';
import { Passkeys } from '../services/passkeys.js';
import { passkeySigninSection } from '../views/passkey-parts.js';

/** What the code page says after a redirect back to it (fixed messages: nothing from the URL is shown). */
const CODE_PAGE_MESSAGES: Record<string, { problem?: string; notice?: string }> = {
  wrong: { problem: 'That code is not right. Check the latest message and try again.' },
  sent: { notice: 'We sent you a new code. Only the newest code works.' },
};

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
    private readonly owners: OwnerAuthService,
    private readonly account: AccountService,
    private readonly sessions: SessionResolver,
    private readonly browser: SigninBrowser,
    private readonly context: SigninContext,
    private readonly passkeys: Passkeys, // passkeys (issue 24)
  ) {}

  @Get('signin')
  async page(
    @Req() request: FastifyRequest,
    @Query('return_to') returnToInput: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const returnTo = safeReturnTo(returnToInput);
    const csrf = await this.browser.csrf(request, reply);
    return sendPage(
      reply,
      signinPage({
        returnTo,
        csrf,
        app: await this.context.appFor(returnTo),
        passkey: passkeySigninSection({ available: !!this.passkeys.relyingParty, returnTo }),
      }),
    );
  }

  @Post('signin')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async start(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const returnTo = safeReturnTo(field(body, 'return_to'));
    if (!(await this.browser.checkCsrf(request, body))) return this.formRefused(reply, returnTo);
    const email = field(body, 'email') ?? '';
    try {
      const started = await this.owners.start(email, returnTo, request.ip);
      this.browser.setPending(reply, started.handle);
      return sendRedirect(reply, '/signin/code', 303, brokerHeaders());
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        const csrf = await this.browser.csrf(request, reply);
        const page = signinPage(
          { returnTo, csrf, app: await this.context.appFor(returnTo), email: email.slice(0, 254), problem: error.message },
          error.status,
        );
        return sendPage(reply, { ...page, headers: { ...page.headers, ...error.headers } });
      }
      throw error;
    }
  }

  @Get('signin/code')
  async codeForm(
    @Req() request: FastifyRequest,
    @Query('e') said: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const pending = await this.owners.pending(this.browser.pendingHandle(request));
    if (!pending) return sendRedirect(reply, '/signin', 303, brokerHeaders());
    const csrf = await this.browser.csrf(request, reply);
    const message = typeof said === 'string' ? CODE_PAGE_MESSAGES[said] : undefined;
    return sendPage(reply, codePage({ pending, csrf, app: await this.context.appFor(pending.returnTo), ...message }));
  }

  @Post('signin/code')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async code(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const handle = this.browser.pendingHandle(request);
    const pending = await this.owners.pending(handle);
    if (!(await this.browser.checkCsrf(request, body))) return this.formRefused(reply, pending?.returnTo ?? '/account');
    if (!pending) return sendRedirect(reply, '/signin', 303, brokerHeaders());
    try {
      const signedIn = await this.owners.verifyCode(handle, field(body, 'code'));
      this.browser.clearPending(reply);
      return this.signedIn(reply, signedIn);
    } catch (error) {
      // Back to the code page by GET (no resubmission trap); it reads attempts left from the server.
      if (error instanceof AppError && error.status < 500) return sendRedirect(reply, '/signin/code?e=wrong', 303, brokerHeaders());
      throw error;
    }
  }

  @Post('signin/resend')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async resend(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const handle = this.browser.pendingHandle(request);
    const pending = await this.owners.pending(handle);
    if (!(await this.browser.checkCsrf(request, body))) return this.formRefused(reply, pending?.returnTo ?? '/account');
    if (!pending) return sendRedirect(reply, '/signin', 303, brokerHeaders());
    try {
      const started = await this.owners.resend(handle, request.ip);
      this.browser.setPending(reply, started.handle);
      return sendRedirect(reply, '/signin/code?e=sent', 303, brokerHeaders());
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        const csrf = await this.browser.csrf(request, reply);
        const page = codePage({ pending, csrf, app: await this.context.appFor(pending.returnTo), problem: error.message }, error.status);
        return sendPage(reply, { ...page, headers: { ...page.headers, ...error.headers } });
      }
      throw error;
    }
  }

  @Get('signin/confirm')
  async confirmPage(
    @Req() request: FastifyRequest,
    @Query('token') token: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const link = await this.owners.peekLink(token);
    if (!link) {
      return sendPage(
        reply,
        signinProblemPage(
          400,
          'Link not recognised',
          'This sign-in link is not one we sent, or it was cut short. Sign in again.',
          '/account',
        ),
      );
    }
    const app = await this.context.appFor(link.returnTo);
    if (!link.live) {
      return sendPage(
        reply,
        signinProblemPage(
          400,
          'Link expired',
          'This sign-in link has expired or was already used. Sign in again to get a new one.',
          link.returnTo,
          app,
        ),
      );
    }
    const csrf = await this.browser.csrf(request, reply);
    return sendPage(reply, confirmLinkPage({ token: token as string, email: link.email, csrf, app }));
  }

  @Post('signin/confirm')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async confirm(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const link = await this.owners.peekLink(field(body, 'token'));
    const returnTo = link?.returnTo ?? '/account';
    if (!(await this.browser.checkCsrf(request, body))) return this.formRefused(reply, returnTo);
    try {
      return this.signedIn(reply, await this.owners.confirmLink(field(body, 'token')));
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        return sendPage(reply, signinProblemPage(400, 'Link expired', error.message, returnTo, await this.context.appFor(returnTo)));
      }
      throw error;
    }
  }

  /** Signs out; with `return_to` (the consent page's "Not you?"), back to sign-in for the same request. */
  @Post('signout')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async signOut(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const returnTo = safeReturnTo(field(body, 'return_to'));
    const owner = await this.sessions.owner(request);
    if (owner) {
      if (!(await this.account.checkCsrf(owner, field(body, 'csrf')))) {
        return sendPage(
          reply,
          signinProblemPage(403, 'Not signed out', 'The form could not be verified. Reload the page and try again.', returnTo),
        );
      }
      await this.owners.signOut(owner);
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
