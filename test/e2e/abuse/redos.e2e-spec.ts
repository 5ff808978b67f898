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
    // Best of two against a plain body of the same length timed alongside, so that a busy shared machine
    // slows both: the quadratic versions took 270-470 ms where a plain body takes a few ms.
    const timedPublish = async (text: string) => {
      let best = Infinity;
      let healthBest = Infinity;
      for (let attempt = 0; attempt < 2; attempt++) {
        const started = performance.now();
        const health = (async () => {
          await new Promise((r) => setTimeout(r, 1));
          const s = performance.now();
          const res = await fetch(`${t.url}/healthz`);
          expect(res.status).toBe(200);
          return performance.now() - s;
        })();
        const res = await publish(t, alice, { category: 'general', topic: 'hostile', title: `t ${Math.random()}`, body: text });
        best = Math.min(best, performance.now() - started);
        expect([201, 422]).toContain(res.status);
        healthBest = Math.min(healthBest, await health);
      }
      return { best, healthBest };
    };
    const plain = await timedPublish('plain words '.repeat(Math.ceil(body.length / 12)).slice(0, body.length));
    const hostile = await timedPublish(body);
    expect(hostile.best).toBeLessThan(plain.best * 4 + 100);
    expect(hostile.healthBest).toBeLessThan(plain.best * 4 + 100);
  });
});
