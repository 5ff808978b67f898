import { Controller, HttpCode, Ip, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '../../common/http/swagger.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { generateToken } from '../../common/auth/token.js';
import { FormBody } from '../../common/http/form-body.js';
import { sendPage, sendRedirect } from '../../common/http/page.js';
import { AppConfig } from '../../config/app-config.js';
import { CsrfForm, PasskeyForm, ReturnToForm } from '../dto/page-forms.dto.js';
import { OauthService, safeReturnTo, SESSION_ABSOLUTE_MS } from '../services/oauth.service.js';
import { brokerHeaders, errorPage } from '../views/layout.js';
import { passkeySigninSection } from '../views/passkey-parts.js';
import { signinPage } from '../views/signin-pages.js';
import { FormPost } from './form-post.js';
import { readCookie, setSessionCookie } from './session-cookie.js';
import { SessionResolver } from './session-resolver.js';
import { SigninBrowser } from './signin-browser.js';

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
    private readonly oauth: OauthService,
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
  async signinOptions(
    @Req() request: FastifyRequest,
    @Ip() ip: string,
    @FormBody(ReturnToForm) form: ReturnToForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    let binding = readCookie(request, this.pendingCookie);
    if (!binding || !PENDING_PATTERN.test(binding)) {
      binding = generateToken('mpk');
      void reply.header('set-cookie', `${this.pendingCookie}=${binding}; Path=/; HttpOnly; SameSite=Strict; Max-Age=600${this.secure}`);
    }
    void reply.header('cache-control', 'no-store');
    return this.oauth.passkeySigninOptions(binding, form.return_to, ip);
  }

  @FormPost('signin/passkey')
  async signIn(
    @Req() request: FastifyRequest,
    @Ip() ip: string,
    @FormBody(PasskeyForm) form: PasskeyForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const returnTo = safeReturnTo(form.return_to);
    const signedIn = await this.oauth.passkeySignIn(readCookie(request, this.pendingCookie) ?? '', form.response, ip);
    if (!signedIn.ok) {
      const passkey = passkeySigninSection({ available: this.oauth.passkeysAvailable, returnTo });
      const csrf = await this.browser.csrf(request, reply);
      const page = signinPage({ returnTo, csrf, problem: signedIn.message, passkey }, signedIn.status);
      return sendPage(reply, { ...page, headers: { ...page.headers, ...signedIn.headers } });
    }
    void reply.header('set-cookie', `${this.pendingCookie}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${this.secure}`);
    this.setHint(reply);
    // As SigninController.signedIn: the session cookie, then back to where the sign-in began.
    setSessionCookie(reply, this.config, signedIn.value.sessionToken, Math.floor(SESSION_ABSOLUTE_MS / 1000));
    return sendRedirect(reply, signedIn.value.returnTo, 303, brokerHeaders());
  }

  @Post('account/passkeys/options')
  @HttpCode(200)
  async registrationOptions(
    @Req() request: FastifyRequest,
    @Ip() ip: string,
    @FormBody(CsrfForm) form: CsrfForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'no-store');
    return this.oauth.passkeyRegistrationOptions(await this.sessions.owner(request), form.csrf, ip);
  }

  @FormPost('account/passkeys', 'Passkey not added')
  register(@Req() request: FastifyRequest, @FormBody(PasskeyForm) form: PasskeyForm, @Res({ passthrough: true }) reply: FastifyReply) {
    const added = { add: { name: form.name, response: form.response } };
    return this.change(request, reply, form.csrf, added, 'Passkey not added', () => this.setHint(reply));
  }

  @FormPost('account/passkeys/:id/remove', 'Passkey not removed')
  remove(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @FormBody(CsrfForm) form: CsrfForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.change(request, reply, form.csrf, { remove: id }, 'Passkey not removed');
  }

  /** Adds or removes a passkey of the signed-in owner, then back to the account page's passkeys. */
  private async change(
    request: FastifyRequest,
    reply: FastifyReply,
    csrf: string | undefined,
    change: Parameters<OauthService['changePasskey']>[2],
    failure: string,
    done?: () => void,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin?return_to=%2Faccount%23passkeys', 303, brokerHeaders());
    if ((await this.oauth.changePasskey(owner, csrf, change)).csrf === 'refused') {
      return sendPage(reply, errorPage(403, failure, 'The form could not be verified (CSRF check failed). Reload the page and try again.'));
    }
    done?.();
    return sendRedirect(reply, '/account#passkeys', 303, brokerHeaders());
  }

  /** The non-secret "this browser has a passkey here" hint: makes the passkey button the first choice. */
  private setHint(reply: FastifyReply): void {
    void reply.header('set-cookie', `agentry_has_passkey=1; Path=/; SameSite=Lax; Max-Age=${HINT_MAX_AGE_SECONDS}${this.secure}`);
  }
}
