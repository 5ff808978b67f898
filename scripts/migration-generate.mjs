// npm run migration:generate -- <kebab-name>   (writes migrations/<unix-ms>-<kebab-name>.ts)
// npm run migration:check                      (exits 1 when entities and migrations differ)
// Needs DATABASE_URL pointing at a migrated database; without it an embedded one is used.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const check = process.argv.includes('--check');
const name = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!check && !name) {
  console.error('usage: npm run migration:generate -- <kebab-name>');
  process.exit(2);
}

const { loadConfig } = await import('../dist/src/config/app-config.js');
const { resolveDatabase } = await import('../dist/src/bootstrap.js');
const { createLogger } = await import('../dist/src/common/http/logger.js');
const { DataSource } = await import('typeorm');
const { dataSourceOptions } = await import('../dist/src/database/data-source-options.js');
const { runMigrationsLocked } = await import('../dist/src/database/migration-runner.js');

const config = loadConfig();
const embedded = await resolveDatabase(config, createLogger('warn'));
try {
  const ds = await new DataSource(dataSourceOptions(config.databaseUrl)).initialize();
  await runMigrationsLocked(ds);
  await ds.destroy();
  const cli = path.resolve('node_modules/typeorm/cli.js');
  const target = check ? 'migrations/check' : `migrations/${name}`;
  const args = [cli, 'migration:generate', '-d', 'dist/src/database/data-source.js', target, '--pretty'];
  if (check) args.push('--check');
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: config.databaseUrl },
  });
  if (!check && result.status === 0) {
    // TypeORM names files <timestamp>-<name>.ts already; keep its name, remind to register it.
    const files = readdirSync('migrations').filter((f) => f.endsWith(`-${name}.ts`));
    if (files.length) console.log(`Add ${files.at(-1)} to migrations/index.ts`);
  }
  process.exitCode = result.status ?? 1;
} finally {
  await embedded?.stop();
}
