// Issue 14: no query parameters or personal data in logs. The real app is started with its real logger
// writing into memory; requests carry tokens in their query strings and headers, a sign-in carries an
// address, a query fails on a value that PostgreSQL quotes back, and none of it reaches the log.
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../../../src/bootstrap.js';
import { createLogger } from '../../../src/common/http/logger.js';
import { cloneDatabase, dropDatabase } from '../../support/database.js';
import { testConfig } from '../../support/test-app.js';

const SECRET = 'dmvv_LogPrivacySecret0123456789abcdefghijklmnopq';
const EMAIL = 'ada.lovelace.logs@example.org';

describe('abuse: logs keep no query strings, tokens or personal data', () => {
  const lines: string[] = [];
  let running: RunningApp;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await cloneDatabase();
    const config = await testConfig(databaseUrl, { LOG_LEVEL: 'debug', RATE_LIMIT_GENERAL: 'off' });
    running = await startApp(config, createLogger('debug', { write: (line: string) => void lines.push(line) }));
  });
  afterAll(async () => {
    await running?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  it('requests with tokens in the query string and headers, a sign-in and a failing query leave no trace of them', async () => {
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${running.url}${path}`, { headers });
    expect((await get(`/dmv/verify?token=${SECRET}`)).status).toBeLessThan(500);
    expect((await get(`/no/such/page?token=${SECRET}&email=${encodeURIComponent(EMAIL)}`)).status).toBe(404);
    expect((await get('/admin/whoami', { authorization: `Bearer ${SECRET}` })).status).toBe(401);
    const mcp = await fetch(`${running.url}/mcp?access_token=${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${SECRET}` },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lookup_member","arguments":{"query":"${EMAIL}"}}`,
    });
    expect(mcp.status).toBeLessThan(500);
    const form = await fetch(`${running.url}/signin`);
    const formHtml = await form.text();
    const signin = await fetch(`${running.url}/signin`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.headers.getSetCookie()[0].split(';')[0] },
      body: new URLSearchParams({ email: EMAIL, return_to: '/account', csrf: /name="csrf" value="([^"]+)"/.exec(formHtml)![1] }).toString(),
    });
    expect(signin.status).toBeLessThan(500);

    // A statement that fails on a value PostgreSQL quotes back in its message, logged every way the code does.
    const failure = await running.app
      .get(DataSource)
      .query('SELECT $1::uuid', [EMAIL])
      .catch((error: unknown) => error as Error);
    expect(String(failure)).toContain(EMAIL);
    new Logger('Probe').error(failure);
    new Logger('Probe').warn(failure);
    createLogger('debug', { write: (line: string) => void lines.push(line) }).error({ err: failure, email: EMAIL }, 'probe failed');

    await new Promise((r) => setTimeout(r, 200));
    const log = lines.join('');
    expect(log).toContain('"path":"/dmv/verify"');
    expect(log).toContain('database error 22P02');
    for (const secret of [SECRET, EMAIL, encodeURIComponent(EMAIL), 'token=', 'access_token=']) expect(log).not.toContain(secret);
  }, 60_000);
});
