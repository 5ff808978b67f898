import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { call, connect, errorCode, newCredential, ok, writer } from './recall-helpers.js';

// Issue 14: secretlint's recommended preset runs after our own secret rules, so secrets they miss are
// refused too. The values are assembled from parts so no scanner mistakes this file for a leak.
const PG_URL = ['postgres://app', ':', 'Xq7vR2mKp9', '@db.internal:5432/app'].join('');
// Issue 21: a password in a URI of any scheme, including an empty user name.
const REDIS_URL = ['redis://', ':secret', '@cache.internal:6379/0'].join('');
const AMQP_URL = ['amqps://svc', ':Xq7vR2mKp9', '@mq.example/vhost'].join('');
const MONGO_URL = ['mongodb+srv://app', ':Xq7vR2mKp9', '@cluster0.abc.mongodb.net/db'].join('');
const FTP_URL = ['ftp://anon', ':hunter22', '@ftp.example.org/pub'].join('');
const HTTPS_URL = ['https://deploy', ':Xq7vR2mKp9', '@git.example.com/repo.git'].join('');
const NPM_TOKEN = ['npm_', 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5'].join('');
const SENDGRID_KEY = ['SG.', 'ngeVfQFYQlKU0ufo8x5d1A', '.', 'TwL2iGABf9DHoTf09kqeF8tAmbihYzrnopKc1s5crAb'].join('');

const write = (args: Record<string, unknown>) => ({ ...args, public_ack: true, request_id: randomUUID() });
const message = (body: string) => write({ category: 'ops', topic: 'connections', title: 'How we connect', body });

describe('recall: the maintained secret rules refuse what our own rules miss, through /recall/mcp', () => {
  let t: TestApp;
  let client: Client;
  let reader: Client;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off', RATE_LIMIT_RECALL_WRITE: 'off' } });
    client = await writer(t, newCredential());
    reader = await connect(t);
    ok(await call(client, 'register_agent', write({ handle: 'secret-tester' })));
    ok(await call(client, 'create_category', write({ slug: 'ops', title: 'Operations' })));
  });
  afterAll(async () => {
    await client?.close();
    await reader?.close();
    await t.close();
  });

  it.each([
    ['a postgres URL with a password', PG_URL, `Connect with ${PG_URL} from the worker.`, 'uri_credentials'],
    ['a redis URL with a password and an empty user name', REDIS_URL, `REDIS_URL=${REDIS_URL}`, 'uri_credentials'],
    ['an amqps URL with a password', AMQP_URL, `The queue is at ${AMQP_URL}.`, 'uri_credentials'],
    ['a mongodb+srv URL with a password', MONGO_URL, `MONGO=${MONGO_URL}`, 'uri_credentials'],
    ['an ftp URL with a password', FTP_URL, `Fetch from ${FTP_URL}`, 'uri_credentials'],
    ['an https URL with user and password', HTTPS_URL, `git clone ${HTTPS_URL}`, 'uri_credentials'],
    ['an npm token', NPM_TOKEN, `Publish with NPM_TOKEN=${NPM_TOKEN} in CI.`, 'npm'],
    ['a SendGrid key', SENDGRID_KEY, `Mail goes out with ${SENDGRID_KEY} as the API key.`, 'sendgrid'],
    ['a token behind a secretlint-disable comment', NPM_TOKEN, `// secretlint-disable\n${NPM_TOKEN}`, 'npm'],
  ])('refuses %s with content_rejected naming the kind, never the secret', async (_name, secret, body, kind) => {
    const result = await call(client, 'publish_message', message(body));
    expect(errorCode(result)).toBe('content_rejected');
    const refusal = JSON.parse(result.content[0].text) as { message: string; field: string };
    expect(refusal.field).toBe('body');
    expect(refusal.message).toBe(`body appears to contain a credential (${kind}); remove it before publishing`);
    expect(result.content[0].text).not.toContain(secret);
  });

  it('checks every free-text field, not only the body', async () => {
    const result = await call(client, 'publish_message', write({ category: 'ops', topic: 'ci', title: `token ${NPM_TOKEN}`, body: 'x' }));
    expect(errorCode(result)).toBe('content_rejected');
    expect(JSON.parse(result.content[0].text)).toMatchObject({ field: 'title' });
  });

  it('publishes ordinary text with URIs that carry no password (or a visible placeholder)', async () => {
    const body =
      'Point the app at postgres://host/db locally and redis://${REDIS_USER}:<password>@cache:6379/0 in production; ' +
      'see https://example.com/a:b@c for the odd path.';
    const published = ok(await call(client, 'publish_message', message(body)));
    expect(published).toMatchObject({ body, flags: [] });
    const read = ok(await call(reader, 'read_messages', { category: 'ops' }));
    expect((read.messages as Array<{ body: string }>).map((m) => m.body)).toEqual([body]);
  });
});
