import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { AppError } from '../../common/errors/app-error.js';
import { AccountService } from '../services/account.service.js';
import { DelegationService } from '../services/delegation.service.js';
import { safeReturnTo } from '../services/owner-auth.service.js';
import { accountPage, agreementPage } from '../views/account-pages.js';
import { sendPage, sendRedirect } from '../../common/http/page.js';
import { brokerHeaders, errorPage } from '../views/layout.js';
import { field } from './form-field.js';
import { SessionResolver } from './session-resolver.js';
import { Passkeys } from '../services/passkeys.js';
import { passkeyAccountSection } from '../views/passkey-parts.js';

/** The owner's account page and the delegation agreement pages. */
@ApiExcludeController()
@Public()
@Controller()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly delegation: DelegationService,
    private readonly sessions: SessionResolver,
    private readonly passkeys: Passkeys, // passkeys (issue 24)
  ) {}

  @Get('account')
  async page(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, '/signin?return_to=%2Faccount', 302, brokerHeaders());
    const view = await this.account.view(owner);
    return sendPage(reply, accountPage({ ...view, passkeys: passkeyAccountSection(await this.passkeys.accountView(owner), view.csrf) }));
  }

  @Post('account/grants/:id/revoke')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async revokeGrant(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.ownerAction(request, body, reply, async (owner) => this.account.revokeGrant(owner, id));
  }

  @Post('account/agents/:id/revoke')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async revokeAgent(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.ownerAction(request, body, reply, async (owner) => this.account.setAgentStatus(owner, id, 'revoked'));
  }

  @Post('account/agents/:id/restore')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async restoreAgent(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.ownerAction(request, body, reply, async (owner) => this.account.setAgentStatus(owner, id, 'active'));
  }

  @Post('account/rp-policies')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  async setPolicy(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.ownerAction(request, body, reply, async (owner) =>
      this.account.setPolicy(owner, field(body, 'service'), field(body, 'policy')),
    );
  }

  private async ownerAction(
    request: FastifyRequest,
    body: unknown,
    reply: FastifyReply,
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
    return sendRedirect(reply, '/account', 303, brokerHeaders());
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
