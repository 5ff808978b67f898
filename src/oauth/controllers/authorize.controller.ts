import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiExcludeEndpoint,
  ApiFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
} from '../../common/http/swagger.js';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { OAUTH_POLICY, OWNER_PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { AccountService } from '../services/account.js';
import { AuthorizationService, AuthorizePageError, AuthorizeRedirectError } from '../services/authorization.js';
import { safeReturnTo } from '../services/owner-auth.js';
import { sendPage, sendRedirect } from '../../common/http/page.js';
import { consentPage } from '../views/consent-page.js';
import { brokerHeaders, errorPage } from '../views/layout.js';
import { signinProblemPage } from '../views/signin-pages.js';
import { field } from './form-field.js';
import { SessionResolver } from './session-resolver.js';

/**
 * /authorize: validates the request, sends the owner to sign in when needed, shows the consent
 * page (a server-side transaction with a CSRF token), and turns the owner's answer into a redirect
 * with `code` (or `error`), `state` and `iss`.
 */
@ApiTags('OAuth')
@Public()
@Controller()
export class AuthorizeController {
  constructor(
    private readonly authorization: AuthorizationService,
    private readonly sessions: SessionResolver,
    private readonly account: AccountService,
  ) {}

  @Get('authorize')
  @RatePolicy(OAUTH_POLICY)
  @ApiOp(
    'authorize',
    'Authorization endpoint: consent page for the signed-in owner (PKCE S256 required)',
    'Validates the authorization request; a signed-in owner sees the consent page (HTML), anyone else is redirected to ' +
      'sign in first. The answer returns to the client as a 302/303 redirect with code (or error), state and iss. ' +
      'An unknown client or redirect URI gets an error page, never a redirect.',
  )
  @ApiQuery({
    name: 'client_id',
    required: true,
    schema: { type: 'string', maxLength: 2000, example: 'mcc_example' },
    description: 'A registered client_id or an https Client ID Metadata Document URL.',
  })
  @ApiQuery({
    name: 'redirect_uri',
    required: false,
    schema: { type: 'string', format: 'uri' },
    description: "One of the client's redirect URIs (loopback: any port).",
  })
  @ApiQuery({ name: 'response_type', required: false, schema: { type: 'string', enum: ['code'] } })
  @ApiQuery({
    name: 'code_challenge',
    required: false,
    schema: { type: 'string', minLength: 43, maxLength: 128 },
    description: 'S256 PKCE challenge (required for a code).',
  })
  @ApiQuery({ name: 'code_challenge_method', required: false, schema: { type: 'string', enum: ['S256'] } })
  @ApiQuery({ name: 'state', required: false, schema: { type: 'string' }, description: 'Returned unchanged with the code.' })
  @ApiQuery({
    name: 'scope',
    required: false,
    schema: { type: 'string' },
    description: 'Space-separated; absent: identity:read identity:write tos:accept inbox:read inbox:send.',
  })
  @ApiQuery({
    name: 'resource',
    required: false,
    schema: { type: 'string', format: 'uri' },
    description: 'Absent or exactly PUBLIC_BASE_URL/broker/mcp (RFC 8707).',
  })
  @ApiOkResponse({ description: 'The consent page (HTML).', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiFoundResponse({
    description: 'To the sign-in page, or back to the client with code, state and iss (with error only for pre-registered clients).',
    headers: { Location: { description: 'Where to go next.', schema: { type: 'string' } } } as never,
  })
  @ApiBadRequestResponse({
    description:
      'Unknown client or redirect URI, or any invalid request of a dynamically registered or metadata-document client: an error page (HTML), never a redirect.',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @ApiErrors(429, 503)
  async authorize(
    @Req() request: FastifyRequest,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    let validated;
    try {
      validated = await this.authorization.validate(query);
    } catch (error) {
      if (error instanceof AuthorizePageError) return sendPage(reply, errorPage(400, 'This app cannot connect', error.message));
      if (error instanceof AuthorizeRedirectError) return sendRedirect(reply, error.redirect, 302, brokerHeaders());
      throw error;
    }
    const owner = await this.sessions.owner(request);
    if (!owner) return sendRedirect(reply, `/signin?return_to=${encodeURIComponent(request.url)}`, 302, brokerHeaders());
    const view = await this.authorization.begin(owner, validated);
    return sendPage(reply, consentPage(view, { returnTo: request.url, signoutCsrf: await this.account.csrfFor(owner) }));
  }

  @Post('authorize/decision')
  @RatePolicy(OWNER_PAGES_POLICY)
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  @ApiExcludeEndpoint()
  async decide(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const owner = await this.sessions.owner(request);
    if (!owner) {
      const page = signinProblemPage(
        401,
        'Signed out',
        'You were signed out before answering. Sign in again to see the request.',
        safeReturnTo(field(body, 'return_to')),
      );
      return sendPage(reply, page);
    }
    const action = field(body, 'decision');
    try {
      const outcome = await this.authorization.decide(owner, {
        transactionId: field(body, 'transaction'),
        csrf: field(body, 'csrf'),
        action: action === 'approve' || action === 'sign' ? action : 'deny',
        agent: field(body, 'agent'),
        newAgentName: field(body, 'agent_name'),
        acceptAgreement: field(body, 'accept_agreement') === 'yes',
        ip: request.ip,
      });
      if ('redirect' in outcome) {
        const target = new URL(outcome.redirect);
        const origin = target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : target.protocol;
        return sendRedirect(reply, outcome.redirect, 303, brokerHeaders(origin));
      }
      return sendPage(
        reply,
        consentPage(outcome.again, {
          problem: outcome.problem || undefined,
          returnTo: safeReturnTo(field(body, 'return_to')),
          signoutCsrf: await this.account.csrfFor(owner),
        }),
      );
    } catch (error) {
      if (error instanceof AuthorizePageError) return sendPage(reply, errorPage(400, 'Request not accepted', error.message));
      throw error;
    }
  }
}
