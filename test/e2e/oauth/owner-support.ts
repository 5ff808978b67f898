// Helpers of the owner-page tests over Fastify's inject (no cookie jar): a sign-in started as a
// browser starts it — the sign-in page first (its pre-session cookie and CSRF token), then the POST.
import type { LightMyRequestResponse } from 'fastify';
import { hiddenField } from '../../support/oauth-login.js';
import type { TestApp } from '../../support/test-app.js';

/** The `name=value` pairs of a response's Set-Cookie headers, as one Cookie header. */
export function cookiesOf(res: LightMyRequestResponse, previous = ''): string {
  const jar = new Map<string, string>(
    previous
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as [string, string]),
  );
  const raw = res.headers['set-cookie'];
  for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

export type StartedSignin = LightMyRequestResponse & { codePage: string; cookie: string; csrf: string };

/** GET /signin, then POST /signin from `ip`; on a 303 also opens the code page with the same cookies. */
export async function startSignin(t: TestApp, email: string, ip: string, returnTo = '/account'): Promise<StartedSignin> {
  const form = await t.inject({ method: 'GET', url: `/signin?return_to=${encodeURIComponent(returnTo)}`, remoteAddress: ip });
  let cookie = cookiesOf(form);
  const csrf = hiddenField(form.body, 'csrf') ?? '';
  const res = await t.inject({
    method: 'POST',
    url: '/signin',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams({ email, return_to: returnTo, csrf }).toString(),
  });
  cookie = cookiesOf(res, cookie);
  let codePage = '';
  if (res.statusCode === 303) {
    codePage = (await t.inject({ method: 'GET', url: '/signin/code', remoteAddress: ip, headers: { cookie } })).body;
  }
  return Object.assign(res, { codePage, cookie, csrf });
}
