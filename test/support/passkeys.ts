// Passkey test support: a test human whose passkey is a software authenticator (HTTP tests, no
// browser), and Chromium's virtual authenticator over the DevTools protocol (browser tests).
import type { CDPSession, Page } from 'playwright-core';
import { hiddenField, TestHuman } from './oauth-login.js';
import { SoftAuthenticator, type CeremonyKnobs } from './soft-authenticator.js';
import type { SmtpSink } from './smtp-sink.js';

/** A test human who signs in by email first, adds a passkey, and from then on signs in with it. */
export class PasskeyHuman extends TestHuman {
  readonly authenticator: SoftAuthenticator;
  /** Knobs for the next passkey answer (an attack), cleared after use. */
  nextKnobs: CeremonyKnobs = {};
  /** Sign in with the passkey (true) or by email (false). */
  usePasskey = false;

  constructor(baseUrl: string, email: string, sink: SmtpSink, publicBaseUrl: string, options: { counter?: number } = {}) {
    super(baseUrl, email, sink);
    this.authenticator = new SoftAuthenticator(new URL(publicBaseUrl).hostname, new URL(publicBaseUrl).origin, options);
  }

  /** Adds a passkey from the account page (the session must be fresh). Returns the final answer. */
  async addPasskey(name = 'Test key', knobs: CeremonyKnobs = {}) {
    const account = await this.request('/account');
    const csrf = hiddenField(account.text, 'csrf') ?? '';
    const options = await this.request('/account/passkeys/options', { json: { csrf } });
    if (options.status !== 200) return options;
    const parsed = JSON.parse(options.text) as { challenge: string; user: { id: string } };
    return this.request('/account/passkeys', { form: { csrf, name, response: this.authenticator.create(parsed, knobs) } });
  }

  /** Sign-in options (sets the pre-session cookie), as the sign-in page's script asks for them. */
  async passkeyOptions(returnTo = '/account'): Promise<{ challenge: string }> {
    const res = await this.request('/signin/passkey/options', { json: { return_to: returnTo } });
    if (res.status !== 200) throw new Error(`passkey options answered ${res.status}: ${res.text.slice(0, 300)}`);
    return JSON.parse(res.text) as { challenge: string };
  }

  /** Posts a passkey answer as the sign-in page's form does. */
  postAnswer(response: string, returnTo = '/account') {
    return this.request('/signin/passkey', { form: { response, return_to: returnTo } });
  }

  /** With `usePasskey`, the OAuth flow's sign-in (TestHuman.authorize) uses the passkey instead of a mailed code. */
  override async signIn(returnTo = '/account'): Promise<string> {
    if (!this.usePasskey) return super.signIn(returnTo);
    const options = await this.passkeyOptions(returnTo);
    const answer = this.authenticator.get(options, this.nextKnobs);
    this.nextKnobs = {};
    const done = await this.postAnswer(answer, returnTo);
    if (done.status !== 303 || !done.location) throw new Error(`passkey sign-in answered ${done.status}: ${done.text.slice(0, 300)}`);
    return done.location;
  }
}

/** Chromium's virtual authenticator (CTAP2, internal, resident keys, user verification on). */
export async function virtualAuthenticator(
  page: Page,
  options: { isUserVerified?: boolean } = {},
): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: options.isUserVerified ?? true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}
