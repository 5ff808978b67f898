import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '../../common/http/swagger.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { OWNER_PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { AppError } from '../../common/errors/app-error.js';
import { AccountService } from '../services/account.js';
import { DelegationService } from '../services/delegation.js';
import { safeReturnTo } from '../services/owner-auth.js';
import { AppConfig } from '../../config/app-config.js';
import { accountDeletedPage, accountPage, agreementPage, confirmPage, deleteAccountPage, emailChangePage } from '../views/account-pages.js';
import { sendPage, sendRedirect } from '../../common/http/page.js';
import { brokerHeaders, errorPage } from '../views/layout.js';
import { field } from './form-field.js';
import { clearSessionCookie } from './session-cookie.js';
import { SessionResolver } from './session-resolver.js';
import { Passkeys } from '../services/passkeys.js';
import { passkeyAccountSection } from '../views/passkey-parts.js';

/** The result line after an account action (fixed messages: nothing from the URL is shown). */
const DONE_MESSAGES: Record<string, string> = {
  'app-removed': "Removed the app's access. It stopped working at once.",
  'agent-revoked': 'Agent revoked. Apps that acted as it stopped working at once.',
  'agent-restored': 'Agent restored.',
  'rule-saved': 'Rule saved.',
  'rule-removed': 'Rule removed.',
  'email-changed': 'Your email address is changed. Sign in with the new address from now on; we told the old one.',
};

/** The owner's account page and the delegation agreement pages. */
@ApiExcludeController()
@Public()
@RatePolicy(OWNER_PAGES_POLICY)
@Controller()
export class AccountController {
  constructor(
    private readonly config: AppConfig,
    private readonly account: AccountService,
    private readonly delegation: DelegationService,
    private readonly sessions: SessionResolver,
    private readonly passkeys: Passkeys, // passkeys (issue 24)
  ) {}

  @Get('account')
  async page(
    @Req() request: FastifyRequest,
    @Query('done') done: unknown,
    @Query('grant') grant: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin?return_to=%2Faccount', 302, brokerHeaders());
    let notice = typeof done === 'string' ? DONE_MESSAGES[done] : undefined;
    if (done === 'app-removed') {
      const name = await this.account.grantAppName(owner, grant);
      if (name) notice = `Removed ${name}. It can no longer act for you, and its access stopped working at once.`;
    }
    const view = await this.account.view(owner, notice);
    return sendPage(reply, accountPage({ ...view, passkeys: passkeyAccountSection(await this.passkeys.accountView(owner), view.csrf) }));
  }

