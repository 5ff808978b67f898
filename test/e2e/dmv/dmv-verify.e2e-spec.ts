import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DmvService } from '../../../src/dmv/services/dmv.service.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { closedPort, DMV_APP_ENV, mcpCall, nextIp, restRegister, startFakeLookup } from './dmv-support.js';

const ISSUED_ID = 'DMV-0000-014S-C0PJ-V';

describe('dmv: verify_certificate against its own lookup API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...DMV_APP_ENV } });
  });
  afterAll(() => t?.close());

  it('reports issued, not_found and invalid_format (service)', async () => {
    const dmv = t.app.get(DmvService);
    const reg = await restRegister(t.url, { agent_name: 'verify-bot', email: 'v@example.com', operator_name: 'V' }, { ip: nextIp() });
    const id = reg.body.certificate_id as string;

    expect(await dmv.verifyCertificate(id.toLowerCase())).toEqual({
      certificate_id: id,
      status: 'issued',
      valid_format: true,
      issued: true,
      agent_name: 'verify-bot',
      certificate_url: `${t.url}/dmv/certificates/${id}`,
    });
    expect(await dmv.verifyCertificate(ISSUED_ID)).toEqual({
      certificate_id: ISSUED_ID,
      status: 'not_found',
      valid_format: true,
      issued: false,
      agent_name: null,
      certificate_url: null,
    });
    expect(await dmv.verifyCertificate('DMV-0000-014S-C0PJ-W')).toEqual({
      certificate_id: 'DMV-0000-014S-C0PJ-W',
      status: 'invalid_format',
      valid_format: false,
      issued: false,
      agent_name: null,
      certificate_url: null,
    });
  });
});

describe('dmv: verify_certificate when the lookup API fails', () => {
  let t: TestApp;
  let mode = 'issued';
  let hits = 0;
  let fake: Awaited<ReturnType<typeof startFakeLookup>>;

  beforeAll(async () => {
    fake = await startFakeLookup((url) => {
      hits++;
      const id = url.searchParams.get('certificate_id');
      switch (mode) {
        case 'issued':
          return {
            status: 200,
            body: JSON.stringify({
              certificate_id: id,
              status: 'issued',
              agent_name: 'remote-bot',
              domain: 'remote-bot.agent',
              issued_at: '2026-01-01T00:00:00.000Z',
              certificate_url: `https://dmv.example/dmv/certificates/${id}`,
            }),
          };
        case 'not_found':
          return {
            status: 200,
            body: JSON.stringify({
              certificate_id: id,
              status: 'not_found',
              agent_name: null,
              domain: null,
              issued_at: null,
              certificate_url: null,
            }),
          };
        case '500':
          return { status: 500, body: '{"error":"internal_error"}' };
        case '429':
          return { status: 429, body: '{"error":"rate_limited"}' };
        case '404':
          return { status: 404, body: '{"error":"not_found"}' };
        case 'malformed':
          return { status: 200, body: '{"certificate_id": "' };
        case 'html':
          return { status: 200, body: '<html>oops</html>' };
        case 'wrong-shape':
          return { status: 200, body: JSON.stringify({ certificate_id: id, status: 'maybe' }) };
        case 'issued-without-name':
          return { status: 200, body: JSON.stringify({ certificate_id: id, status: 'issued' }) };
        case 'other-id':
          return { status: 200, body: JSON.stringify({ certificate_id: 'DMV-0000-0000-0000-0', status: 'not_found' }) };
        case 'slow':
          return { status: 200, body: '{}', delayMs: 4500 };
        default:
          return { status: 500, body: '' };
      }
    });
    t = await createTestApp({ env: { DMV_LOOKUP_URL: fake.url, RATE_LIMIT_GENERAL: 'off' } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close().catch(() => undefined);
  });

  const unavailable = {
    certificate_id: ISSUED_ID,
    status: 'unavailable',
    valid_format: true,
    issued: false,
    agent_name: null,
    certificate_url: null,
  };

  it('takes issuance only from the lookup API', async () => {
    const dmv = t.app.get(DmvService);
    mode = 'issued';
    expect(await dmv.verifyCertificate(ISSUED_ID)).toMatchObject({
      status: 'issued',
      issued: true,
      agent_name: 'remote-bot',
      certificate_url: `https://dmv.example/dmv/certificates/${ISSUED_ID}`,
    });
    mode = 'not_found';
    expect(await dmv.verifyCertificate(ISSUED_ID)).toMatchObject({ status: 'not_found', issued: false });
  });

  it('checks the format locally without asking the API', async () => {
    const before = hits;
    expect(await t.app.get(DmvService).verifyCertificate('nonsense')).toMatchObject({ status: 'invalid_format' });
    expect(hits).toBe(before);
  });

  it.each(['500', '429', '404', 'malformed', 'html', 'wrong-shape', 'issued-without-name', 'other-id'])(
    'reports unavailable (never not_found) when the API answers %s',
    async (m) => {
      mode = m;
      expect(await t.app.get(DmvService).verifyCertificate(ISSUED_ID)).toEqual(unavailable);
    },
  );

  it('reports unavailable when the API does not answer in time', async () => {
    mode = 'slow';
    const started = Date.now();
    expect(await t.app.get(DmvService).verifyCertificate(ISSUED_ID)).toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(4400);
  });

  it('answers the same through the MCP tool (500 from the API)', async () => {
    mode = '500';
    const res = await mcpCall(t.url, 'verify_certificate', { certificate_id: ISSUED_ID });
    expect(res.status).toBe(200);
    expect(res.body.result?.structuredContent).toEqual(unavailable);
  });

  it('reports unavailable when nothing listens at DMV_LOOKUP_URL', async () => {
    const port = await closedPort();
    const closed = await createTestApp({
      env: { DMV_LOOKUP_URL: `http://127.0.0.1:${port}/dmv/api/lookup`, RATE_LIMIT_GENERAL: 'off' },
    });
    try {
      expect(await closed.app.get(DmvService).verifyCertificate(ISSUED_ID)).toEqual(unavailable);
      const res = await mcpCall(closed.url, 'verify_certificate', { certificate_id: ISSUED_ID });
      expect(res.body.result?.structuredContent).toEqual(unavailable);
      expect(res.body.result?.isError).toBeUndefined();
    } finally {
      await closed.close();
    }
  });
});
