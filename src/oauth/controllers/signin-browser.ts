import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { SecretsService } from '../../common/secrets/secrets.service.js';
import { AppConfig } from '../../config/app-config.js';
import { SIGNIN_TTL_MS } from '../services/oauth.service.js';
import { readCookie } from './session-cookie.js';

/**
 * The browser's side of a sign-in before there is a session (login CSRF, RFC 9700 §4.4.1.8 in
 * spirit): a pre-session cookie (random, HttpOnly, SameSite=Lax) that every sign-in form's `csrf`
 * field is bound to — the token is a keyed hash of the cookie, so a page on another site can
 * neither read nor forge it — and the pending sign-in's handle, kept in a cookie rather than the
 * page so the code page is a plain GET (no form-resubmission trap).
 */
@Injectable()
export class SigninBrowser {
  constructor(
    private readonly config: AppConfig,
    private readonly secrets: SecretsService,
  ) {}

  private get https(): boolean {
    return this.config.publicBaseUrl.startsWith('https://');
  }

  private name(base: string): string {
    return this.https ? `__Host-${base}` : base;
  }

  private cookie(name: string, value: string, maxAgeSeconds: number): string {
    return `${this.name(name)}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${this.https ? '; Secure' : ''}`;
  }

  /** The CSRF token for this browser's sign-in forms; sets the pre-session cookie when it has none. */
  async csrf(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    let presession = readCookie(request, this.name('agentry_presession'));
    if (!presession || !/^[A-Za-z0-9_-]{43}$/.test(presession)) {
      presession = randomBytes(32).toString('base64url');
      void reply.header('set-cookie', this.cookie('agentry_presession', presession, 24 * 3600));
    }
    return this.secrets.keyedHash('signin-csrf', presession);
  }

  /** Whether a sign-in form POST carries the token bound to this browser's pre-session cookie. */
  async checkCsrf(request: FastifyRequest, presented: string | undefined): Promise<boolean> {
    const presession = readCookie(request, this.name('agentry_presession'));
    if (!presession || !presented) return false;
    const expected = await this.secrets.keyedHash('signin-csrf', presession);
    return presented.length === expected.length && timingSafeEqual(Buffer.from(presented), Buffer.from(expected));
  }

  /** The pending sign-in's handle (set when a code is mailed). */
  pendingHandle(request: FastifyRequest): string | undefined {
    const value = readCookie(request, this.name('agentry_signin'));
    return value && value.length <= 200 ? value : undefined;
  }

  setPending(reply: FastifyReply, handle: string): void {
    void reply.header('set-cookie', this.cookie('agentry_signin', handle, Math.floor(SIGNIN_TTL_MS / 1000)));
  }

  clearPending(reply: FastifyReply): void {
    void reply.header('set-cookie', this.cookie('agentry_signin', '', 0));
  }
}
