import { Injectable } from '@nestjs/common';
import type { AgentPrincipal, OperatorPrincipal, OwnerPrincipal } from '../../common/auth/principals.js';
import { refusable, refusedOnPage, type Refusable } from '../../common/http/page-refusal.js';
import { OAUTH_REGISTER_POLICY, RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { AppConfig } from '../../config/app-config.js';
import type { ClientCredentials } from '../domain/client-credentials.js';
import type { ClientRegistrationDto, RevokeRequestDto, TokenRequestDto } from '../dto/oauth-forms.dto.js';
import { bearerChallenge, resourceMetadataUrl } from '../domain/challenge.js';
import { RESOURCE_SCOPES } from '../domain/scopes.js';
import { AccessPolicy, type AccessDecision, type ScopeDecision } from './access-policy.js';
import { Clients } from './clients.js';
import { Tokens, type TokenResponse } from './tokens.js';
import type { AccountView, GrantRow } from '../views/account-pages.js';
import { Accounts } from './account.js';
import { Authorizations, type ConsentView } from './authorization.js';
import { Delegation, type AgreementView } from './delegation.js';
import { oauthErrors } from '../oauth.errors.js';
import { OauthAdmin } from './oauth-admin.js';
import {
  OwnerAuth,
  safeReturnTo,
  SESSION_ABSOLUTE_MS,
  SIGNIN_TTL_MS,
  type PendingSignin,
  type SignedIn,
  type SigninStarted,
} from './owner-auth.js';
import { Passkeys, type PasskeyAccountView } from './passkeys.js';
import { SigninContext, type AskingApp } from './signin-context.js';

// The pages' refusals, for the edge's page filter (controllers/page-error.filter.ts).
export { AuthorizePageError, AuthorizeRedirectError } from './authorization.js';
/** Keeps a return_to on the broker's own pages (an open redirect otherwise). */
export { safeReturnTo };
/** How long a pending sign-in (its code and link) and a session live. */
export { SESSION_ABSOLUTE_MS, SIGNIN_TTL_MS };
export type { SignedIn };

/** What an owner changes from the account page (one POST each, CSRF-checked). */
export type AccountAction =
  | { kind: 'revoke-grant'; grantId: string }
  | { kind: 'agent-status'; agentId: string; status: 'active' | 'revoked' }
  | { kind: 'policy'; service?: string; policy?: string };

/** An owner form's answer: done, or refused because the form's CSRF token does not match. */
export type FormOutcome<T = true> = { csrf: 'refused' } | { csrf: 'ok'; result: T };

/**
 * The oauth module's facade: what other modules (and the MCP broker gate) may use. The
 * authorization server's endpoints and pages live behind it in this module's controllers.
 */
@Injectable()
export class OauthService {
  constructor(
    private readonly config: AppConfig,
    private readonly access: AccessPolicy,
    private readonly clients: Clients,
    private readonly tokens: Tokens,
    private readonly rateLimits: RateLimitService,
    private readonly authorization: Authorizations,
    private readonly account: Accounts,
    private readonly delegation: Delegation,
    private readonly owners: OwnerAuth,
    private readonly passkeys: Passkeys,
    private readonly signinContext: SigninContext,
    private readonly admin: OauthAdmin,
  ) {}

  /**
   * The token endpoint (RFC 6749 §3.2): authenticates the client as it registered, then runs the
   * exchange its grant_type names, in one transaction (Tokens.grant).
   * @throws OAuthError invalid_client, invalid_request, unsupported_grant_type, unauthorized_client, invalid_grant, invalid_scope, invalid_target
   */
  async tokenRequest(credentials: ClientCredentials, request: TokenRequestDto): Promise<TokenResponse> {
    const client = await this.clients.authenticate(credentials);
    const issued = await this.tokens.grant(client, { ...request });
    void this.clients.touch(client).catch(() => undefined);
    return issued;
  }

  /**
   * Token revocation (RFC 7009): the client authenticates as at the token endpoint; unknown tokens
   * are accepted silently. @throws OAuthError invalid_client, invalid_request
   */
  async revokeToken(credentials: ClientCredentials, request: RevokeRequestDto): Promise<Record<string, never>> {
    const client = await this.clients.authenticate(credentials);
    await this.tokens.revokeByValue(client, request.token);
    return {};
  }

  /**
   * Dynamic client registration (RFC 7591), counted per client address (an IPv6 client by its /64:
   * it cannot rotate through its prefix). Answers the registration body (the secret shown only here).
   * @throws AppError rate_limited; OAuthError invalid_redirect_uri, invalid_client_metadata
   */
  async registerClient(ip: string, metadata: ClientRegistrationDto): Promise<Record<string, unknown>> {
    const budget = await this.rateLimits.consume(OAUTH_REGISTER_POLICY, ip);
    if (!budget.allowed) throw this.rateLimits.refusal(budget);
    return (await this.clients.register(metadata)).body;
  }

  /** The canonical resource identifier of the broker's MCP server. */
  get brokerResource(): string {
    return this.access.resource;
  }

  /** Where the broker's protected-resource metadata lives (the challenge's resource_metadata). */
  get resourceMetadataUrl(): string {
    return resourceMetadataUrl(this.config.publicBaseUrl);
  }

  /** The scopes the challenge names when no token was sent. */
  get defaultChallengeScopes(): readonly string[] {
    return RESOURCE_SCOPES;
  }

  /** Checks a bearer token in the gate's order (token → owner → agreement). */
  authenticate(token: string | undefined): Promise<AccessDecision> {
    return this.access.check(token);
  }

  /** Scope check: ok, or the scopes to put in an insufficient_scope challenge. */
  requireScopes(principal: AgentPrincipal, required: readonly string[]): ScopeDecision {
    return this.access.requireScopes(principal, required);
  }

  /** The WWW-Authenticate value for a decision (RFC 6750 / RFC 9728). */
  challenge(kind: 'missing' | 'invalid_token' | 'insufficient_scope', scopes: readonly string[], description?: string): string {
    return bearerChallenge(this.resourceMetadataUrl, kind, scopes, description);
  }

  // ---- The broker's pages: the owner's session, consent, the account page, the agreement.

  /** The owner a session cookie belongs to (undefined: none, expired or ended). */
  ownerSession(cookie: string | undefined): Promise<OwnerPrincipal | undefined> {
    return this.owners.session(cookie);
  }

  /** The CSRF token of the owner's session forms. */
  ownerCsrf(owner: OwnerPrincipal): Promise<string> {
    return this.account.csrfFor(owner);
  }

  /**
   * GET /authorize: the validated request's consent view for a signed-in owner, or `signIn` first.
   * @throws AuthorizePageError, AuthorizeRedirectError (an invalid request)
   */
  async authorizeRequest(
    query: Record<string, unknown>,
    owner: OwnerPrincipal | undefined,
  ): Promise<{ signIn: true } | { signIn: false; consent: ConsentView; signoutCsrf: string }> {
    const validated = await this.authorization.validate(query);
    if (!owner) return { signIn: true };
    const consent = await this.authorization.begin(owner, validated);
    return { signIn: false, consent, signoutCsrf: await this.account.csrfFor(owner) };
  }

  /**
   * The owner's answer on the consent page: the redirect back to the client, or the page again with the problem.
   * @throws AuthorizePageError (unknown, expired or foreign transaction; CSRF failure)
   */
  async decideConsent(
    owner: OwnerPrincipal,
    form: { transaction?: string; csrf?: string; decision?: string; agent?: string; agent_name?: string; accept_agreement?: string },
    ip: string,
  ): Promise<{ redirect: string } | { again: ConsentView; problem: string; signoutCsrf: string }> {
    const outcome = await this.authorization.decide(owner, {
      transactionId: form.transaction,
      csrf: form.csrf,
      action: form.decision === 'approve' || form.decision === 'sign' ? form.decision : 'deny',
      agent: form.agent,
      newAgentName: form.agent_name,
      acceptAgreement: form.accept_agreement === 'yes',
      ip,
    });
    return 'redirect' in outcome ? outcome : { ...outcome, signoutCsrf: await this.account.csrfFor(owner) };
  }

  /** The account page's data; `removedGrant` names the app of a grant just removed (for the result line). */
  async accountView(
    owner: OwnerPrincipal,
    removedGrant?: unknown,
  ): Promise<{ view: AccountView; passkeys: PasskeyAccountView; removedApp?: string }> {
    const removedApp = removedGrant === undefined ? undefined : await this.account.grantAppName(owner, removedGrant);
    const view = await this.account.view(owner);
    return { view, passkeys: await this.passkeys.accountView(owner), removedApp };
  }

  /** One of the owner's live grants for the "remove access?" page, or undefined (gone, or not theirs). */
  async grantToRemove(owner: OwnerPrincipal, grantId: string): Promise<{ grant: GrantRow; csrf: string } | undefined> {
    const found = await refusable(() => this.account.grantToRemove(owner, grantId));
    return found.ok ? { grant: found.value, csrf: await this.account.csrfFor(owner) } : undefined;
  }

  /** One of the owner's active agents for the "revoke agent?" page, or undefined. */
  async activeAgent(owner: OwnerPrincipal, agentId: string): Promise<{ name: string; csrf: string } | undefined> {
    const agent = (await this.account.view(owner)).agents.find((a) => a.id === agentId && a.status === 'active');
    return agent ? { name: agent.name, csrf: await this.account.csrfFor(owner) } : undefined;
  }

  /** A change from the account page. @throws PageRefusal (no such grant or agent, an invalid rule) */
  async accountAction(owner: OwnerPrincipal, csrf: string | undefined, action: AccountAction): Promise<FormOutcome> {
    if (!(await this.account.checkCsrf(owner, csrf))) return { csrf: 'refused' };
    await refusedOnPage(async () => {
      if (action.kind === 'revoke-grant') await this.account.revokeGrant(owner, action.grantId);
      else if (action.kind === 'agent-status') await this.account.setAgentStatus(owner, action.agentId, action.status);
      else await this.account.setPolicy(owner, action.service, action.policy);
    });
    return { csrf: 'ok', result: true };
  }

  /** The email page's data. */
  async emailChangeView(owner: OwnerPrincipal): Promise<{ csrf: string; pending: string | undefined }> {
    return { csrf: await this.account.csrfFor(owner), pending: await this.account.pendingEmail(owner) };
  }

  /**
   * A step of the email change: mail a code to the new address (`new_email`), or confirm it (`code`).
   * A refusal comes back with the page's data to show it on the form again.
   */
  async changeEmail(
    owner: OwnerPrincipal,
    form: { csrf?: string; new_email?: string; code?: string },
    step: 'start' | 'confirm',
    ip: string,
  ): Promise<FormOutcome<Refusable<unknown> & { csrf: string; pending: string | undefined }>> {
    const csrf = await this.account.csrfFor(owner);
    if (!(await this.account.checkCsrf(owner, form.csrf))) return { csrf: 'refused' };
    const outcome = await refusable<unknown>(() =>
      step === 'start' ? this.account.startEmailChange(owner, form.new_email, ip) : this.account.confirmEmailChange(owner, form.code),
    );
    return { csrf: 'ok', result: { ...outcome, csrf, pending: outcome.ok ? undefined : await this.account.pendingEmail(owner) } };
  }

  /** Deletes the owner's account once the typed address matches; a refusal comes back with a fresh CSRF token. */
  async deleteAccount(
    owner: OwnerPrincipal,
    form: { csrf?: string; confirm_email?: string },
  ): Promise<FormOutcome<Refusable<void> & { csrf?: string }>> {
    if (!(await this.account.checkCsrf(owner, form.csrf))) return { csrf: 'refused' };
    const outcome = await refusable(() => this.account.deleteAccount(owner, form.confirm_email));
    return { csrf: 'ok', result: outcome.ok ? outcome : { ...outcome, csrf: await this.account.csrfFor(owner) } };
  }

  /** Sign out everywhere: every session of the owner ends. */
  async signOutEverywhere(owner: OwnerPrincipal, csrf: string | undefined): Promise<FormOutcome> {
    if (!(await this.account.checkCsrf(owner, csrf))) return { csrf: 'refused' };
    await this.account.signOutEverywhere(owner);
    return { csrf: 'ok', result: true };
  }

  /** The current agreement, and for a signed-in owner what the signing form needs. */
  async agreementView(
    owner: OwnerPrincipal | undefined,
    returnTo: string,
  ): Promise<{ agreement: AgreementView; signable?: { csrf: string; returnTo: string; alreadySigned: boolean } }> {
    const agreement = await this.delegation.current();
    if (!owner) return { agreement };
    const csrf = await this.account.csrfFor(owner);
    return { agreement, signable: { csrf, returnTo, alreadySigned: (await this.delegation.status(owner)).current_signed } };
  }

  /** One published agreement version (undefined: no such version) and whether it is the current one. */
  async agreementVersion(version: string): Promise<{ agreement: AgreementView; current: boolean } | undefined> {
    const agreement = /^[0-9A-Za-z.-]{1,20}$/.test(version) ? await this.delegation.version(version) : undefined;
    if (!agreement) return undefined;
    return { agreement, current: (await this.delegation.current()).version === agreement.version };
  }

  /**
   * The owner signs the current agreement: `signed`, or the page again because a newer version was
   * published meanwhile (`stale`) or the box was not ticked (`unticked`).
   */
  async signAgreement(
    owner: OwnerPrincipal,
    form: { csrf?: string; version?: string; accept_agreement?: string },
    ip: string,
  ): Promise<FormOutcome<{ signed: true } | { signed: false; reason: 'stale' | 'unticked'; agreement: AgreementView; csrf: string }>> {
    if (!(await this.account.checkCsrf(owner, form.csrf))) return { csrf: 'refused' };
    const current = await this.delegation.current();
    const reason = form.version !== current.version ? 'stale' : form.accept_agreement !== 'yes' ? 'unticked' : undefined;
    if (reason) return { csrf: 'ok', result: { signed: false, reason, agreement: current, csrf: await this.account.csrfFor(owner) } };
    await this.delegation.sign(owner, current.version, ip);
    return { csrf: 'ok', result: { signed: true } };
  }

  // ---- Sign-in pages (email code or link, passkeys) and sign-out.

  /** What the sign-in page shows besides the form: the app that asks, whether passkeys work here. */
  async signinView(returnTo: string): Promise<{ app: AskingApp | undefined; passkeys: boolean }> {
    return { app: await this.signinContext.appFor(returnTo), passkeys: !!this.passkeys.relyingParty };
  }

  /** Whether passkeys work on this address (a domain name, and https outside localhost). */
  get passkeysAvailable(): boolean {
    return !!this.passkeys.relyingParty;
  }

  /** The app a sign-in was started for (from its return target), if it came from /authorize. */
  askingApp(returnTo: string): Promise<AskingApp | undefined> {
    return this.signinContext.appFor(returnTo);
  }

  /** Mails a code and a link; a refusal (invalid address, rate limit) comes back for the form. */
  startSignin(email: string, returnTo: string, ip: string): Promise<Refusable<SigninStarted>> {
    return refusable(() => this.owners.start(email, returnTo, ip));
  }

  /** The pending sign-in of a browser's handle, if any. */
  pendingSignin(handle: string | undefined): Promise<PendingSignin | undefined> {
    return this.owners.pending(handle);
  }

  /** Checks the mailed code; a refusal means a wrong or spent code. */
  verifySigninCode(handle: string | undefined, code: string | undefined): Promise<Refusable<SignedIn>> {
    return refusable(() => this.owners.verifyCode(handle, code));
  }

  /** Mails a new code; a refusal (too early, rate limit) comes back for the code page. */
  resendSigninCode(handle: string | undefined, ip: string): Promise<Refusable<SigninStarted>> {
    return refusable(() => this.owners.resend(handle, ip));
  }

  /** What a sign-in link stands for, without using it. */
  peekSigninLink(token: unknown): Promise<{ email: string; returnTo: string; live: boolean } | undefined> {
    return this.owners.peekLink(token);
  }

  /** Uses a sign-in link (the confirmation page's POST); a refusal means expired or used. */
  confirmSigninLink(token: string | undefined): Promise<Refusable<SignedIn>> {
    return refusable(() => this.owners.confirmLink(token));
  }

  /** Ends the owner's session (the form's CSRF token checked first). */
  async signOut(owner: OwnerPrincipal, csrf: string | undefined): Promise<FormOutcome> {
    if (!(await this.account.checkCsrf(owner, csrf))) return { csrf: 'refused' };
    await this.owners.signOut(owner);
    return { csrf: 'ok', result: true };
  }

  /** Options for navigator.credentials.get, bound to the browser's pending-passkey cookie. @throws rate_limited, not_found */
  passkeySigninOptions(binding: string, returnTo: string | undefined, ip: string): Promise<Record<string, unknown>> {
    return this.passkeys.signinOptions(binding, returnTo, ip);
  }

  /** Signs in with a passkey's assertion; a refusal comes back for the sign-in page. */
  passkeySignIn(binding: string, response: string | undefined, ip: string): Promise<Refusable<SignedIn>> {
    return refusable(() => this.passkeys.signIn(binding, response, ip));
  }

  /** Options for navigator.credentials.create. @throws step_up_required (no session), validation_failed (CSRF), rate_limited */
  async passkeyRegistrationOptions(
    owner: OwnerPrincipal | undefined,
    csrf: string | undefined,
    ip: string,
  ): Promise<Record<string, unknown>> {
    if (!owner) throw oauthErrors.stepUpRequired();
    if (!(await this.account.checkCsrf(owner, csrf))) {
      throw oauthErrors.invalid('The form could not be verified (CSRF check failed). Reload the page and try again.');
    }
    return this.passkeys.registrationOptions(owner, ip);
  }

  /** Adds or removes one of the owner's passkeys. @throws PageRefusal (a refused ceremony, step-up needed, no such passkey) */
  async changePasskey(
    owner: OwnerPrincipal,
    csrf: string | undefined,
    change: { add: { name?: string; response?: string } } | { remove: string },
  ): Promise<FormOutcome> {
    if (!(await this.account.checkCsrf(owner, csrf))) return { csrf: 'refused' };
    await refusedOnPage(async () => {
      if ('add' in change) await this.passkeys.register(owner, change.add.name, change.add.response);
      else await this.passkeys.remove(owner, change.remove);
    });
    return { csrf: 'ok', result: true };
  }

  // ---- Operators' management of the broker (admin/broker): every change audited.

  listOwners(status: string | undefined, limit: number, offset: number) {
    return this.admin.listOwners(status, limit, offset);
  }

  ownerHistory(id: string) {
    return this.admin.ownerHistory(id);
  }

  setOwnerStatus(operator: OperatorPrincipal, id: string, status: 'active' | 'suspended', reason: string | null) {
    return this.admin.setOwnerStatus(operator, id, status, reason);
  }

  ownerPasskeys(ownerId: string) {
    return this.passkeys.listForOperator(ownerId);
  }

  revokeOwnerPasskeys(operator: OperatorPrincipal, ownerId: string, reason: string | null) {
    return this.passkeys.revokeAll(operator, ownerId, reason);
  }

  listAgents(status: string | undefined, limit: number, offset: number) {
    return this.admin.listAgents(status, limit, offset);
  }

  setAgentStatus(operator: OperatorPrincipal, id: string, status: 'active' | 'suspended', reason: string | null) {
    return this.admin.setAgentStatus(operator, id, status, reason);
  }

  listClients(limit: number, offset: number) {
    return this.admin.listClients(limit, offset);
  }

  preregisterClient(operator: OperatorPrincipal, metadata: unknown) {
    return this.admin.registerClient(operator, metadata);
  }

  revokeClient(operator: OperatorPrincipal, id: string) {
    return this.admin.revokeClient(operator, id);
  }

  listTokens(filter: { ownerId?: string; clientId?: string }, limit: number, offset: number) {
    return this.admin.listTokens(filter, limit, offset);
  }

  revokeTokenById(operator: OperatorPrincipal, id: string) {
    return this.admin.revokeToken(operator, id);
  }

  agreements() {
    return this.admin.agreements();
  }

  publishAgreement(operator: OperatorPrincipal, version: string, text: string) {
    return this.admin.publishAgreement(operator, version, text);
  }

  auditLog(limit: number, offset: number) {
    return this.admin.auditLog(limit, offset);
  }
}
