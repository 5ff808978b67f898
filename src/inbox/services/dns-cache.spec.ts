import { describe, expect, it } from 'vitest';
import { CachingResolver } from './dns-cache.js';

function upstream(answers: Record<string, string[][] | { code: string }>) {
  const calls: string[] = [];
  const resolve = async (name: string, type: string): Promise<string[][]> => {
    calls.push(`${type} ${name}`);
    await new Promise((r) => setTimeout(r, 5));
    const answer = answers[`${type} ${name}`];
    if (!answer) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    if (!Array.isArray(answer)) throw Object.assign(new Error(`query ${answer.code} ${name}`), answer);
    return answer;
  };
  return { calls, resolve };
}

describe('the DNS cache of mail authentication', () => {
  it('asks upstream once per name and type, also for concurrent lookups; names are case-insensitive', async () => {
    const up = upstream({ 'TXT sender.example': [['v=spf1 -all']] });
    const cache = new CachingResolver(up.resolve);
    const answers = await Promise.all([1, 2, 3].map(() => cache.resolve('sender.example', 'TXT')));
    expect(answers).toEqual([[['v=spf1 -all']], [['v=spf1 -all']], [['v=spf1 -all']]]);
    expect(await cache.resolve('SENDER.example', 'txt')).toEqual([['v=spf1 -all']]);
    expect(up.calls).toEqual(['TXT sender.example']);
    expect(cache.stats).toEqual({ queries: 1, hits: 3, failures: 0 });
  });

  it('keeps "does not exist" and failures too, with their error code (SPF/DMARC read none vs temperror from it)', async () => {
    const up = upstream({ 'TXT slow.example': { code: 'ETIMEOUT' } });
    const cache = new CachingResolver(up.resolve);
    for (let i = 0; i < 3; i++) {
      await expect(cache.resolve('_dmarc.nowhere.example', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      await expect(cache.resolve('slow.example', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    }
    expect(up.calls).toEqual(['TXT _dmarc.nowhere.example', 'TXT slow.example']);
    expect(cache.stats.failures).toBe(1);
  });

  it('hands out copies: a caller that changes an answer does not change the cache', async () => {
    const cache = new CachingResolver(upstream({ 'MX mx.example': [['a'], ['b']] }).resolve);
    const first = (await cache.resolve('mx.example', 'MX')) as string[][];
    first.reverse();
    first.push(['c']);
    expect(await cache.resolve('mx.example', 'MX')).toEqual([['a'], ['b']]);
  });
});
