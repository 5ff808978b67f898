import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { mcpCall, nextIp, restRegister } from '../dmv/dmv-support.js';

describe('abuse: verify_certificate asks the DMV lookup in process when DMV_LOOKUP_URL is unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The default budgets: before, every verification was an HTTP request to our own lookup API, counted
    // under the server's own address against 30/60, so the 31st verification of the minute read `unavailable`.
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  it('100 verify_certificate calls from 100 users within a minute all verify', async () => {
    const reg = await restRegister(t.url, { agent_name: 'many-checks', email: 'm@example.com', operator_name: 'M' }, { ip: nextIp() });
    const id = reg.body.certificate_id as string;
    const statuses: string[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await mcpCall(t.url, 'verify_certificate', { certificate_id: id }, { ip: `203.0.113.${(i % 250) + 1}` });
      statuses.push(String((res.body.result?.structuredContent as { status?: string } | undefined)?.status));
    }
    expect(statuses).toEqual(Array(100).fill('issued'));
  });

  it('the public lookup API keeps its own budget', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await fetch(`${t.url}/dmv/api/lookup?certificate_id=DMV-0000-014S-C0PJ-V`, { headers: { 'x-forwarded-for': ip } });
      codes.push(res.status);
      await res.arrayBuffer();
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
