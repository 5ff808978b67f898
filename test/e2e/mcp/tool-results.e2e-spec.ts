// Tool results on the wire: structuredContent and the same JSON text in content[0].text in both
// eras, the engine's reuse of a serialized result while a tool that declares memoizeResult answers
// with the same object, and no reuse for tools that do not declare it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { FIXTURE_PATH, legacyHeaders, modernHeaders, modernMeta, snapshotState, withFixture, type SnapshotAnswer } from './fixtures.js';
import { send } from '../../support/json-rpc.js';

type Era = 'legacy' | 'modern';

describe('MCP engine: tool results', () => {
  let t: TestApp;
  const initial = { current: snapshotState.current, mutable: snapshotState.mutable, value: snapshotState.mutable.value };
  let nextId = 1;

  beforeAll(async () => {
    t = await createTestApp({ override: withFixture(), env: { RATE_LIMIT_GENERAL: 'off' } });
  });
  afterAll(() => t?.close());
  afterEach(() => {
    snapshotState.current = initial.current;
    snapshotState.mutable = initial.mutable;
    snapshotState.mutable.value = initial.value;
  });

  async function call(era: Era, tool: 'snapshot' | 'live' = 'snapshot') {
    const id = nextId++;
    const params: Record<string, unknown> = { name: tool, arguments: {} };
    if (era === 'modern') params._meta = modernMeta;
    const reply = await send(t, {
      path: FIXTURE_PATH,
      headers: era === 'modern' ? modernHeaders('tools/call', tool) : legacyHeaders,
      body: { jsonrpc: '2.0', id, method: 'tools/call', params },
    });
    expect(reply.status).toBe(200);
    expect(reply.json.id).toBe(id);
    const result = reply.json.result;
    expect(result.isError).toBeUndefined();
    // The text is exactly what JSON.stringify makes of the structured content.
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
    if (era === 'modern') {
      expect(result.resultType).toBe('complete');
      expect(result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('fixture');
    } else {
      expect(result.resultType).toBeUndefined();
      expect(result._meta).toBeUndefined();
    }
    return result as { structuredContent: SnapshotAnswer; content: Array<{ text: string }> };
  }

  it('answers the same object the same way in each era, whatever the order of the calls', async () => {
    const eras: Era[] = ['legacy', 'modern', 'modern', 'legacy', 'modern', 'legacy'];
    for (const era of eras) {
      const result = await call(era);
      expect(result.structuredContent).toEqual({ value: 'first "quoted" \\ answer' });
    }
  });

  it('answers a new object with its own content, in both eras', async () => {
    await call('legacy');
    await call('modern');
    snapshotState.current = { value: 'second' };
    expect((await call('modern')).structuredContent).toEqual({ value: 'second' });
    expect((await call('legacy')).structuredContent).toEqual({ value: 'second' });
  });

  it('serializes the answer of a tool without memoizeResult afresh on every call, so changes made in place show', async () => {
    expect((await call('legacy', 'live')).structuredContent).toEqual({ value: 'plain' });
    snapshotState.mutable.value = 'changed in place';
    expect((await call('legacy', 'live')).structuredContent).toEqual({ value: 'changed in place' });
    snapshotState.mutable.value = 'changed again';
    expect((await call('modern', 'live')).structuredContent).toEqual({ value: 'changed again' });
    expect(Object.isFrozen(snapshotState.mutable)).toBe(false);
  });

  it('never serves a memoized answer stale: the engine freezes it, so a change in place throws', async () => {
    const answer = { value: 'kept', nested: { list: [1] } };
    snapshotState.current = answer;
    await call('legacy');
    expect(Object.isFrozen(answer)).toBe(true);
    expect(() => {
      answer.value = 'changed in place';
    }).toThrow(TypeError);
    expect(() => answer.nested.list.push(2)).toThrow(TypeError);
    expect((await call('modern')).structuredContent).toEqual({ value: 'kept', nested: { list: [1] } });
  });

  it('serializes an unchanged memoized answer once per era, an answer without the declaration on every call', async () => {
    // A getter is read each time the object is serialized, so it counts the serializations.
    let reads = 0;
    snapshotState.current = {
      get value() {
        reads++;
        return 'counted';
      },
    };
    for (const era of ['legacy', 'legacy', 'modern', 'modern', 'legacy'] as Era[]) {
      expect((await call(era)).structuredContent).toEqual({ value: 'counted' });
    }
    expect(reads).toBe(2);

    let plainReads = 0;
    const plain = {
      get value() {
        plainReads++;
        return 'plain';
      },
    };
    snapshotState.mutable = plain;
    for (const era of ['legacy', 'legacy', 'modern'] as Era[]) await call(era, 'live');
    expect(plainReads).toBe(3);
  });

  it('escapes every character JSON needs escaped in the text copy', async () => {
    const tricky =
      'quote " backslash \\ slash / newline \n tab \t nul \u0000 bell \u0007 ls \u2028 ps \u2029 ' +
      'é ü ✓ emoji 😀 lone \ud800 surrogate \udfff end';
    snapshotState.current = { value: tricky };
    for (const era of ['legacy', 'modern'] as Era[]) {
      const result = await call(era);
      // A lone surrogate cannot survive UTF-8; JSON.stringify escapes it, so the text keeps it.
      expect(JSON.parse(result.content[0].text)).toEqual({ value: tricky });
    }
  });
});
