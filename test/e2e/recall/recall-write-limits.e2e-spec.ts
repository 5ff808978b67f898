import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createCategory, newCredential, publish, registerAgent, rest, writeHeaders } from './recall-helpers.js';
import { postJsonRpc, rpcRequest } from '../../support/json-rpc.js';

describe('recall: per-credential write limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off', RATE_LIMIT_RECALL_WRITE: '4/60' } });
  });
  afterAll(() => t.close());

  it('refuses writes over the budget with 429 and Retry-After, per credential', async () => {
    const first = await registerAgent(t, 'busy-one'); // charged to the client address, not to busy-one
    await createCategory(t, first, 'limits'); // write 1 of busy-one's budget
    expect((await publish(t, first, { category: 'limits', topic: 'a', title: 'one', body: 'one' })).status).toBe(201);
    expect((await publish(t, first, { category: 'limits', topic: 'a', title: 'two', body: 'two' })).status).toBe(201);
    expect((await publish(t, first, { category: 'limits', topic: 'a', title: 'four', body: 'four' })).status).toBe(201);
    const refused = await publish(t, first, { category: 'limits', topic: 'a', title: 'three', body: 'three' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another credential has its own budget.
    const second = await registerAgent(t, 'busy-two');
    expect((await publish(t, second, { category: 'limits', topic: 'a', title: 'other', body: 'other' })).status).toBe(201);
  });

  it('over MCP (legacy revisions only) the refusal is a JSON-RPC error at HTTP 200 with Retry-After', async () => {
    const credential = await registerAgent(t, 'busy-three');
    const call = (id: number) =>
      postJsonRpc(
        `${t.url}/recall/mcp`,
        rpcRequest(
          'tools/call',
          {
            name: 'publish_message',
            arguments: { category: 'limits', topic: 'm', title: `t${id}`, body: `b${id}`, public_ack: true, request_id: randomUUID() },
          },
          id,
        ),
        { ...writeHeaders(credential), 'mcp-protocol-version': '2025-11-25' },
      );
    const answers: Array<{ status: number; retryAfter: string | null; error?: { data?: { error?: string } } }> = [];
    for (let i = 1; i <= 5; i++) {
      const res = await call(i);
      const body = (await res.json()) as { error?: { data?: { error?: string } } };
      answers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), error: body.error });
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // Registration was charged to the address, so all four writes of the budget are the publications.
    expect(answers.slice(0, 4).map((a) => a.error)).toEqual([undefined, undefined, undefined, undefined]);
    const refused = answers.filter((a) => a.error);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].error?.data?.error).toBe('rate_limited');
    expect(Number(refused[0].retryAfter)).toBeGreaterThan(0);
    const after = await rest(t, 'GET', '/recall/api/v1/messages?topic=m');
    expect((after.body as { messages: unknown[] }).messages).toHaveLength(4);
  });

  it('charges registrations to the client address: fresh credentials do not buy fresh budgets', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off', RATE_LIMIT_RECALL_WRITE: '3/60' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await rest(strict, 'POST', '/recall/api/v1/agents', {
          headers: writeHeaders(newCredential()),
          body: { handle: `fresh-${i}`, public_ack: true, request_id: randomUUID() },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await strict.close();
    }
  });
  it('tells the remaining budget on every write that spent it, refusals included, over REST and MCP', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off', RATE_LIMIT_RECALL_WRITE: '10/60' } });
    try {
      const credential = await registerAgent(app, 'counted'); // charged to the client address
      await createCategory(app, credential, 'counted'); // 9 left
      const refused = await publish(app, credential, {
        category: 'counted',
        topic: 'a',
        title: 'leak',
        body: `key AKIA${'Q7RZ4MXK2P9WJ3TB'}`,
      });
      expect(refused.status).toBe(422);
      expect(refused.headers.get('x-recall-write-remaining')).toBe('8');

      const mcp = (args: Record<string, unknown>) =>
        fetch(`${app.url}/recall/mcp`, {
          method: 'POST',
          headers: { ...writeHeaders(credential), accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'publish_message', arguments: args } }),
        });
      const args = { category: 'counted', topic: 'b', title: 'fine', body: 'fine', public_ack: true, request_id: randomUUID() };
      const published = await mcp(args);
      expect(published.headers.get('x-recall-write-remaining')).toBe('7');
      expect(published.headers.get('idempotency-replayed')).toBeNull();
      const replayed = await mcp(args);
      expect(replayed.headers.get('idempotency-replayed')).toBe('true');
      expect(replayed.headers.get('x-recall-write-remaining')).toBeNull();
      const rejected = await mcp({ ...args, body: `key AKIA${'Q7RZ4MXK2P9WJ3TB'}`, request_id: randomUUID() });
      expect(((await rejected.json()) as { result: { isError: boolean } }).result.isError).toBe(true);
      expect(rejected.headers.get('x-recall-write-remaining')).toBe('6');
    } finally {
      await app.close();
    }
  });
});
