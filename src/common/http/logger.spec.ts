import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, PinoNestLogger, prettyMessage } from './logger.js';

function capture(): { lines: () => Record<string, unknown>[]; stream: Writable } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('logger', () => {
  it("logs Nest's route mapping and module loading at debug, its other lines at info", () => {
    const out = capture();
    const nest = new PinoNestLogger(createLogger('info', out.stream));
    nest.log('Mapped {/docs, GET} route', 'RouterExplorer');
    nest.log('DirectoryModule dependencies initialized', 'InstanceLoader');
    nest.log('Nest application successfully started', 'NestApplication');
    expect(out.lines().map((l) => l.msg)).toEqual(['Nest application successfully started']);
  });

  it('prints readable lines on a terminal: access lines as method, path, status, duration', () => {
    expect(
      prettyMessage(
        { method: 'GET', path: '/docs', status: 200, durationMs: 3.1, reqId: 'abcdef12-3456', msg: 'request completed' },
        'msg',
      ),
    ).toBe('GET /docs 200 3.1 ms · abcdef12');
    expect(prettyMessage({ context: 'Mail', msg: 'Mail x held' }, 'msg')).toBe('[Mail] Mail x held');
  });
});
