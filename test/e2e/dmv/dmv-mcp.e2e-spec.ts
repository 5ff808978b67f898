import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NON_BINDING_MESSAGE } from '../../../src/dmv/dmv.types.js';
import type { SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { mcpCall, mcpRequest, nextIp, schemaErrors, startDmvApp, verificationLink, type McpCallResult } from './dmv-support.js';

interface ListedTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: Record<string, unknown>;
}

describe('dmv: register_agent and verify_certificate on the community MCP server', () => {
  let app: Awaited<ReturnType<typeof startDmvApp>>;
  let t: TestApp;
  let smtp: SmtpSink;
  let tools: Map<string, ListedTool>;

  beforeAll(async () => {
    app = await startDmvApp({ DMV_DAILY_CAP_PER_EMAIL: '2' });
    ({ t, smtp } = app);
    const list = await mcpRequest(t.url, 'tools/list');
    tools = new Map(((list.result?.tools ?? []) as ListedTool[]).map((tool) => [tool.name, tool]));
  });
  afterAll(() => app?.close());

  /** The successful result of a call, checked against the tool's outputSchema and the text invariant. */
  function structured(res: McpCallResult, tool: string): Record<string, unknown> {
    expect(res.body.error, JSON.stringify(res.body)).toBeUndefined();
    const result = res.body.result!;
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    const content = result.structuredContent!;
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(content) }]);
    expect(schemaErrors(tools.get(tool)!.outputSchema, content)).toBeNull();
    return content;
  }

  function toolError(res: McpCallResult): Record<string, unknown> {
    expect(res.status).toBe(200);
    expect(res.body.result?.isError).toBe(true);
    expect(res.body.result?.structuredContent).toBeUndefined();
    return JSON.parse(res.body.result!.content![0].text) as Record<string, unknown>;
  }

  it('lists exactly the four community tools with the stated annotations', async () => {
    expect([...tools.keys()]).toEqual(['lookup_member', 'get_community_stats', 'register_agent', 'verify_certificate']);
    const register = tools.get('register_agent')!;
    expect(register.title).toBe('Pre-register .agent name');
    expect(register.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(register.description).toMatch(/email/i);
    expect(register.description).toMatch(/explicitly/i);
    expect(register.description).toMatch(/current turn/i);
    expect(register.description).toMatch(/quoted|third-party/i);
    expect(register.inputSchema).toMatchObject({
      type: 'object',
      required: ['agent_name', 'email', 'operator_name'],
      additionalProperties: false,
    });
    const verify = tools.get('verify_certificate')!;
    expect(verify.title).toBe('Verify DMV certificate');
    const hints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
    expect(verify.annotations).toMatchObject(hints);
    expect(tools.get('lookup_member')!.annotations).toMatchObject(hints);
  });

  it('registers through /mcp: output per schema, budget headers, source mcp, one email whose link verifies', async () => {
    const ip = nextIp();
    const res = await mcpCall(
      t.url,
      'register_agent',
      { agent_name: 'MCP Bot', email: 'mcp@example.com', operator_name: 'MCP Ops' },
      { ip, id: 7 },
    );
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(7);
    expect(res.headers.get('ratelimit-limit')).toBe('2');
    expect(res.headers.get('ratelimit-remaining')).toBe('1');
    const out = structured(res, 'register_agent');
    expect(out).toMatchObject({
      agent_name: 'mcp-bot',
      domain: 'mcp-bot.agent',
      registration_type: 'pre_registration',
      message: NON_BINDING_MESSAGE,
      email_sent: true,
    });
    expect(out.already_recorded).toBeUndefined();
    const [row] = await t.sql<{ source: string }>(`SELECT source FROM dmv_registration WHERE certificate_id = $1`, [out.certificate_id]);
    expect(row.source).toBe('mcp');

    const mail = await smtp.waitFor('mcp@example.com');
    const link = verificationLink(mail.text);
    // The link opens a confirmation page; its button POSTs the token.
    expect(await (await fetch(link)).text()).toContain('Confirm your contact address');
    const page = await fetch(`${t.url}/dmv/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: new URL(link).searchParams.get('token')! }).toString(),
    });
    expect(await page.text()).toContain('Contact verified');

    // The certificate page shows the same non-binding text the tool returned.
    const html = await (await fetch(out.certificate_url as string)).text();
    expect(html).toContain(NON_BINDING_MESSAGE);

    // verify_certificate sees it as issued through the lookup API.
    const verified = structured(
      await mcpCall(t.url, 'verify_certificate', { certificate_id: out.certificate_id as string }),
      'verify_certificate',
    );
    expect(verified).toEqual({
      certificate_id: out.certificate_id,
      status: 'issued',
      valid_format: true,
      issued: true,
      agent_name: 'mcp-bot',
      certificate_url: out.certificate_url,
    });
  });

  it('attributes registrations through /mcp/chatgpt to chatgpt', async () => {
    const res = await mcpCall(
      t.url,
      'register_agent',
      { agent_name: 'gpt-bot', email: 'gpt@example.com', operator_name: 'G' },
      { ip: nextIp(), path: '/mcp/chatgpt' },
    );
    const out = structured(res, 'register_agent');
    const [row] = await t.sql<{ source: string }>(`SELECT source FROM dmv_registration WHERE certificate_id = $1`, [out.certificate_id]);
    expect(row.source).toBe('chatgpt');
  });

  it('returns already_recorded without a second email', async () => {
    const args = { agent_name: 'dup-bot', email: 'dup@example.com', operator_name: 'D' };
    const first = structured(await mcpCall(t.url, 'register_agent', args, { ip: nextIp() }), 'register_agent');
    await smtp.waitFor('dup@example.com');
    const count = smtp.messages.length;
    const second = structured(await mcpCall(t.url, 'register_agent', args, { ip: nextIp() }), 'register_agent');
    expect(second).toMatchObject({ certificate_id: first.certificate_id, already_recorded: true, email_sent: false });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.length).toBe(count);
  });

  it('refuses the third call in a minute at HTTP 200 (legacy era) with Retry-After, budget headers and a JSON-RPC error naming the budget', async () => {
    const ip = nextIp();
    for (const n of ['one', 'two']) {
      const ok = await mcpCall(
        t.url,
        'register_agent',
        { agent_name: `limit-${n}`, email: `l-${n}@example.com`, operator_name: 'L' },
        { ip },
      );
      structured(ok, 'register_agent');
    }
    const res = await mcpCall(
      t.url,
      'register_agent',
      { agent_name: 'limit-three', email: 'l-three@example.com', operator_name: 'L' },
      { ip, id: 42 },
    );
    // Legacy-era errors stay at HTTP 200 (the community document); the headers still say when to retry.
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('ratelimit-limit')).toBe('2');
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    expect(res.body.id).toBe(42);
    expect(res.body.result).toBeUndefined();
    expect(res.body.error).toBeDefined();
    expect(res.body.error!.data).toMatchObject({ budget: 'register' });
    const data = res.body.error!.data!;
    expect(Number(data.retry_after ?? data.retry_after_seconds)).toBeGreaterThan(0);
  });

  it('refusals before the register budget is spent carry its headers (limit 2 and remaining), not the general ones', async () => {
    const ip = nextIp();
    const invalid = [
      { agent_name: 'x', email: 'not-an-email', operator_name: 'L' }, // schema
      { agent_name: 'bad name!!', email: 'ok@example.com', operator_name: 'L' }, // name
      { agent_name: 'fine-name', email: 'ok@example.com', operator_name: 'L', extra: 1 }, // unknown argument
    ];
    for (const args of invalid) {
      const res = await mcpCall(t.url, 'register_agent', args, { ip });
      expect(res.headers.get('ratelimit-limit')).toBe('2');
      expect(res.headers.get('ratelimit-policy')).toBe('2;w=60');
      expect(res.headers.get('ratelimit-remaining')).toBe('2');
    }
  });

  it('refuses a new registration for an address over its daily cap with budget email_daily_cap', async () => {
    const email = 'capped@example.com';
    for (const n of ['a', 'b']) {
      structured(
        await mcpCall(t.url, 'register_agent', { agent_name: `capped-${n}`, email, operator_name: 'C' }, { ip: nextIp() }),
        'register_agent',
      );
    }
    const res = await mcpCall(t.url, 'register_agent', { agent_name: 'capped-c', email, operator_name: 'C' }, { ip: nextIp() });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect(res.body.error!.data).toMatchObject({ budget: 'email_daily_cap' });
  });

  it('replays an Idempotency-Key from the same IP (new JSON-RPC id, no email, no budget) but not from another IP', async () => {
    const ip = nextIp();
    const key = 'mcp-idem-key-0001';
    const args = { agent_name: 'idem-mcp', email: 'idem-mcp@example.com', operator_name: 'I' };
    const first = await mcpCall(t.url, 'register_agent', args, { ip, idempotencyKey: key, id: 1 });
    const original = structured(first, 'register_agent');
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    await smtp.waitFor('idem-mcp@example.com');
    const count = smtp.messages.length;

    for (const id of [2, 3, 4]) {
      const replay = await mcpCall(t.url, 'register_agent', args, { ip, idempotencyKey: key, id });
      expect(replay.status).toBe(200);
      expect(replay.body.id).toBe(id);
      expect(replay.headers.get('idempotency-replayed')).toBe('true');
      expect(replay.headers.get('ratelimit-limit')).toBe('2');
      expect(replay.headers.get('ratelimit-remaining')).toBe('1');
      expect(structured(replay, 'register_agent')).toEqual(original);
    }
    // Budget untouched by the three replays: one more new registration is allowed.
    const next = await mcpCall(t.url, 'register_agent', { ...args, agent_name: 'idem-mcp-2' }, { ip });
    structured(next, 'register_agent');
    expect(next.headers.get('ratelimit-remaining')).toBe('0');

    const reused = toolError(await mcpCall(t.url, 'register_agent', { ...args, operator_name: 'Other' }, { ip, idempotencyKey: key }));
    expect(reused.error).toBe('idempotency_key_reused');

    const elsewhere = await mcpCall(t.url, 'register_agent', args, { ip: nextIp(), idempotencyKey: key });
    expect(elsewhere.headers.get('idempotency-replayed')).toBeNull();
    expect(structured(elsewhere, 'register_agent')).toMatchObject({ already_recorded: true });

    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.length).toBe(count + 1);
  });

  it('ignores Idempotency-Key on other tools', async () => {
    const res = await mcpCall(t.url, 'verify_certificate', { certificate_id: 'DMV-0000-014S-C0PJ-V' }, { idempotencyKey: 'k' });
    expect(res.headers.get('idempotency-replayed')).toBeNull();
    expect(structured(res, 'verify_certificate')).toMatchObject({ status: 'not_found' });
  });

  it('answers invalid names with isError and the normalization reason, and invalid emails by schema', async () => {
    const ip = nextIp();
    const reserved = toolError(
      await mcpCall(t.url, 'register_agent', { agent_name: 'admin', email: 'x@example.com', operator_name: 'X' }, { ip }),
    );
    expect(reserved).toMatchObject({ error: 'invalid_agent_name' });
    expect(reserved.message).toContain("name 'admin' is reserved");
    const dashes = toolError(
      await mcpCall(t.url, 'register_agent', { agent_name: 'ab--cd', email: 'x@example.com', operator_name: 'X' }, { ip }),
    );
    expect(dashes.message).toContain("'--' in positions 3-4");
    const long = toolError(
      await mcpCall(t.url, 'register_agent', { agent_name: 'a'.repeat(64), email: 'x@example.com', operator_name: 'X' }, { ip }),
    );
    expect(long.message).toContain('longer than 63 characters');

    for (const email of ['not-an-email', 'a@b', 'x@example.com\nBcc: y@example.com']) {
      const bad = toolError(await mcpCall(t.url, 'register_agent', { agent_name: 'mail-bot', email, operator_name: 'X' }, { ip }));
      expect(['validation_failed', 'invalid_email']).toContain(bad.error);
    }
    const extra = toolError(
      await mcpCall(t.url, 'register_agent', { agent_name: 'x-bot', email: 'x@example.com', operator_name: 'X', admin: true }, { ip }),
    );
    expect(extra.error).toBe('validation_failed');
    const noOperator = toolError(await mcpCall(t.url, 'register_agent', { agent_name: 'x-bot', email: 'x@example.com' }, { ip }));
    expect(noOperator.error).toBe('validation_failed');
    // None of these spent the budget.
    const ok = await mcpCall(t.url, 'register_agent', { agent_name: 'x-bot', email: 'x@example.com', operator_name: 'X' }, { ip });
    structured(ok, 'register_agent');
    expect(ok.headers.get('ratelimit-remaining')).toBe('1');
  });

  it('verify_certificate: not_found and invalid_format', async () => {
    expect(structured(await mcpCall(t.url, 'verify_certificate', { certificate_id: 'dmv0000014sc0pjv' }), 'verify_certificate')).toEqual({
      certificate_id: 'DMV-0000-014S-C0PJ-V',
      status: 'not_found',
      valid_format: true,
      issued: false,
      agent_name: null,
      certificate_url: null,
    });
    expect(
      structured(await mcpCall(t.url, 'verify_certificate', { certificate_id: 'DMV-0000-014S-C0PJ-W' }), 'verify_certificate'),
    ).toEqual({
      certificate_id: 'DMV-0000-014S-C0PJ-W',
      status: 'invalid_format',
      valid_format: false,
      issued: false,
      agent_name: null,
      certificate_url: null,
    });
  });
});

describe('dmv: register budget headers with the general limit on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t?.close());

  it('register_agent responses show the register budget, not the general one', async () => {
    const res = await mcpCall(
      t.url,
      'register_agent',
      { agent_name: 'hdr-bot', email: 'hdr@example.com', operator_name: 'H' },
      { ip: nextIp() },
    );
    expect(res.body.result?.isError).toBeFalsy();
    expect(res.headers.get('ratelimit-limit')).toBe('2');
    expect(res.headers.get('ratelimit-remaining')).toBe('1');
    const other = await mcpCall(t.url, 'verify_certificate', { certificate_id: 'DMV-0000-014S-C0PJ-V' }, { ip: nextIp() });
    expect(other.headers.get('ratelimit-limit')).toBe('30');
    expect(other.headers.get('ratelimit-remaining')).toBeNull();
  });

  it('so do REST registrations', async () => {
    const res = await fetch(`${t.url}/api/v1/dmv/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ agent_name: 'hdr-rest', email: 'hdr-rest@example.com', operator_name: 'H' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('ratelimit-limit')).toBe('2');
    expect(res.headers.get('ratelimit-remaining')).toBe('1');
    expect(res.headers.get('ratelimit-policy')).toBe('2;w=60');
  });

  it('documents the REST endpoints in /openapi.json', async () => {
    const res = await fetch(`${t.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; responses?: Record<string, unknown> }>>;
    };
    const register = doc.paths['/api/v1/dmv/registrations']?.post;
    expect(register).toBeDefined();
    expect(register!.parameters?.map((p) => p.name)).toContain('Idempotency-Key');
    expect(Object.keys(register!.responses ?? {})).toEqual(expect.arrayContaining(['200', '201', '429']));
    expect(doc.paths['/dmv/api/lookup']?.get).toBeDefined();
    expect(doc.paths['/admin/dmv/registrations']?.get).toBeDefined();
    expect(doc.paths['/admin/dmv/reserved-names']?.put).toBeDefined();
  });
});
