// npm run cli -- <command>: operator and database chores that must not go through HTTP.
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

const USAGE = `usage: npm run cli -- <command>
  migration:run             apply pending migrations
  operator:create <name>    create an operator and print its token (shown once)
  operator:list             list operators
  operator:revoke <id>      revoke an operator's token
  identity:rotate-key       rotate the broker's assertion signing key (the old one stays
                            published until its last assertion has expired)
  identity:list-keys        list the assertion signing keys
  secrets:encrypt           encrypt stored secrets and signing keys kept in plaintext (before
                            encryption was always on), in one transaction; prints the counts`;

/** The box of the configured key (BROKER_KEY_ENCRYPTION_KEY or the key file under DATA_DIR), for commands that seal. */
function keyBox(config: ReturnType<typeof loadConfig>): SecretBox {
  const resolved = resolveKeyEncryptionKey(config);
  if (resolved.created) process.stderr.write(`Generated the key encryption key file ${resolved.file} (mode 0600).\n`);
  return new SecretBox(resolved.key);
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
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
        if (!name || name.length > 100) {
          process.stderr.write('operator:create needs a name of 1-100 characters\n');
          return 2;
        }
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
        process.stderr.write(`Unknown command ${command}\n${USAGE}\n`);
        return 2;
    }
  } finally {
    await ds.destroy();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : `Failed: ${(error as Error).message}`}\n`);
    process.exit(1);
  },
);
