import { createHash, randomBytes } from 'node:crypto';
// OAuth test support: a test human who signs in by email (mail read from a real SMTP sink) and
// answers consent pages over plain HTTP with a cookie jar, and OAuthClientProvider
// implementations for the official SDK clients whose redirectToAuthorization hands the URL to that
// human. The flows are the real ones: discovery, registration (DCR, CIMD, pre-registered),
// /authorize, consent, /token, refresh.
import type { SmtpSink } from './smtp-sink.js';

/**
 * An authorization request as an MCP host builds it (PKCE S256, code flow) for a browser to open.
 * The verifier is thrown away: the browser tests stop at the redirect back to the app.
 */
export function browserAuthorizeUrl(baseUrl: string, clientId: string, redirectUri: string, state: string): string {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const url = new URL('/authorize', baseUrl);
  for (const [k, v] of Object.entries({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  })) {
    url.searchParams.set(k, v);
  }
  return url.toString();
}

export interface ConsentOptions {
  /** 'approve' (default) or 'deny'. */
  decision?: 'approve' | 'deny';
  /** An existing agent id to bind, or 'new' (default). */
  agent?: string;
  agentName?: string;
}

/** Reads `name="x" value="y"` hidden fields and data-testid markers out of a page. */
export function hiddenField(html: string, name: string): string | undefined {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  return match
    ? match[1]
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
    : undefined;
}

export class TestHuman {
  private readonly cookies = new Map<string, string>();
  /** Every consent page this human saw (for assertions). */
  readonly pages: string[] = [];

  constructor(
    readonly baseUrl: string,
    readonly email: string,
    private readonly sink: SmtpSink,
  ) {}

  /** Whether the jar holds a session cookie (the sign-in pages also set a pre-session cookie). */
  get signedIn(): boolean {
    return [...this.cookies.keys()].some((name) => /(^|-)agentry_session$/.test(name));
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A request with the cookie jar and no automatic redirects. */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; json?: unknown } = {},
  ): Promise<{ status: number; location?: string; text: string; headers: Headers }> {
    const absolute = new URL(url, this.baseUrl).toString();
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = new URL(this.baseUrl).origin;
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      headers.origin = new URL(this.baseUrl).origin;
      body = JSON.stringify(init.json);
    }
    const res = await fetch(absolute, {
      method: init.method ?? (init.form || init.json !== undefined ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, location: res.headers.get('location') ?? undefined, text: await res.text(), headers: res.headers };
  }

  /**
   * Starts a sign-in as the page does: opens /signin (the pre-session cookie and the form's CSRF
   * token), posts the address, follows the 303 to the code page. Returns the code page and token.
   */
  async startSignIn(returnTo = '/account'): Promise<{ status: number; csrf: string; codePage: string; location?: string; text: string }> {
    const form = await this.request(`/signin?return_to=${encodeURIComponent(returnTo)}`);
    const csrf = hiddenField(form.text, 'csrf');
    if (form.status !== 200 || !csrf) throw new Error(`sign-in page answered ${form.status} without a csrf field`);
    const started = await this.request('/signin', { form: { email: this.email, return_to: returnTo, csrf } });
    if (started.status !== 303) return { status: started.status, csrf, codePage: '', location: started.location, text: started.text };
    const codePage = await this.request(started.location ?? '/signin/code');
    return { status: started.status, csrf, codePage: codePage.text, location: started.location, text: started.text };
  }

  /** Signs in with the emailed six-digit code; returns where the sign-in sent the browser. */
  async signIn(returnTo = '/account'): Promise<string> {
    const before = this.sink.messages.filter((m) => m.to.includes(this.email)).length;
    const started = await this.startSignIn(returnTo);
    if (started.status !== 303 || started.location !== '/signin/code') {
      throw new Error(`sign-in start answered ${started.status}: ${started.text.slice(0, 300)}`);
    }
    const mail = await this.nextMail(before);
    const code = /sign-in code is (\d{6})/.exec(mail.text)?.[1];
    if (!code) throw new Error('no code in the sign-in mail');
    const done = await this.request('/signin/code', { form: { code, csrf: started.csrf } });
    if (done.status !== 303 || !done.location) throw new Error(`code answered ${done.status}: ${done.text.slice(0, 300)}`);
    return done.location;
  }

  /** The newest sign-in mail after the `before`-th one. */
  async nextMail(before: number, ms = 5000): Promise<{ text: string; subject: string }> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const mine = this.sink.messages.filter((m) => m.to.includes(this.email));
      if (mine.length > before) return mine[mine.length - 1];
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no new mail to ${this.email}`);
  }

  /**
   * Opens an authorization URL as a browser would, signs in when sent to, signs the agreement when
   * needed, and answers consent. Returns the final redirect to the client (code or error).
   */
  async authorize(authorizationUrl: string, options: ConsentOptions = {}): Promise<URL> {
    let page = await this.request(authorizationUrl);
    if (page.status === 302 && page.location?.startsWith('/signin')) {
      const returnTo = new URL(page.location, this.baseUrl).searchParams.get('return_to') ?? '/account';
      const back = await this.signIn(returnTo);
      page = await this.request(back);
    }
    if (page.status === 302 && page.location) return new URL(page.location);
    if (page.status !== 200) throw new Error(`authorize answered ${page.status}: ${page.text.slice(0, 300)}`);
    this.pages.push(page.text);
    // The consent form's own fields (the page also holds the sign-out form with the session's csrf).
    const consentForm = page.text.slice(page.text.indexOf('action="/authorize/decision"'));
    const transaction = hiddenField(consentForm, 'transaction')!;
    const csrf = hiddenField(consentForm, 'csrf')!;
    // The agent the page preselects (the one this app already acts as), unless the test picks one.
    const preselected = /<option value="([^"]+)" selected>/.exec(page.text)?.[1] ?? 'new';
    const form: Record<string, string> = {
      transaction,
      csrf,
      decision: options.decision ?? 'approve',
      agent: options.agent ?? preselected,
    };
    // One step: a first-time signer ticks the agreement's box next to Allow, in the same POST.
    if (page.text.includes('data-testid="delegation-accept"') && options.decision !== 'deny') form.accept_agreement = 'yes';
    if (options.agentName) form.agent_name = options.agentName;
    const answer = await this.request('/authorize/decision', { form });
    if (answer.status !== 303 || !answer.location) throw new Error(`decision answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return new URL(answer.location);
  }
}

