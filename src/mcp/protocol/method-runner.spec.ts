import { describe, expect, it } from 'vitest';
import type { CallState } from './exchange.js';
import { MethodRunner } from './method-runner.js';
import { RpcCode, RpcError } from './rpc-errors.js';

const state = (era: 'modern' | 'legacy'): CallState => ({
  info: { request: { id: 'r1', log: { error: () => undefined } } as never, source: 'mcp' },
  era,
  protocolVersion: 'x',
  headers: undefined,
});

describe('MethodRunner', () => {
  it('answers legacy-era errors at 200 unless the profile keeps their status; modern ones keep it', () => {
    const sut = new MethodRunner([401, 403]);
    expect(sut.errorStatus('legacy', 403)).toBe(403);
    expect(sut.errorStatus('legacy', 429)).toBeUndefined();
    expect(sut.errorStatus('modern', 429)).toBe(429);
    expect(sut.errorStatus('modern', undefined)).toBeUndefined();
    expect(new MethodRunner().errorStatus('legacy', 401)).toBeUndefined();
  });

  it('runs a synchronous handler without a promise, and renders what it throws', () => {
    const sut = new MethodRunner([403]);
    expect(sut.run(1, () => '{}', {}, state('legacy'))).toEqual({
      status: 200,
      body: '{"jsonrpc":"2.0","id":1,"result":{}}',
      sse: true,
      headers: undefined,
    });
    const refuse = () => {
      throw new RpcError(RpcCode.Forbidden, 'no', undefined, 403, { 'WWW-Authenticate': 'Bearer' });
    };
    const answer = sut.run('a', refuse, {}, state('legacy'));
    expect(answer).toMatchObject({ status: 403, sse: false, headers: { 'WWW-Authenticate': 'Bearer' } });
    const crash = () => {
      throw new Error('driver detail');
    };
    const hidden = sut.run(2, crash, {}, state('modern'));
    expect(hidden).toMatchObject({ status: 200, sse: true });
    expect((hidden as { body: string }).body).not.toContain('driver detail');
  });
});
