import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../src/database/embedded-postgres.js';
import { MAIL_JOB_EXPIRE_SECONDS } from '../../src/common/mail/mail-queue.js';
import { cloneDatabase, dropDatabase } from '../support/database.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import pg from 'pg';

// The built server as a real process (scripts/test.mjs builds first): SIGTERM under load, and SIGKILL mid-write.
// The server bundle (scripts/bundle.mjs), which `npm start` and `npm run start:prod` serve.
const MAIN = path.resolve('dist/server/main.mjs');

interface Proc {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Proc> {
  const port = await findFreePort();
  const clean = { ...process.env };
  delete clean.REDIS_URL;
  const child = spawn(process.execPath, [MAIN], {
    env: { ...clean, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', SMTP_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, url, output: () => out, exit };
}

const register = (url: string, i: string) =>
  fetch(`${url}/api/v1/dmv/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ agent_name: `stop-${i}`, email: `stop-${i}@example.com`, operator_name: 'Ops' }),
  }).then(
    async (r) => ({ status: r.status, body: (await r.json()) as { certificate_id?: string; email_sent?: boolean } }),
    () => ({ status: 0, body: {} as { certificate_id?: string; email_sent?: boolean } }),
  );

async function waitForCount(db: pg.Pool, sql: string, n: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await db.query<{ n: number }>(sql)).rows[0].n < n) {
    if (Date.now() > deadline) throw new Error(`fewer than ${n} rows in time: ${sql}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The SIGKILL case: its restart may wait for a claimed job's expiry (below). */
const KILL_TEST_MS = (MAIL_JOB_EXPIRE_SECONDS + 90) * 1000;

describe('graceful shutdown and crashes of the real process', () => {
  let databaseUrl: string;
  let smtp: SmtpSink;
  let env: Record<string, string>;
  let db: pg.Pool;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error('dist/ is missing: run the suite with `npm test`, which builds first');
    databaseUrl = await cloneDatabase();
    smtp = await startSmtpSink();
    db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    env = {
      DATABASE_URL: databaseUrl,
      SMTP_RELAY_URL: smtp.url,
      MAIL_DOMAIN: 'agents.test',
      MAIL_RETRY_DELAY_SECONDS: '1',
      SMTP_TIMEOUT_SECONDS: '2',
      RATE_LIMIT_GENERAL: 'off',
      RATE_LIMIT_REGISTER: 'off',
      DMV_DAILY_CAP_PER_EMAIL: '1000',
    };
  });
  afterAll(async () => {
    await db?.end();
    await smtp?.stop();
    await dropDatabase(databaseUrl);
  });

  it('SIGTERM: requests in flight finish, open streams end, the process exits 0, and nothing is lost', async () => {
    const s = await startServer(env);
    smtp.delayMs = 2000; // a slow relay: each registration stays in flight, in its mail attempt, for 2 s
    const stream = await fetch(`${s.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const streamEnded = stream.text().then(
      () => true,
      () => true,
    );
    const inFlight = Array.from({ length: 6 }, (_, i) => register(s.url, `term-${i}`));
    // SIGTERM once all six committed and are talking to the relay (in flight, not yet answered).
    await waitForCount(db, `SELECT count(*)::int AS n FROM outbound_mail WHERE to_address LIKE 'stop-term-%'`, 6);
    s.child.kill('SIGTERM');
    const results = await Promise.all(inFlight);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await s.exit).toBe(0);
    expect(await streamEnded).toBe(true);
    smtp.delayMs = 0;
    // Every acknowledged registration has its token and its mail (sent in the request, or still queued).
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dmv_registration r
        WHERE r.agent_name LIKE 'stop-term-%'
          AND EXISTS (SELECT 1 FROM dmv_verification_token v WHERE v.registration_id = r.id)
          AND EXISTS (SELECT 1 FROM outbound_mail m WHERE m.to_address = r.contact_email AND m.status IN ('sent', 'queued'))`,
    );
    expect(rows[0].n).toBe(6);
  }, 60_000);

  it(
    'SIGKILL mid-write: no half-written rows, and the outbox delivers what the dead process queued after a restart',
    async () => {
      const s = await startServer(env);
      smtp.mode = 'defer'; // the relay is unavailable: every message stays queued in the outbox
      const writes = Array.from({ length: 20 }, (_, i) => register(s.url, `kill-${i}`));
      // SIGKILL as soon as some registrations committed: the rest are mid-write.
      await waitForCount(db, `SELECT count(*)::int AS n FROM dmv_registration WHERE agent_name LIKE 'stop-kill-%'`, 3);
      s.child.kill('SIGKILL');
      const results = await Promise.all(writes);
      await s.exit;
      const acknowledged = results.filter((r) => r.status === 201).map((r) => r.body.certificate_id);

      const { rows } = await db.query<{ certificate_id: string; tokens: number; mails: number }>(
        `SELECT r.certificate_id,
              (SELECT count(*)::int FROM dmv_verification_token v WHERE v.registration_id = r.id) AS tokens,
              (SELECT count(*)::int FROM outbound_mail m WHERE m.to_address = r.contact_email) AS mails
         FROM dmv_registration r WHERE r.agent_name LIKE 'stop-kill-%'`,
      );
      expect(rows.map((r) => r.certificate_id)).toEqual(expect.arrayContaining(acknowledged));
      for (const row of rows) expect(row).toMatchObject({ tokens: 1, mails: 1 });
      expect(rows.length).toBeGreaterThan(0);

      // A new process (another instance, or this one restarted) delivers every message, once each.
      smtp.mode = 'accept';
      const before = smtp.messages.length;
      const restarted = await startServer(env);
      try {
        const expected = rows.length;
        // A delivery job the dead process had already claimed is retried once pg-boss sees it expire
        // (MAIL_JOB_EXPIRE_SECONDS after its start, found by a maintenance pass every 15 s): a kill
        // that lands mid-attempt, as on a loaded machine, waits for that, not for a bug.
        const deadline = Date.now() + (MAIL_JOB_EXPIRE_SECONDS + 30) * 1000;
        for (;;) {
          const { rows: left } = await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM outbound_mail WHERE to_address LIKE 'stop-kill-%' AND status <> 'sent'`,
          );
          if (left[0].n === 0) break;
          if (Date.now() > deadline) throw new Error(`${left[0].n} messages still undelivered:\n${restarted.output()}`);
          await new Promise((r) => setTimeout(r, 250));
        }
        const delivered = smtp.messages.slice(before).filter((m) => m.to[0].startsWith('stop-kill-'));
        expect(new Set(delivered.map((m) => m.to[0])).size).toBe(expected);
        expect(delivered).toHaveLength(expected);
      } finally {
        restarted.child.kill('SIGTERM');
        await restarted.exit;
      }
    },
    KILL_TEST_MS,
  );
});
