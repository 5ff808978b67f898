import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheBus } from '../../src/common/cache/cache-bus.service.js';
import { cloneDatabase, dropDatabase } from '../support/database.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { newCredential, rest, writeHeaders } from './recall/recall-helpers.js';
import { waitFor } from '../support/wait.js';

const TOKEN = 'mco_scale_out_test_token_0123456789abcdef000000';

// Two instances on one PostgreSQL database and one Redis (this file's own), behind a round-robin
// proxy the test runs: they must behave as one service.
describe('scale-out: two instances behind a load balancer behave as one', () => {
  let redis: TestRedis;
  let smtp: SmtpSink;
  let databaseUrl: string;
  let a: TestApp;
  let b: TestApp;
  let lb: RoundRobinProxy;
  const viaLb = () => ({ url: lb.url }) as TestApp;

  beforeAll(async () => {
    redis = await startTestRedis();
    smtp = await startSmtpSink();
    databaseUrl = await cloneDatabase();
    const env = {
      REDIS_URL: redis.url,
      SMTP_RELAY_URL: smtp.url,
      MAIL_DOMAIN: 'agents.test',
      MAIL_RETRY_DELAY_SECONDS: '1',
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_GENERAL: '6/60',
      RATE_LIMIT_REGISTER: '50/60',
      DMV_DAILY_CAP_PER_EMAIL: '100',
      OPERATOR_BOOTSTRAP_TOKEN: TOKEN,
    };
    [a, b] = await Promise.all([createTestApp({ databaseUrl, env }), createTestApp({ databaseUrl, env })]);
    lb = await startRoundRobinProxy([a.url, b.url]);
  }, 60_000);
  afterAll(async () => {
    await lb?.close();
    await a?.close();
    await b?.close();
    await dropDatabase(databaseUrl);
    await smtp?.stop();
    await redis?.stop();
  });

  it('counts a rate-limit budget exactly once across both instances', async () => {
    const ip = '203.0.113.61';
    const answers: Array<{ status: number; upstream: string | null }> = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${lb.url}/api/v1/members`, { headers: { 'x-forwarded-for': ip } });
      await res.arrayBuffer();
      answers.push({ status: res.status, upstream: res.headers.get('x-upstream') });
    }
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect(new Set(answers.map((x) => x.upstream))).toEqual(new Set(['0', '1']));
  });

  it('replays a DMV Idempotency-Key and a Recall request_id on whichever instance answers', async () => {
    const key = randomUUID();
    const register = () =>
      fetch(`${lb.url}/api/v1/dmv/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': '203.0.113.62' },
        body: JSON.stringify({ agent_name: 'scale-bot', email: 'scale@example.com', operator_name: 'Ops' }),
      });
    const first = await register();
    const second = await register();
    expect([first.headers.get('x-upstream'), second.headers.get('x-upstream')].sort()).toEqual(['0', '1']);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
    expect(((await second.json()) as { certificate_id: string }).certificate_id).toBe(
      ((await first.json()) as { certificate_id: string }).certificate_id,
    );

    const credential = newCredential();
    const body = { handle: `scale-${randomUUID().slice(0, 8)}`, public_ack: true, request_id: randomUUID() };
    const r1 = await rest(viaLb(), 'POST', '/recall/api/v1/agents', {
      headers: { ...writeHeaders(credential), 'x-forwarded-for': '203.0.113.63' },
      body,
    });
    const r2 = await rest(viaLb(), 'POST', '/recall/api/v1/agents', {
      headers: { ...writeHeaders(credential), 'x-forwarded-for': '203.0.113.63' },
      body,
    });
    expect([r1.headers.get('x-upstream'), r2.headers.get('x-upstream')].sort()).toEqual(['0', '1']);
    expect(r1.status).toBe(201);
    expect(r2.headers.get('idempotency-replayed')).toBe('true');
    expect(r2.body).toEqual(r1.body);
  });

  it('delivers every queued message exactly once while both instances work the same outbox', async () => {
    smtp.mode = 'defer'; // the relay is unavailable: everything lands in the shared queue
    const before = smtp.messages.length;
    const emails = Array.from({ length: 12 }, (_, i) => `fleet-${i}@example.com`);
    const results = await Promise.all(
      emails.map((email, i) =>
        fetch(`${lb.url}/api/v1/dmv/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${100 + i}` },
          body: JSON.stringify({ agent_name: `fleet-${i}`, email, operator_name: 'Ops' }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { email_sent: boolean } })),
      ),
    );
    expect(results.every((r) => r.status === 201 && r.body.email_sent === false)).toBe(true);
    smtp.mode = 'accept';
    await waitFor(() => emails.every((e) => smtp.messages.some((m) => m.to.includes(e))), 20_000);
    await new Promise((r) => setTimeout(r, 1500)); // room for a duplicate to show up, if there were one
    const fleet = smtp.messages.slice(before).filter((m) => m.to[0].startsWith('fleet-'));
    expect(fleet).toHaveLength(emails.length);
    expect(new Set(fleet.map((m) => m.messageId)).size).toBe(emails.length);
    const [{ n }] = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbound_mail WHERE to_address LIKE 'fleet-%' AND status = 'sent'`,
    );
    expect(n).toBe(emails.length);
  }, 40_000);

  it('shows a change made through one instance on both at once, invalidated after the commit', async () => {
    const stats = async (t: TestApp) =>
      (
        (await (await fetch(`${t.url}/api/v1/stats`, { headers: { 'x-forwarded-for': '203.0.113.70' } })).json()) as {
          member_count: number;
        }
      ).member_count;
    const before = [await stats(a), await stats(b)];
    expect(before[0]).toBe(before[1]);

    // Invalidation must run after the commit: by then another connection sees the new row.
    let visibleAtInvalidation: boolean | undefined;
    const bus = a.app.get(CacheBus);
    const original = bus.invalidate.bind(bus);
    bus.invalidate = async (topic: string) => {
      visibleAtInvalidation = (await b.sql(`SELECT 1 FROM member WHERE slug = 'scale-member'`)).length === 1;
      return original(topic);
    };
    const created = await fetch(`${a.url}/admin/members`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'scale-member', display_name: 'Scale Member', member_since: '2024-01-01' }),
    });
    expect(created.status).toBe(201);
    bus.invalidate = original;
    expect(visibleAtInvalidation).toBe(true);
    expect(await stats(a)).toBe(before[0] + 1);
    await waitFor(async () => (await stats(b)) === before[0] + 1, 3000);

    // With Redis down, a change is seen at once where it was made, and by the other instance once Redis is back.
    await redis.stop();
    const hidden = await fetch(`${a.url}/admin/members/scale-member/hide`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect([200, 201]).toContain(hidden.status);
    expect(await stats(a)).toBe(before[0]);
    await redis.restart();
    await waitFor(async () => (await stats(b)) === before[0], 10_000);
  }, 40_000);
});
