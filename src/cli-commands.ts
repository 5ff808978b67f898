// The database work of `npm run cli` (src/cli.ts checks the command line first and loads this only then).
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { resolveDatabase } from './bootstrap.js';
import { OperatorEntity } from './common/auth/operator.entity.js';
import { generateToken, hashToken } from './common/auth/token.js';
import { createLogger } from './common/http/logger.js';
import { ConfigError, loadConfig } from './config/app-config.js';
import { dataSourceOptions } from './database/data-source-options.js';
import { runMigrationsLocked } from './database/migration-runner.js';
import { resolveKeyEncryptionKey } from './common/secrets/key-file.js';
import { COMMON_SEALED_COLUMNS, encryptPlaintext } from './common/secrets/sealed-columns.queries.js';
import { SecretBox } from './common/secrets/secret-box.js';
import { IdentityService } from './identity/services/identity.service.js';

/** The box of the configured key (BROKER_KEY_ENCRYPTION_KEY or the key file under DATA_DIR), for commands that seal. */
function keyBox(config: ReturnType<typeof loadConfig>): SecretBox {
  const resolved = resolveKeyEncryptionKey(config);
  if (resolved.created) process.stderr.write(`Generated the key encryption key file ${resolved.file} (mode 0600).\n`);
  return new SecretBox(resolved.key);
}

/** Runs one checked command against the configured database (migrations first). Returns the exit code. */
export async function runCommand(command: string, args: string[]): Promise<number> {
  try {
    return await run(command, args);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

async function run(command: string, args: string[]): Promise<number> {
  const config = loadConfig();
  const logger = createLogger('warn');
  const embedded = await resolveDatabase(config, logger);
  const ds = await new DataSource({
    ...dataSourceOptions(config.databaseUrl!),
    entities: [OperatorEntity, ...IdentityService.offlineEntities],
  }).initialize();
  try {
    const applied = await runMigrationsLocked(ds);
    const operators = ds.getRepository(OperatorEntity);
    switch (command) {
      case 'migration:run':
        process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'No pending migrations.\n');
        return 0;
      case 'operator:create': {
        const name = args.join(' ').trim();
        const token = generateToken('mco');
        const row = await operators.save(operators.create({ name, tokenHash: hashToken(token), tokenPrefix: token.slice(0, 10) }));
        process.stdout.write(`Operator ${row.name} (${row.id}) created. Its token, shown only this once:\n${token}\n`);
        return 0;
      }
      case 'operator:list': {
        for (const o of await operators.find({ order: { createdAt: 'ASC' } })) {
          process.stdout.write(`${o.id}  ${o.tokenPrefix}…  ${o.revokedAt ? 'revoked' : 'active '}  ${o.name}\n`);
        }
        return 0;
      }
      case 'operator:revoke': {
        const result = await operators.update({ id: args[0] }, { revokedAt: new Date() });
        if (!result.affected) {
          process.stderr.write(`No operator with id ${args[0]}\n`);
          return 1;
        }
        process.stdout.write('Revoked.\n');
        return 0;
      }
      case 'identity:rotate-key': {
        const key = await IdentityService.rotateSigningKeyOffline(ds.manager, keyBox(config), config.brokerAssertionTtlSeconds);
        process.stdout.write(
          `New active signing key ${key.kid} (${key.alg}); the previous key stays in the JWKS until its assertions expired.\n`,
        );
        return 0;
      }
      case 'identity:list-keys': {
        for (const k of await IdentityService.signingKeysOffline(ds.manager)) {
          process.stdout.write(
            `${k.kid}  ${k.alg}  ${k.status.padEnd(7)}  created ${k.created_at}${k.publish_until ? `  published until ${k.publish_until}` : ''}\n`,
          );
        }
        return 0;
      }
      case 'secrets:encrypt': {
        const counts = await encryptPlaintext(ds.manager, keyBox(config), [...COMMON_SEALED_COLUMNS, ...IdentityService.sealedColumns]);
        const total = counts.reduce((n, c) => n + c.rows, 0);
        process.stdout.write(
          `Encrypted ${total} row${total === 1 ? '' : 's'}: ${counts.map((c) => `${c.column} ${c.rows}`).join(', ')}.\n`,
        );
        return 0;
      }
      default:
        throw new Error(`command ${command} is listed but not handled`);
    }
  } finally {
    await ds.destroy();
    await embedded?.stop();
  }
}
