import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { AppSecretEntity } from './app-secret.entity.js';
import { SecretBox } from './secret-box.js';

/**
 * Named random secrets generated once and shared by every instance through the database, plus
 * the box that encrypts stored private material. Values are cached per instance after first read.
 */
@Injectable()
export class SecretsService {
  readonly box: SecretBox;
  private readonly cache = new Map<string, Promise<Buffer>>();

  constructor(
    config: AppConfig,
    @InjectRepository(AppSecretEntity) private readonly secrets: Repository<AppSecretEntity>,
  ) {
    this.box = new SecretBox(config.brokerKeyEncryptionKey);
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
    await this.secrets
      .createQueryBuilder()
      .insert()
      .values({ name, value: this.box.seal(fresh) })
      .orIgnore()
      .execute();
    const row = await this.secrets.findOneByOrFail({ name });
    return Buffer.from(this.box.open(row.value), 'base64url');
  }
}
