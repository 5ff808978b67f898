import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '../../common/http/swagger.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { generateToken } from '../../common/auth/token.js';
import { AppError } from '../../common/errors/app-error.js';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { sendPage, sendRedirect } from '../../common/http/page.js';
import { AppConfig } from '../../config/app-config.js';
import { oauthErrors } from '../oauth.errors.js';
import { AccountService } from '../services/account.js';
import { safeReturnTo, SESSION_ABSOLUTE_MS } from '../services/owner-auth.js';
import { Passkeys } from '../services/passkeys.js';
import { brokerHeaders, errorPage } from '../views/layout.js';
import { passkeySigninSection } from '../views/passkey-parts.js';
import { signinPage } from '../views/signin-pages.js';
import { field } from './form-field.js';
import { readCookie, setSessionCookie } from './session-cookie.js';
import { SigninBrowser } from './signin-browser.js';
import { SessionResolver } from './session-resolver.js';

const PENDING_PATTERN = /^mpk_[A-Za-z0-9_-]{43}$/;
/** The hint cookie lives about a year (browsers cap cookies at 400 days). */
const HINT_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * Passkey ceremonies of the broker's pages (issue 24). Sign-in: JSON options, then the browser's
 * answer as a form POST that ends like an email sign-in (session cookie, 303 to where the sign-in
 * began, e.g. the pending /authorize). Account: registration options, the new passkey, removal.
 */
@ApiExcludeController()
@Public()
@Controller()
export class PasskeysController {
  constructor(
    private readonly config: AppConfig,
    private readonly passkeys: Passkeys,
    private readonly account: AccountService,
    private readonly sessions: SessionResolver,
    private readonly browser: SigninBrowser,
  ) {}

  private get secure(): string {
    return this.config.publicBaseUrl.startsWith('https://') ? '; Secure' : '';
  }

  /** The pre-session cookie that binds a sign-in challenge to this browser. */
  private get pendingCookie(): string {
    return this.config.publicBaseUrl.startsWith('https://') ? '__Host-agentry_passkey' : 'agentry_passkey';
  }

  @Post('signin/passkey/options')
  @HttpCode(200)
  async signinOptions(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    let binding = readCookie(request, this.pendingCookie);
    if (!binding || !PENDING_PATTERN.test(binding)) {
      binding = generateToken('mpk');
      void reply.header('set-cookie', `${this.pendingCookie}=${binding}; Path=/; HttpOnly; SameSite=Strict; Max-Age=600${this.secure}`);
    }
    void reply.header('cache-control', 'no-store');
    return this.passkeys.signinOptions(binding, field(body, 'return_to'), request.ip);
  }

  @Post('signin/passkey')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async signIn(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const returnTo = safeReturnTo(field(body, 'return_to'));
    try {
      const result = await this.passkeys.signIn(readCookie(request, this.pendingCookie) ?? '', field(body, 'response'), request.ip);
      void reply.header('set-cookie', `${this.pendingCookie}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${this.secure}`);
      this.setHint(reply);
      // As SigninController.signedIn: the session cookie, then back to where the sign-in began.
      setSessionCookie(reply, this.config, result.sessionToken, Math.floor(SESSION_ABSOLUTE_MS / 1000));
      return sendRedirect(reply, result.returnTo, 303, brokerHeaders());
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        const passkey = passkeySigninSection({ available: !!this.passkeys.relyingParty, returnTo });
        const csrf = await this.browser.csrf(request, reply);
        const page = signinPage({ returnTo, csrf, problem: error.message, passkey }, error.status);
        return sendPage(reply, { ...page, headers: { ...page.headers, ...error.headers } });
      }
      throw error;
    }
  }

  @Post('account/passkeys/options')
  @HttpCode(200)
  async registrationOptions(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    const owner = await this.sessions.owner(request);
    if (!owner) throw oauthErrors.stepUpRequired();
    if (!(await this.account.checkCsrf(owner, field(body, 'csrf')))) {
      throw oauthErrors.invalid('The form could not be verified (CSRF check failed). Reload the page and try again.');
    }
    return this.passkeys.registrationOptions(owner, request.ip);
  }

  @Post('account/passkeys')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async register(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.ownerAction(request, body, reply, 'Passkey not added', async (owner) => {
      await this.passkeys.register(owner, field(body, 'name'), field(body, 'response'));
      this.setHint(reply);
    });
  }

  @Post('account/passkeys/:id/remove')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async remove(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.ownerAction(request, body, reply, 'Passkey not removed', (owner) => this.passkeys.remove(owner, id));
  }

  /** The non-secret "this browser has a passkey here" hint: makes the passkey button the first choice. */
  private setHint(reply: FastifyReply): void {
    void reply.header('set-cookie', `agentry_has_passkey=1; Path=/; SameSite=Lax; Max-Age=${HINT_MAX_AGE_SECONDS}${this.secure}`);
  }

  private async ownerAction(
    request: FastifyRequest,
    body: unknown,
    reply: FastifyReply,
    failure: string,
    action: (owner: NonNullable<Awaited<ReturnType<SessionResolver['owner']>>>) => Promise<void>,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin?return_to=%2Faccount%23passkeys', 303, brokerHeaders());
    if (!(await this.account.checkCsrf(owner, field(body, 'csrf')))) {
      return sendPage(reply, errorPage(403, failure, 'The form could not be verified (CSRF check failed). Reload the page and try again.'));
    }
    try {
      await action(owner);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return sendPage(reply, errorPage(error.status, failure, error.message));
      throw error;
    }
    return sendRedirect(reply, '/account#passkeys', 303, brokerHeaders());
  }
}
