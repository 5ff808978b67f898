import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { findFreePort } from '../../src/database/embedded-postgres.js';

/**
 * A redis-server of the test's own on a free loopback port (never the machine's Redis on 6379),
 * with no persistence, that the test can stop, restart on the same port, pause and resume.
 */
export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts a fresh (empty) server on the same port after stop(). */
  restart(): Promise<void>;
  /** SIGSTOP: the socket stays open but nothing answers (a hung Redis). */
  pause(): void;
  resume(): void;
}

async function waitForPort(port: number, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`redis-server did not listen on ${port} in time`);
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await findFreePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
      { stdio: 'ignore' },
    );
    const failed = once(child, 'error').then(([e]) => {
      throw e as Error;
    });
    await Promise.race([waitForPort(port), failed]);
  };
  const stop = async (): Promise<void> => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    c.kill('SIGCONT');
    const exited = once(c, 'exit');
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    restart: start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}