  /** "Remove access?" — the confirmation step (a GET: nothing changes until its button is pressed). */
  @Get('account/apps/:id/remove')
  async confirmRemoveApp(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin?return_to=%2Faccount', 302, brokerHeaders());
    try {
      const grant = await this.account.grantToRemove(owner, id);
      return sendPage(
        reply,
        confirmPage({
          title: `Remove ${grant.client_name}?`,
          lines: [
            `${grant.client_name} will no longer be able to act for you as your agent ${grant.agent_name}. Its access stops working at once, on every device where it is connected.`,
            `Your agent ${grant.agent_name}, its mailbox and its signups stay. To connect the app again later, allow it again from the app.`,
          ],
          action: `/account/grants/${id}/revoke`,
          csrf: await this.account.csrfFor(owner),
          button: 'Remove access',
          testId: 'grant-remove-confirm',
        }),
      );
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        return sendPage(reply, errorPage(404, 'Already removed', 'This app has no access any more (or it is not on your account).'));
      }
      throw error;
    }
  }

  @Get('account/agents/:id/revoke')
  async confirmRevokeAgent(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin?return_to=%2Faccount', 302, brokerHeaders());
    const agent = (await this.account.view(owner)).agents.find((a) => a.id === id && a.status === 'active');
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
        csrf: await this.account.csrfFor(owner),
        button: 'Revoke agent',
        testId: 'agent-revoke-confirm',
      }),
    );
  }

  @Post('account/grants/:id/revoke')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async revokeGrant(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.ownerAction(request, body, reply, `app-removed&grant=${encodeURIComponent(id)}`, async (owner) =>
      this.account.revokeGrant(owner, id),
    );
  }

  @Post('account/agents/:id/revoke')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async revokeAgent(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.ownerAction(request, body, reply, 'agent-revoked', async (owner) => this.account.setAgentStatus(owner, id, 'revoked'));
  }

  @Post('account/agents/:id/restore')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async restoreAgent(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.ownerAction(request, body, reply, 'agent-restored', async (owner) => this.account.setAgentStatus(owner, id, 'active'));
  }

  @Post('account/rp-policies')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async setPolicy(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.ownerAction(request, body, reply, field(body, 'policy') === 'remove' ? 'rule-removed' : 'rule-saved', async (owner) =>
      this.account.setPolicy(owner, field(body, 'service'), field(body, 'policy')),
    );
  }

  @Get('account/email')
  async emailPage(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin?return_to=%2Faccount%2Femail', 302, brokerHeaders());
    const csrf = await this.account.csrfFor(owner);
    return sendPage(reply, emailChangePage({ email: owner.email, csrf, pending: await this.account.pendingEmail(owner) }));
  }

  @Post('account/email')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async startEmailChange(
    @Req() request: FastifyRequest,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.emailStep(request, body, reply, async (owner) => {
      await this.account.startEmailChange(owner, field(body, 'new_email'), request.ip);
      return '/account/email';
    });
  }

  @Post('account/email/confirm')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async confirmEmailChange(
    @Req() request: FastifyRequest,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.emailStep(request, body, reply, async (owner) => {
      await this.account.confirmEmailChange(owner, field(body, 'code'));
      return '/account?done=email-changed';
    });
  }

  private async emailStep(
    request: FastifyRequest,
    body: unknown,
    reply: FastifyReply,
    step: (owner: NonNullable<Awaited<ReturnType<SessionResolver['owner']>>>) => Promise<string>,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin?return_to=%2Faccount%2Femail', 303, brokerHeaders());
    const csrf = await this.account.csrfFor(owner);
    if (!(await this.account.checkCsrf(owner, field(body, 'csrf')))) {
      return sendPage(
        reply,
        errorPage(403, 'Not changed', 'The form could not be verified (CSRF check failed). Reload the page and try again.'),
      );
    }
    try {
      return sendRedirect(reply, await step(owner), 303, brokerHeaders());
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        const page = emailChangePage(
          {
            email: owner.email,
            csrf,
            pending: await this.account.pendingEmail(owner),
            problem: error.message,
            value: (field(body, 'new_email') ?? '').slice(0, 254),
          },
          error.status,
        );
        return sendPage(reply, { ...page, headers: { ...page.headers, ...error.headers } });
      }
      throw error;
    }
  }

  /** "Delete your account?" — what happens, and the address to type (a GET: nothing changes). */
  @Get('account/delete')
  async confirmDelete(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin?return_to=%2Faccount%2Fdelete', 302, brokerHeaders());
    return sendPage(reply, deleteAccountPage({ email: owner.email, csrf: await this.account.csrfFor(owner) }));
  }

  @Post('account/delete')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async deleteAccount(
    @Req() request: FastifyRequest,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin', 303, brokerHeaders());
    if (!(await this.account.checkCsrf(owner, field(body, 'csrf')))) {
      return sendPage(
        reply,
        errorPage(403, 'Not deleted', 'The form could not be verified (CSRF check failed). Reload the page and try again.'),
      );
    }
    try {
      await this.account.deleteAccount(owner, field(body, 'confirm_email'));
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        return sendPage(
          reply,
          deleteAccountPage({ email: owner.email, csrf: await this.account.csrfFor(owner), problem: error.message }, 400),
        );
      }
      throw error;
    }
    clearSessionCookie(reply, this.config);
    return sendRedirect(reply, '/account/deleted', 303, brokerHeaders());
  }

  @Get('account/deleted')
  deleted(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, accountDeletedPage());
  }

  /** Sign out everywhere: every session of the owner ends, this browser's too. */
  @Post('account/sessions/end')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async endSessions(
    @Req() request: FastifyRequest,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin', 303, brokerHeaders());
    if (!(await this.account.checkCsrf(owner, field(body, 'csrf')))) {
      return sendPage(
        reply,
        errorPage(403, 'Not changed', 'The form could not be verified (CSRF check failed). Reload the page and try again.'),
      );
    }
    await this.account.signOutEverywhere(owner);
    clearSessionCookie(reply, this.config);
    return sendRedirect(reply, '/signin', 303, brokerHeaders());
  }

  private async ownerAction(
    request: FastifyRequest,
    body: unknown,
    reply: FastifyReply,
    done: string,
    action: (owner: NonNullable<Awaited<ReturnType<SessionResolver['owner']>>>) => Promise<void>,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin?return_to=%2Faccount', 303, brokerHeaders());
    if (!(await this.account.checkCsrf(owner, field(body, 'csrf')))) {
      return sendPage(
        reply,
        errorPage(403, 'Not changed', 'The form could not be verified (CSRF check failed). Reload the page and try again.'),
      );
    }
    try {
      await action(owner);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return sendPage(reply, errorPage(error.status, 'Not changed', error.message));
      throw error;
    }
    return sendRedirect(reply, `/account?done=${done}`, 303, brokerHeaders());
  }

  @Get('legal/delegation')
  async current(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const agreement = await this.delegation.current();
    const owner = await this.sessions.owner(request);
    const signable = owner
      ? {
          csrf: await this.account.csrfFor(owner),
          returnTo: '/account',
          alreadySigned: (await this.delegation.status(owner)).current_signed,
        }
      : undefined;
    return sendPage(reply, agreementPage({ agreement, current: true, signable }));
  }

  @Get('legal/delegation/sign')
  async signPage(
    @Req() request: FastifyRequest,
    @Query('return_to') returnTo: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.sessions.owner(request);
    const back = safeReturnTo(returnTo);
    if (!owner) {
      return sendRedirect(
        reply,
        `/signin?return_to=${encodeURIComponent(`/legal/delegation/sign?return_to=${encodeURIComponent(back)}`)}`,
        302,
        brokerHeaders(),
      );
    }
    const agreement = await this.delegation.current();
    const status = await this.delegation.status(owner);
    return sendPage(
      reply,
      agreementPage({
        agreement,
        current: true,
        signable: { csrf: await this.account.csrfFor(owner), returnTo: back, alreadySigned: status.current_signed },
      }),
    );
  }

  @Post('legal/delegation/sign')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async sign(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin?return_to=%2Flegal%2Fdelegation%2Fsign', 303, brokerHeaders());
    if (!(await this.account.checkCsrf(owner, field(body, 'csrf')))) {
      return sendPage(
        reply,
        errorPage(403, 'Not signed', 'The form could not be verified (CSRF check failed). Reload the page and try again.'),
      );
    }
    const current = await this.delegation.current();
    const back = safeReturnTo(field(body, 'return_to'));
    if (field(body, 'version') !== current.version) {
      return sendPage(
        reply,
        agreementPage(
          {
            agreement: current,
            current: true,
            signable: { csrf: await this.account.csrfFor(owner), returnTo: back, alreadySigned: false },
            problem: 'A newer version was published meanwhile; read it and sign again.',
          },
          409,
        ),
      );
    }
    if (field(body, 'accept_agreement') !== 'yes') {
      return sendPage(
        reply,
        agreementPage(
          {
            agreement: current,
            current: true,
            signable: { csrf: await this.account.csrfFor(owner), returnTo: back, alreadySigned: false },
            problem: 'Tick the box to sign.',
          },
          400,
        ),
      );
    }
    await this.delegation.sign(owner, current.version, request.ip);
    return sendRedirect(reply, back, 303, brokerHeaders());
  }

  @Get('legal/delegation/:version')
  async version(@Param('version') version: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const agreement = /^[0-9A-Za-z.-]{1,20}$/.test(version) ? await this.delegation.version(version) : undefined;
    if (!agreement) return sendPage(reply, errorPage(404, 'Not found', 'No agreement version has that name.'));
    const current = await this.delegation.current();
    return sendPage(reply, agreementPage({ agreement, current: current.version === agreement.version }));
  }
}
