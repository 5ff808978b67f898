import { Controller, Get, Ip, Query, Req, Res, UseFilters } from '@nestjs/common';
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
import { FormBody } from '../../common/http/form-body.js';
import { sendPage, sendRedirect } from '../../common/http/page.js';
import { ConsentDecisionForm } from '../dto/page-forms.dto.js';
import { OauthService, safeReturnTo } from '../services/oauth.service.js';
import { consentPage } from '../views/consent-page.js';
import { brokerHeaders } from '../views/layout.js';
import { signinProblemPage } from '../views/signin-pages.js';
import { FormPost } from './form-post.js';
import { PageErrorFilter } from './page-error.filter.js';
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
    private readonly oauth: OauthService,
    private readonly sessions: SessionResolver,
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
  @UseFilters(new PageErrorFilter('This app cannot connect'))
  async authorize(
    @Req() request: FastifyRequest,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const outcome = await this.oauth.authorizeRequest(query, await this.sessions.owner(request));
    if (outcome.signIn) return sendRedirect(reply, `/signin?return_to=${encodeURIComponent(request.url)}`, 302, brokerHeaders());
    return sendPage(reply, consentPage(outcome.consent, { returnTo: request.url, signoutCsrf: outcome.signoutCsrf }));
  }

  @FormPost('authorize/decision', 'Request not accepted')
  @RatePolicy(OWNER_PAGES_POLICY)
  @ApiExcludeEndpoint()
  async decide(
    @Req() request: FastifyRequest,
    @Ip() ip: string,
    @FormBody(ConsentDecisionForm) form: ConsentDecisionForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const returnTo = safeReturnTo(form.return_to);
    const owner = await this.sessions.owner(request);
    if (!owner) {
      const message = 'You were signed out before answering. Sign in again to see the request.';
      return sendPage(reply, signinProblemPage(401, 'Signed out', message, returnTo));
    }
    const outcome = await this.oauth.decideConsent(owner, form, ip);
    if ('redirect' in outcome) {
      const target = new URL(outcome.redirect);
      const origin = target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : target.protocol;
      return sendRedirect(reply, outcome.redirect, 303, brokerHeaders(origin));
    }
    const extras = { problem: outcome.problem || undefined, returnTo, signoutCsrf: outcome.signoutCsrf };
    return sendPage(reply, consentPage(outcome.again, extras));
  }
}
