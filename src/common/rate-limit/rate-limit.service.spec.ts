import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/app-config.js';
import { RateLimitService } from './rate-limit.service.js';
import { MemoryThrottlerStorage } from './redis-throttler.storage.js';

function service(general = '3/60'): { limits: RateLimitService; storage: MemoryThrottlerStorage } {
  const storage = new MemoryThrottlerStorage();
  const config = loadConfig({ RATE_LIMIT_GENERAL: general, RATE_LIMIT_REGISTER: '2/60' });
  return { limits: new RateLimitService(storage, config), storage };
}

describe('RateLimitService with the in-process store', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passNow counts against the budget and refuses past it; consumeNow(…, 0) reads without counting', () => {
    const { limits } = service();
    expect([1, 2, 3].map(() => limits.passNow('general', '10.0.0.1'))).toEqual([true, true, true]);
    expect(limits.passNow('general', '10.0.0.1')).toBe(false);
    const outcome = limits.consumeNow('general', '10.0.0.1', 0);
    expect(outcome).toMatchObject({ allowed: false, remaining: 0 });
    expect(outcome?.retryAfterSeconds).toBeGreaterThan(0);
    expect(outcome?.retryAfterSeconds).toBeLessThanOrEqual(60);
    // The zero-cost read did not count: another key and another budget are untouched.
    expect(limits.passNow('general', '10.0.0.2')).toBe(true);
    expect(limits.passNow('register', '10.0.0.1')).toBe(true);
  });

  it('counts a cost of several requests at once (a batch)', () => {
    const { limits } = service();
    expect(limits.passNow('general', 'k', 3)).toBe(true);
    expect(limits.passNow('general', 'k', 1)).toBe(false);
    expect(service().limits.passNow('general', 'k', 4)).toBe(false);
  });

  it('starts a new window once the old one expires', () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { limits, storage } = service();
    for (let i = 0; i < 4; i++) limits.passNow('general', 'a');
    expect(limits.passNow('general', 'a')).toBe(false);
    now += 60_000;
    expect(limits.passNow('general', 'a')).toBe(true);
    expect(limits.consumeNow('general', 'a', 0)).toMatchObject({ allowed: true, remaining: 2 });
    expect(storage.size('general')).toBe(1);
  });

  it('holds at most maxKeys keys per budget, forgetting the least recently counted (O(1), no sweep)', () => {
    const storage = new MemoryThrottlerStorage(1000);
    const limits = new RateLimitService(storage, loadConfig({ RATE_LIMIT_GENERAL: '3/60' }));
    for (let i = 0; i < 5000; i++) limits.passNow('general', `10.0.${i >> 8}.${i & 255}`);
    expect(storage.size('general')).toBe(1000);
    // A key counted recently is still there with its count.
    for (let i = 0; i < 3; i++) limits.passNow('general', 'busy');
    for (let i = 0; i < 500; i++) limits.passNow('general', `192.0.2.${i}`);
    expect(limits.passNow('general', 'busy')).toBe(false);
  });

  it('always passes when the policy is off', () => {
    const { limits } = service('off');
    for (let i = 0; i < 100; i++) expect(limits.passNow('general', 'x')).toBe(true);
  });

  it('agrees with incrementNow, the ThrottlerStorage-shaped count of the same store', () => {
    const { storage } = service();
    const record = storage.incrementNow('ip', 60_000, 2, 'general', 1);
    expect(record).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
    storage.incrementNow('ip', 60_000, 2, 'general', 1);
    const blocked = storage.incrementNow('ip', 60_000, 2, 'general', 1);
    expect(blocked).toMatchObject({ totalHits: 3, isBlocked: true });
    expect(blocked.timeToBlockExpire).toBe(blocked.timeToExpire);
  });
});
