// An example relying party for the Agentry identity broker: a service that lets AI agents sign up
// for their human owners. Copy it. It needs Node 20+, `jose` and `nodemailer`.
//
//   node examples/relying-party/server.mjs
//
// It serves, on one origin:
//   GET  /.well-known/agent-signup   the discovery document (terms, audience, endpoints, attestation)
//   POST /agent-signup               verifies the broker's assertion, creates a pending account and
//                                    mails a six-digit confirmation code to the agent's address
//   POST /agent-signup/confirm       {account_id, code} → the account is active; returns a signed receipt
//   GET  /authority/jwks.json        a LOCAL TEST attestation authority (in production the authority
//                                    is a separate party the broker's operators trust)
import { createHash, randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { calculateJwkThumbprint, createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import nodemailer from 'nodemailer';

const DEFAULT_TERMS = `Example Service — Terms for agent accounts (version 2026-11)

1. An AI agent may open an account for its human owner, who is responsible for its use.
2. The account is confirmed with a code sent to the agent's email address.
3. We keep the agent's email address and account activity for as long as the account exists.
4. Either side may close the account at any time.`;

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Starts the relying party. Options:
 *   brokerIssuer (required)  the broker's issuer, e.g. http://127.0.0.1:3000
 *   brokerJwksUri            default `${brokerIssuer}/.well-known/jwks.json`
 *   port, host               default 0 (any free port), 127.0.0.1
 *   smtpUrl                  where confirmation mail goes, default smtp://127.0.0.1:2525
 *   mailFrom                 default no-reply@example-rp.localhost
 *   name, termsText, termsVersion, scopes, trustedBrokers
 *   audience                 default the origin (tests: a hostile RP that declares another service's)
 *   attestationLevel         default 'domain'
 *   attestationTtlSeconds    default 86400
 *   withAttestation          default true (false: the discovery document carries none)
 * Returns { origin, authority: { issuer, jwks_uri }, discovery(), accounts, signAttestation, signReceipt, close() }.
 */
export async function startRelyingParty(options) {
  const brokerIssuer = options.brokerIssuer.replace(/\/+$/, '');
  const brokerJwks = createRemoteJWKSet(new URL(options.brokerJwksUri ?? `${brokerIssuer}/.well-known/jwks.json`));
  const name = options.name ?? 'Example Service';
  const termsText = options.termsText ?? DEFAULT_TERMS;
  const termsVersion = options.termsVersion ?? '2026-11';
  const scopes = options.scopes ?? ['profile:email'];
  const mailer = nodemailer.createTransport(options.smtpUrl ?? 'smtp://127.0.0.1:2525');
  const mailFrom = options.mailFrom ?? 'no-reply@example-rp.localhost';

  // Keys: the RP's receipt key (published inside the attestation as rp_jwks) and the test authority's key.
  const receiptKeys = await generateKeyPair('ES256', { extractable: true });
  const receiptJwk = { ...(await exportJWK(receiptKeys.publicKey)), alg: 'ES256', use: 'sig' };
  receiptJwk.kid = await calculateJwkThumbprint(receiptJwk);
  const authorityKeys = await generateKeyPair('ES256', { extractable: true });
  const authorityJwk = { ...(await exportJWK(authorityKeys.publicKey)), alg: 'ES256', use: 'sig' };
  authorityJwk.kid = await calculateJwkThumbprint(authorityJwk);

  /** pending and active accounts by id */
  const accounts = new Map();
  /** assertion jti → expiry (ms): each assertion is accepted once */
  const usedJtis = new Map();
  let origin = '';
  let attestation = null;
  let attestationJti = null;

  const signAttestation = (
    claims = {},
    {
      typ = 'rp-attestation+jwt',
      key = authorityKeys.privateKey,
      kid = authorityJwk.kid,
      ttlSeconds = options.attestationTtlSeconds ?? 86400,
    } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    const { iss = `${origin}/authority`, sub = origin, ...rest } = claims;
    return new SignJWT({ level: options.attestationLevel ?? 'domain', rp_jwks: { keys: [receiptJwk] }, ...rest })
      .setProtectedHeader({ alg: 'ES256', kid, typ })
      .setIssuer(iss)
      .setSubject(sub)
      .setJti(claims.jti ?? randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(key);
  };

  const signReceipt = (claims, { typ = 'signup-receipt+jwt', key = receiptKeys.privateKey, kid = receiptJwk.kid } = {}) => {
    const receipt = new SignJWT({ assertion_jti: claims.assertion_jti, attestation_jti: claims.attestation_jti, account: claims.account })
      .setProtectedHeader({ alg: 'ES256', kid, typ })
      .setIssuer(claims.iss ?? origin)
      .setAudience(claims.aud ?? brokerIssuer)
      .setSubject(claims.sub)
      .setJti(claims.jti ?? randomUUID())
      .setIssuedAt(claims.iat);
    // The broker requires exp, at most one hour after iat (tests pass exp: null to leave it out).
    if (claims.exp !== null) receipt.setExpirationTime(claims.exp ?? '10m');
    return receipt.sign(key);
  };

  const discovery = () => ({
    issuer: origin,
    name,
    provider_url: origin,
    // The broker mints assertions for this origin only (aud = origin); declaring another value is refused.
    audience: options.audience ?? origin,
    terms: { url: `${origin}/terms`, version: termsVersion, text: termsText },
    endpoints: { agent_signup: `${origin}/agent-signup` },
    scopes,
    ...(options.trustedBrokers ? { trusted_brokers: options.trustedBrokers } : {}),
    ...(attestation ? { attestation } : {}),
  });

  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  const readJson = (req) =>
    new Promise((resolve) => {
      let size = 0;
      const chunks = [];
      req.on('data', (c) => {
        size += c.length;
        if (size <= 16384) chunks.push(c);
      });
      req.on('end', () => {
        try {
          resolve(size > 16384 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'));
        } catch {
          resolve(undefined);
        }
      });
    });

  async function agentSignup(req, res) {
    const auth = req.headers.authorization ?? '';
    const jwt = /^Bearer (\S+)$/.exec(auth)?.[1];
    const body = await readJson(req);
    if (!jwt) return send(res, 401, { error: 'missing_assertion' });
    if (
      !req.headers['content-type']?.startsWith('application/json') ||
      body === undefined ||
      body === null ||
      Object.keys(body).length > 0
    ) {
      return send(res, 400, { error: 'invalid_request', message: 'POST the raw body {} with Content-Type: application/json' });
    }
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(jwt, brokerJwks, {
        issuer: brokerIssuer,
        audience: origin,
        typ: 'agent-assertion+jwt',
        algorithms: ['ES256', 'EdDSA'],
        requiredClaims: ['sub', 'jti', 'iat', 'exp', 'agent_email', 'tos'],
        maxTokenAge: '10m',
        clockTolerance: 30,
      }));
    } catch (error) {
      return send(res, 401, { error: 'invalid_assertion', message: error.code ?? 'verification failed' });
    }
    if (claims.owner_verified !== true) return send(res, 403, { error: 'owner_not_verified' });
    if (claims.tos?.version !== termsVersion || claims.tos?.sha256 !== sha256(termsText.replace(/\r\n?/g, '\n'))) {
      return send(res, 409, { error: 'terms_outdated', message: 'The assertion accepts other terms than the current ones.' });
    }
    const now = Date.now();
    for (const [jti, exp] of usedJtis) if (exp < now) usedJtis.delete(jti);
    if (usedJtis.has(claims.jti)) return send(res, 409, { error: 'assertion_replayed' });
    usedJtis.set(claims.jti, claims.exp * 1000);

    const account = {
      id: `acct_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
      agent_id: claims.sub,
      email: claims.agent_email,
      status: 'pending_confirmation',
      code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      attempts: 0,
      assertion_jti: claims.jti,
    };
    accounts.set(account.id, account);
    try {
      await mailer.sendMail({
        from: mailFrom,
        to: account.email,
        subject: `Your ${name} confirmation code`,
        text: `Your ${name} confirmation code is ${account.code}\n\nConfirm your account ${account.id} at ${origin}/agent-signup/confirm within 30 minutes.`,
      });
    } catch {
      accounts.delete(account.id);
      usedJtis.delete(claims.jti);
      return send(res, 503, { error: 'mail_failed', message: 'Could not send the confirmation code; retry with a fresh assertion.' });
    }
    return send(res, 202, {
      account_id: account.id,
      status: account.status,
      message: `We sent a six-digit code to ${account.email}.`,
      confirm: { url: `${origin}/agent-signup/confirm`, method: 'POST', body: { account_id: account.id, code: '<the six-digit code>' } },
    });
  }

  async function confirm(req, res) {
    const body = await readJson(req);
    const account = typeof body?.account_id === 'string' ? accounts.get(body.account_id) : undefined;
    if (!account) return send(res, 404, { error: 'unknown_account' });
    if (account.status === 'pending_confirmation') {
      if (++account.attempts > 5) return send(res, 429, { error: 'too_many_attempts' });
      if (body.code !== account.code) return send(res, 400, { error: 'wrong_code' });
      account.status = 'active';
      account.receipt = await signReceipt({
        sub: account.agent_id,
        assertion_jti: account.assertion_jti,
        attestation_jti: attestationJti,
        account: account.id,
      });
    }
    return send(res, 200, { account_id: account.id, status: account.status, signup_token: account.receipt });
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    const route = `${req.method} ${path}`;
    const handle = {
      'GET /.well-known/agent-signup': async () => send(res, 200, discovery()),
      'GET /authority/jwks.json': async () => send(res, 200, { keys: [authorityJwk] }),
      'GET /terms': async () => {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(termsText);
      },
      'POST /agent-signup': () => agentSignup(req, res),
      'POST /agent-signup/confirm': () => confirm(req, res),
    }[route];
    if (!handle) return send(res, 404, { error: 'not_found' });
    handle().catch(() => send(res, 500, { error: 'internal_error' }));
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address();
  origin = options.origin ?? `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  if (options.withAttestation !== false) {
    attestationJti = randomUUID();
    attestation = await signAttestation({ jti: attestationJti });
  }

  return {
    origin,
    authority: { issuer: `${origin}/authority`, jwks_uri: `${origin}/authority/jwks.json` },
    discovery,
    accounts,
    /** Replaces the published attestation (tests: tampered, expired, foreign ones). */
    setAttestation(jws, jti = null) {
      attestation = jws;
      attestationJti = jti;
    },
    signAttestation,
    signReceipt,
    close: () =>
      new Promise((resolve) => {
        mailer.close();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rp = await startRelyingParty({
    brokerIssuer: process.env.BROKER_ISSUER ?? 'http://127.0.0.1:3000',
    port: Number(process.env.PORT ?? 4000),
    smtpUrl: process.env.SMTP_URL ?? 'smtp://127.0.0.1:2525',
  });
  process.stdout.write(
    `Example relying party at ${rp.origin}\n` +
      `Register its test authority with the broker (an operator token is needed):\n` +
      `  curl -X POST ${process.env.BROKER_ISSUER ?? 'http://127.0.0.1:3000'}/admin/broker/attestation-authorities \\\n` +
      `    -H "Authorization: Bearer $OPERATOR_TOKEN" -H 'Content-Type: application/json' \\\n` +
      `    -d '${JSON.stringify(rp.authority)}'\n`,
  );
}
