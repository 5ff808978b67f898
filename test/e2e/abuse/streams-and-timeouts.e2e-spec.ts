import net from 'node:net';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** Opens a GET keepalive stream on /mcp as a raw socket; resolves with the status line's code. */
function openStream(t: TestApp, ip: string): Promise<{ status: number; socket: net.Socket; closed: Promise<void> }> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let head = '';
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      if (head.includes('\r\n')) return;
      head += chunk.toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (status) resolve({ status, socket, closed });
    });
    socket.write(`GET /mcp HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\nX-Forwarded-For: ${ip}\r\n\r\n`);
  });
}

describe('abuse: GET stream caps, stream lifetime and request timeouts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TRUST_PROXY: '127.0.0.1',
        SSE_MAX_PER_IP: '2',
        SSE_MAX_TOTAL: '3',
        SSE_MAX_LIFETIME_SECONDS: '2',
        HTTP_REQUEST_TIMEOUT_MS: '1500',
      },
    });
  });
  afterAll(() => t.close());

  it('refuses streams over the per-address cap (429) and over the overall cap (503), and ends each after its lifetime', async () => {
    const a1 = await openStream(t, '203.0.113.1');
    const a2 = await openStream(t, '203.0.113.1');
    const a3 = await openStream(t, '203.0.113.1');
    expect([a1.status, a2.status, a3.status]).toEqual([200, 200, 429]);
    const b1 = await openStream(t, '203.0.113.2');
    const b2 = await openStream(t, '203.0.113.2');
    expect([b1.status, b2.status]).toEqual([200, 503]);
    // Every accepted stream is ended by the server after its 2 s lifetime.
    const started = Date.now();
    await Promise.all([a1.closed, a2.closed, b1.closed]);
    expect(Date.now() - started).toBeLessThan(5000);
    const again = await openStream(t, '203.0.113.1');
    expect(again.status).toBe(200);
    again.socket.destroy();
    for (const s of [a3, b2]) s.socket.destroy();
  });

  it('closes a connection whose body trickles in slower than the request timeout', async () => {
    const url = new URL(t.url);
    const socket = net.connect(Number(url.port), url.hostname);
    const started = Date.now();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/v1/dmv/registrations HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    const trickle = setInterval(() => socket.write(' '), 200);
    await closed;
    clearInterval(trickle);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(6000);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('sets statement_timeout on every database connection', async () => {
    const db = t.app.get(DataSource);
    const rows = (await Promise.all([db.query('SHOW statement_timeout'), db.query('SHOW statement_timeout')])) as Array<
      Array<{ statement_timeout: string }>
    >;
    for (const [row] of rows) expect(row.statement_timeout).toBe('15s');
  });
});
