import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { AppSecretEntity } from './app-secret.entity.js';
import { resolveKeyEncryptionKey } from './key-file.js';
import { ENCRYPT_COMMAND, SecretBox } from './secret-box.js';
import { INSERT_SECRET_IF_ABSENT_SQL } from './app-secret.queries.js';
import { COMMON_SEALED_COLUMNS, countPlaintext, plaintextRefusal } from './sealed-columns.queries.js';

/**
 * Named random secrets generated once and shared by every instance through the database, plus
 * the box that encrypts stored private material — always: under BROKER_KEY_ENCRYPTION_KEY, or the
 * key file a local installation generates under DATA_DIR. Values are cached per instance after first read.
 */
@Injectable()
export class SecretsService implements OnApplicationBootstrap {
  readonly box: SecretBox;
  private readonly logger = new Logger('Secrets');
  private readonly cache = new Map<string, Promise<Buffer>>();

  constructor(
    config: AppConfig,
    @InjectRepository(AppSecretEntity) private readonly secrets: Repository<AppSecretEntity>,
  ) {
    const resolved = resolveKeyEncryptionKey(config);
    this.box = new SecretBox(resolved.key);
    if (resolved.created) {
      this.logger.log(`Generated the key that encrypts stored secrets: ${resolved.file} (mode 0600); back it up apart from the database`);
    } else if (resolved.source === 'file') {
      this.logger.log(`Stored secrets are encrypted with the key file ${resolved.file}`);
    }
  }

  /**
   * Refuses to start over secrets stored unencrypted (before encryption was always on) or sealed with
   * another key: either would otherwise fail later, request by request.
   */
  async onApplicationBootstrap(): Promise<void> {
    const refusal = plaintextRefusal(await countPlaintext(this.secrets.manager, COMMON_SEALED_COLUMNS), ENCRYPT_COMMAND);
    if (refusal) throw new Error(refusal);
    for (const row of await this.secrets.find({ take: 100 })) this.box.open(row.value);
  }

  /** A 32-byte secret by name, created on first use (concurrent first uses agree on one value). */
  secret(name: string): Promise<Buffer> {
    let pending = this.cache.get(name);
    if (!pending) {
      pending = this.load(name);
      pending.catch(() => this.cache.delete(name));
      this.cache.set(name, pending);
    }
    return pending;
  }

  /** HMAC-SHA256 (hex) of a value under a named secret, e.g. IP addresses. */
  async keyedHash(name: string, value: string): Promise<string> {
    return createHmac('sha256', await this.secret(name))
      .update(value, 'utf8')
      .digest('hex');
  }

  private async load(name: string): Promise<Buffer> {
    const fresh = randomBytes(32).toString('base64url');
    await this.secrets.query(INSERT_SECRET_IF_ABSENT_SQL, [name, this.box.seal(fresh)]);
    const row = await this.secrets.findOneByOrFail({ name });
    return Buffer.from(this.box.open(row.value), 'base64url');
  }
}
