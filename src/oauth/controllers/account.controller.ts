import { Controller, Get, Ip, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '../../common/http/swagger.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { FormBody } from '../../common/http/form-body.js';
import { sendPage, sendRedirect } from '../../common/http/page.js';
import { OWNER_PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import { AppConfig } from '../../config/app-config.js';
import { AgreementSignForm, CodeForm, CsrfForm, DeleteAccountForm, EmailChangeForm, PolicyForm } from '../dto/page-forms.dto.js';
import { OauthService, safeReturnTo, type AccountAction } from '../services/oauth.service.js';
import { accountDeletedPage, accountPage, agreementPage, confirmPage, deleteAccountPage, emailChangePage } from '../views/account-pages.js';
import { brokerHeaders, errorPage } from '../views/layout.js';
import { passkeyAccountSection } from '../views/passkey-parts.js';
import { FormPost } from './form-post.js';
import { clearSessionCookie } from './session-cookie.js';
import { SessionResolver } from './session-resolver.js';

/** The result line after an account action (fixed messages: nothing from the URL is shown). */
const DONE_MESSAGES: Record<string, string> = {
  'app-removed': "Removed the app's access. It stopped working at once.",
  'agent-revoked': 'Agent revoked. Apps that acted as it stopped working at once.',
  'agent-restored': 'Agent restored.',
  'rule-saved': 'Rule saved.',
  'rule-removed': 'Rule removed.',
  'email-changed': 'Your email address is changed. Sign in with the new address from now on; we told the old one.',
};

const csrfRefused = (title: string) =>
  errorPage(403, title, 'The form could not be verified (CSRF check failed). Reload the page and try again.');
const toSignin = (reply: FastifyReply, returnTo: string, status: 302 | 303) =>
  sendRedirect(reply, returnTo ? `/signin?return_to=${encodeURIComponent(returnTo)}` : '/signin', status, brokerHeaders());

/** The owner's account page and the delegation agreement pages. */
@ApiExcludeController()
@Public()
@RatePolicy(OWNER_PAGES_POLICY)
@Controller()
export class AccountController {
  constructor(
    private readonly config: AppConfig,
    private readonly oauth: OauthService,
    private readonly sessions: SessionResolver,
  ) {}

  @Get('account')
  async page(
    @Req() request: FastifyRequest,
    @Query('done') done: unknown,
    @Query('grant') grant: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return toSignin(reply, '/account', 302);
    const { view, passkeys, removedApp } = await this.oauth.accountView(owner, done === 'app-removed' ? grant : undefined);
    const notice = removedApp
      ? `Removed ${removedApp}. It can no longer act for you, and its access stopped working at once.`
      : typeof done === 'string'
        ? DONE_MESSAGES[done]
        : undefined;
    return sendPage(reply, accountPage({ ...view, notice, passkeys: passkeyAccountSection(passkeys, view.csrf) }));
  }

  /** "Remove access?" — the confirmation step (a GET: nothing changes until its button is pressed). */
  @Get('account/apps/:id/remove')
  async confirmRemoveApp(@Req() request: FastifyRequest, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const owner = await this.sessions.owner(request);
    if (!owner) return toSignin(reply, '/account', 302);
    const found = await this.oauth.grantToRemove(owner, id);
    if (!found) {
      return sendPage(reply, errorPage(404, 'Already removed', 'This app has no access any more (or it is not on your account).'));
    }
    const { grant, csrf } = found;
    return sendPage(
      reply,
      confirmPage({
        title: `Remove ${grant.client_name}?`,
        lines: [
          `${grant.client_name} will no longer be able to act for you as your agent ${grant.agent_name}. Its access stops working at once, on every device where it is connected.`,
          `Your agent ${grant.agent_name}, its mailbox and its signups stay. To connect the app again later, allow it again from the app.`,
        ],
        action: `/account/grants/${id}/revoke`,
        csrf,
        button: 'Remove access',
        testId: 'grant-remove-confirm',
      }),
    );
  }

  @Get('account/agents/:id/revoke')
  async confirmRevokeAgent(@Req() request: FastifyRequest, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const owner = await this.sessions.owner(request);
    if (!owner) return toSignin(reply, '/account', 302);
    const agent = await this.oauth.activeAgent(owner, id);
    if (!agent) return sendPage(reply, errorPage(404, 'Not found', 'This agent is not an active agent of your account.'));
    return sendPage(
      reply,
      confirmPage({
        title: `Revoke ${agent.name}?`,
        lines: [
          `Every app that acts as ${agent.name} stops working at once, and the agent can no longer use its mailbox or sign up anywhere in your name.`,
          'Its records stay on your account, and you can restore it later.',
        ],
        action: `/account/agents/${id}/revoke`,
        csrf: agent.csrf,
        button: 'Revoke agent',
        testId: 'agent-revoke-confirm',
      }),
    );
  }

  // The account page's changes: one action each, then back to the page with the result line.

  @FormPost('account/grants/:id/revoke', 'Not changed')
  revokeGrant(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @FormBody(CsrfForm) form: CsrfForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.act(request, reply, form.csrf, { kind: 'revoke-grant', grantId: id }, `app-removed&grant=${encodeURIComponent(id)}`);
  }

  @FormPost('account/agents/:id/revoke', 'Not changed')
  revokeAgent(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @FormBody(CsrfForm) form: CsrfForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.act(request, reply, form.csrf, { kind: 'agent-status', agentId: id, status: 'revoked' }, 'agent-revoked');
  }

  @FormPost('account/agents/:id/restore', 'Not changed')
  restoreAgent(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @FormBody(CsrfForm) form: CsrfForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.act(request, reply, form.csrf, { kind: 'agent-status', agentId: id, status: 'active' }, 'agent-restored');
  }

  @FormPost('account/rp-policies', 'Not changed')
  setPolicy(@Req() request: FastifyRequest, @FormBody(PolicyForm) form: PolicyForm, @Res({ passthrough: true }) reply: FastifyReply) {
    const done = form.policy === 'remove' ? 'rule-removed' : 'rule-saved';
    return this.act(request, reply, form.csrf, { kind: 'policy', service: form.service, policy: form.policy }, done);
  }

  private async act(request: FastifyRequest, reply: FastifyReply, csrf: string | undefined, action: AccountAction, done: string) {
    const owner = await this.sessions.owner(request);
    if (!owner) return toSignin(reply, '/account', 303);
    const outcome = await this.oauth.accountAction(owner, csrf, action);
    if (outcome.csrf === 'refused') return sendPage(reply, csrfRefused('Not changed'));
    return sendRedirect(reply, `/account?done=${done}`, 303, brokerHeaders());
  }

  @Get('account/email')
  async emailPage(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return toSignin(reply, '/account/email', 302);
    return sendPage(reply, emailChangePage({ email: owner.email, ...(await this.oauth.emailChangeView(owner)) }));
  }

  @FormPost('account/email')
  startEmailChange(
    @Req() request: FastifyRequest,
    @Ip() ip: string,
    @FormBody(EmailChangeForm) form: EmailChangeForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.emailStep(request, reply, form, 'start', ip, '/account/email');
  }

  @FormPost('account/email/confirm')
  confirmEmailChange(
    @Req() request: FastifyRequest,
    @Ip() ip: string,
    @FormBody(CodeForm) form: CodeForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.emailStep(request, reply, form, 'confirm', ip, '/account?done=email-changed');
  }

  private async emailStep(
    request: FastifyRequest,
    reply: FastifyReply,
    form: EmailChangeForm & CodeForm,
    step: 'start' | 'confirm',
    ip: string,
    next: string,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return toSignin(reply, '/account/email', 303);
    const outcome = await this.oauth.changeEmail(owner, form, step, ip);
    if (outcome.csrf === 'refused') return sendPage(reply, csrfRefused('Not changed'));
    const result = outcome.result;
    if (result.ok) return sendRedirect(reply, next, 303, brokerHeaders());
    const { csrf, pending } = result;
    const page = emailChangePage(
      { email: owner.email, csrf, pending, problem: result.message, value: (form.new_email ?? '').slice(0, 254) },
      result.status,
    );
    return sendPage(reply, { ...page, headers: { ...page.headers, ...result.headers } });
  }

  /** "Delete your account?" — what happens, and the address to type (a GET: nothing changes). */
  @Get('account/delete')
  async confirmDelete(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return toSignin(reply, '/account/delete', 302);
    return sendPage(reply, deleteAccountPage({ email: owner.email, csrf: await this.oauth.ownerCsrf(owner) }));
  }

  @FormPost('account/delete')
  async deleteAccount(
    @Req() request: FastifyRequest,
    @FormBody(DeleteAccountForm) form: DeleteAccountForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return toSignin(reply, '', 303);
    const outcome = await this.oauth.deleteAccount(owner, form);
    if (outcome.csrf === 'refused') return sendPage(reply, csrfRefused('Not deleted'));
    const result = outcome.result;
    if (!result.ok) {
      return sendPage(reply, deleteAccountPage({ email: owner.email, csrf: result.csrf ?? '', problem: result.message }, 400));
    }
    return this.signedOut(reply, '/account/deleted');
  }

  @Get('account/deleted')
  deleted(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, accountDeletedPage());
  }

  /** Sign out everywhere: every session of the owner ends, this browser's too. */
  @FormPost('account/sessions/end')
  async endSessions(
    @Req() request: FastifyRequest,
    @FormBody(CsrfForm) form: CsrfForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return toSignin(reply, '', 303);
    const outcome = await this.oauth.signOutEverywhere(owner, form.csrf);
    if (outcome.csrf === 'refused') return sendPage(reply, csrfRefused('Not changed'));
    return this.signedOut(reply, '/signin');
  }

  private signedOut(reply: FastifyReply, next: string): string {
    clearSessionCookie(reply, this.config);
    return sendRedirect(reply, next, 303, brokerHeaders());
  }

  @Get('legal/delegation')
  async current(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const view = await this.oauth.agreementView(await this.sessions.owner(request), '/account');
    return sendPage(reply, agreementPage({ ...view, current: true }));
  }

  @Get('legal/delegation/sign')
  async signPage(
    @Req() request: FastifyRequest,
    @Query('return_to') returnTo: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    const back = safeReturnTo(returnTo);
    if (!owner) return toSignin(reply, `/legal/delegation/sign?return_to=${encodeURIComponent(back)}`, 302);
    return sendPage(reply, agreementPage({ ...(await this.oauth.agreementView(owner, back)), current: true }));
  }

  @FormPost('legal/delegation/sign')
  async sign(
    @Req() request: FastifyRequest,
    @Ip() ip: string,
    @FormBody(AgreementSignForm) form: AgreementSignForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return toSignin(reply, '/legal/delegation/sign', 303);
    const outcome = await this.oauth.signAgreement(owner, form, ip);
    if (outcome.csrf === 'refused') return sendPage(reply, csrfRefused('Not signed'));
    const back = safeReturnTo(form.return_to);
    const result = outcome.result;
    if (result.signed) return sendRedirect(reply, back, 303, brokerHeaders());
    const problem =
      result.reason === 'stale' ? 'A newer version was published meanwhile; read it and sign again.' : 'Tick the box to sign.';
    const signable = { csrf: result.csrf, returnTo: back, alreadySigned: false };
    return sendPage(
      reply,
      agreementPage({ agreement: result.agreement, current: true, signable, problem }, result.reason === 'stale' ? 409 : 400),
    );
  }

  @Get('legal/delegation/:version')
  async version(@Param('version') version: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const found = await this.oauth.agreementVersion(version);
    if (!found) return sendPage(reply, errorPage(404, 'Not found', 'No agreement version has that name.'));
    return sendPage(reply, agreementPage(found));
  }
}
