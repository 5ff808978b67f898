import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { AppError } from '../../common/errors/app-error.js';
import { AppConfig } from '../../config/app-config.js';
import { AccountService } from '../services/account.service.js';
import { OwnerAuthService, safeReturnTo, SESSION_ABSOLUTE_MS, type SignedIn } from '../services/owner-auth.service.js';
import { sendPage, sendRedirect } from '../../common/http/page.js';
import { brokerHeaders, errorPage } from '../views/layout.js';
import { codePage, confirmLinkPage, signinPage } from '../views/signin-pages.js';
import { field } from './form-field.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { SessionResolver } from './session-resolver.js';
import { Passkeys } from '../services/passkeys.js';
import { passkeySigninSection } from '../views/passkey-parts.js';

/** Passwordless sign-in pages: email → code or link (confirmed by a POST) → session cookie. */
@ApiExcludeController()
@Public()
@Controller()
export class SigninController {
  constructor(
    private readonly config: AppConfig,
    private readonly owners: OwnerAuthService,
    private readonly account: AccountService,
    private readonly sessions: SessionResolver,
    private readonly passkeys: Passkeys, // passkeys (issue 24)
  ) {}

  @Get('signin')
  page(@Query('return_to') returnTo: unknown, @Res({ passthrough: true }) reply: FastifyReply): string {
    const back = safeReturnTo(returnTo);
    return sendPage(
      reply,
      signinPage({ returnTo: back, passkey: passkeySigninSection({ available: !!this.passkeys.relyingParty, returnTo: back }) }),
    );
  }

  @Post('signin')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async start(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const returnTo = safeReturnTo(field(body, 'return_to'));
    const email = field(body, 'email') ?? '';
    try {
      const started = await this.owners.start(email, returnTo, request.ip);
      return sendPage(reply, codePage({ handle: started.handle, email: started.email }));
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        const page = signinPage({ returnTo, email: email.slice(0, 254), problem: error.message }, error.status);
        return sendPage(reply, { ...page, headers: { ...page.headers, ...error.headers } });
      }
      throw error;
    }
  }

  @Post('signin/code')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async code(@Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const handle = field(body, 'handle') ?? '';
    try {
      return this.signedIn(reply, await this.owners.verifyCode(handle, field(body, 'code')));
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        return sendPage(reply, codePage({ handle, email: 'your address', problem: error.message }, 400));
      }
      throw error;
    }
  }

  @Get('signin/confirm')
  async confirmPage(@Query('token') token: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const pending = await this.owners.peekLink(token);
    if (!pending) return sendPage(reply, errorPage(400, 'Link expired', 'This sign-in link has expired or was already used. Start again.'));
    return sendPage(reply, confirmLinkPage({ token: token as string, email: pending.email }));
  }

  @Post('signin/confirm')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async confirm(@Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    try {
      return this.signedIn(reply, await this.owners.confirmLink(field(body, 'token')));
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return sendPage(reply, errorPage(400, 'Link expired', error.message));
      throw error;
    }
  }

  @Post('signout')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async signOut(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (owner) {
      if (!(await this.account.checkCsrf(owner, field(body, 'csrf')))) {
        return sendPage(reply, errorPage(403, 'Not signed out', 'The form could not be verified. Reload the page and try again.'));
      }
      await this.owners.signOut(owner);
    }
    clearSessionCookie(reply, this.config);
    return sendRedirect(reply, '/signin', 303, brokerHeaders());
  }

  private signedIn(reply: FastifyReply, result: SignedIn): string {
    setSessionCookie(reply, this.config, result.sessionToken, Math.floor(SESSION_ABSOLUTE_MS / 1000));
    return sendRedirect(reply, result.returnTo, 303, brokerHeaders());
  }
}
