import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createCategory, publish, registerAgent } from '../recall/recall-helpers.js';

// Bodies that made the old secret and injection patterns backtrack quadratically (269 ms for the first one,
// with /healthz waiting behind it). Each must now be answered within a few ms of a plain body.
const HOSTILE_BODIES = {
  'eyJ- x 4000': 'eyJ-'.repeat(4000),
  'newlines x 15000': `a${'\n'.repeat(15_000)}b`,
  'image markdown openings': `![${'!['.repeat(7000)}`,
  'act as x 2000': ':act as '.repeat(2000),
  'system tag openings': `<${'< '.repeat(7000)}`,
};

describe('abuse: regexes applied to Recall content are linear-time', () => {
  let t: TestApp;
  let alice: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off', RATE_LIMIT_RECALL_WRITE: 'off', RATE_LIMIT_RECALL_WRITE_DAILY: 'off' } });
    alice = await registerAgent(t, 'alice');
    await createCategory(t, alice, 'general');
  });
  afterAll(() => t.close());

  it.each(Object.entries(HOSTILE_BODIES))('publishes %s in a few ms while /healthz stays responsive', async (_, body) => {
    // Warm up the route and the JIT.
    await publish(t, alice, { category: 'general', topic: 'warm', title: 'warm', body: `warm ${Math.random()}` });
    let elapsed = Infinity;
    let healthMs = Infinity;
    // Best of two, so that one busy moment of a shared machine does not decide.
    for (let attempt = 0; attempt < 2; attempt++) {
      const started = performance.now();
      const health = (async () => {
        await new Promise((r) => setTimeout(r, 1));
        const s = performance.now();
        const res = await fetch(`${t.url}/healthz`);
        return { status: res.status, ms: performance.now() - s };
      })();
      const res = await publish(t, alice, { category: 'general', topic: 'hostile', title: `t ${Math.random()}`, body });
      elapsed = Math.min(elapsed, performance.now() - started);
      expect([201, 422]).toContain(res.status);
      const h = await health;
      expect(h.status).toBe(200);
      healthMs = Math.min(healthMs, h.ms);
    }
    // The quadratic versions took 270-470 ms on a quiet machine; linear ones take a few ms.
    expect(elapsed).toBeLessThan(150);
    expect(healthMs).toBeLessThan(150);
  });
});