/** Whoever answers an authorization URL: the HTTP test human, or a person in a real browser. */
export interface Authorizer {
  authorize(authorizationUrl: string, options?: ConsentOptions): Promise<URL>;
}

/** What both SDK generations need from a provider; the human answers the authorization URL. */
export class TestOAuthProvider {
  clientInfo?: Record<string, unknown>;
  storedTokens?: Record<string, unknown>;
  verifier = '';
  /** The last redirect back from the authorization server (code or error, state, iss). */
  lastRedirect?: URL;
  discovery?: unknown;
  authorizationUrls: URL[] = [];

  constructor(
    private readonly human: Authorizer,
    private readonly options: {
      redirectUrl?: string;
      clientName?: string;
      scope?: string;
      clientMetadataUrl?: string;
      preregistered?: Record<string, unknown>;
      authMethod?: 'none' | 'client_secret_basic' | 'client_secret_post';
      consent?: ConsentOptions;
      /** Register without the refresh_token grant (no refresh tokens: step-up goes through consent). */
      noRefresh?: boolean;
    } = {},
  ) {
    if (options.preregistered) this.clientInfo = options.preregistered;
  }

  get redirectUrl(): string {
    return this.options.redirectUrl ?? 'http://127.0.0.1:33418/callback';
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata() {
    return {
      client_name: this.options.clientName ?? 'SDK test host',
      redirect_uris: [this.redirectUrl],
      grant_types: this.options.noRefresh ? ['authorization_code'] : ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.options.authMethod ?? 'none',
      ...(this.options.scope ? { scope: this.options.scope } : {}),
    };
  }

  state(): string {
    return 'state-' + Math.random().toString(36).slice(2);
  }

  clientInformation() {
    return this.clientInfo as never;
  }

  saveClientInformation(info: Record<string, unknown>): void {
    this.clientInfo = info;
  }

  tokens() {
    return this.storedTokens as never;
  }

  saveTokens(tokens: Record<string, unknown>): void {
    this.storedTokens = tokens;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrls.push(url);
    this.lastRedirect = await this.human.authorize(url.toString(), this.options.consent);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  saveDiscoveryState(state: unknown): void {
    this.discovery = state;
  }

  discoveryState() {
    return this.discovery as never;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.clientInfo = this.options.preregistered;
    if (scope === 'all' || scope === 'tokens') this.storedTokens = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = '';
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }

  /** The code of the last redirect (throws with the error when consent was denied). */
  get code(): string {
    const code = this.lastRedirect?.searchParams.get('code');
    if (!code) throw new Error(`no code in the redirect: ${this.lastRedirect?.toString()}`);
    return code;
  }
}
