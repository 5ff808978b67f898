import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { DataSource, type EntityManager } from 'typeorm';
import { ENCRYPT_COMMAND, type SecretBox } from '../../common/secrets/secret-box.js';
import { countPlaintext, plaintextRefusal } from '../../common/secrets/sealed-columns.queries.js';
import { SecretsService } from '../../common/secrets/secrets.service.js';
import { AppConfig } from '../../config/app-config.js';
import { SigningKeyEntity } from '../entities/signing-key.entity.js';
import { SIGNING_KEY_LOCK_SQL } from '../queries/locks.queries.js';
import { PUBLISHABLE_KEYS_SQL, type PublishedKeyRow } from '../queries/signing-key.queries.js';
import { IDENTITY_SEALED_COLUMNS } from '../queries/sealed-columns.queries.js';

export const ASSERTION_ALG = 'ES256';
/** How long an RP may cache our JWKS (the Cache-Control we send) plus jose's default cache. */
const RP_CACHE_SECONDS = 600;

export interface SigningKeyView {
  kid: string;
  alg: string;
  status: 'active' | 'retired';
  created_at: string;
  retired_at: string | null;
  publish_until: string | null;
}

interface ActiveKey {
  kid: string;
  alg: string;
  key: CryptoKey;
}

/** A key as operators see it (admin API and the CLI). */
export const signingKeyView = (k: SigningKeyEntity): SigningKeyView => ({
  kid: k.kid,
  alg: k.alg,
  status: k.status,
  created_at: k.createdAt.toISOString(),
  retired_at: k.retiredAt?.toISOString() ?? null,
  publish_until: k.publishUntil?.toISOString() ?? null,
});

/** Every signing key as operators see it, in order of creation (admin API: newest first; the CLI: oldest first). */
export async function listSigningKeys(manager: EntityManager, order: 'ASC' | 'DESC'): Promise<SigningKeyView[]> {
  const rows = await manager.getRepository(SigningKeyEntity).find({ order: { createdAt: order } });
  return rows.map(signingKeyView);
}

/**
 * Creates a new active ES256 key and retires the previous one, which stays published until the last
 * assertion it can have signed has expired plus one RP cache period. Runs under an advisory lock so
 * concurrent starts and rotations agree on one active key. Used by the service and by the CLI.
 */
export async function rotateSigningKey(
  manager: EntityManager,
  box: SecretBox,
  maxAssertionTtlSeconds: number,
  onlyIfNone = false,
): Promise<SigningKeyEntity | undefined> {
  return manager.transaction(async (tx) => {
    await tx.query(SIGNING_KEY_LOCK_SQL);
    const repo = tx.getRepository(SigningKeyEntity);
    const current = await repo.find({ where: { status: 'active' } });
    if (onlyIfNone && current.length > 0) return undefined;
    const { publicKey, privateKey } = await generateKeyPair(ASSERTION_ALG, { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const now = Date.now();
    for (const old of current) {
      old.status = 'retired';
      old.retiredAt = new Date(now);
      old.publishUntil = new Date(now + (maxAssertionTtlSeconds + RP_CACHE_SECONDS) * 1000);
      await repo.save(old);
    }
    return repo.save(
      repo.create({
        kid,
        alg: ASSERTION_ALG,
        publicJwk: { ...publicJwk, kid, alg: ASSERTION_ALG, use: 'sig' },
        privateJwk: box.seal(JSON.stringify(await exportJWK(privateKey))),
        status: 'active',
      }),
    );
  });
}

/** The broker's assertion signing keys: generated on first start, published as a JWKS, rotated by operators. */
@Injectable()
export class SigningKeys implements OnApplicationBootstrap {
  private readonly logger = new Logger('SigningKeys');
  private readonly imported = new Map<string, CryptoKey>();
  private readonly genuine = new Map<string, boolean>();

  constructor(
    private readonly config: AppConfig,
    private readonly secrets: SecretsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Refuses to start over keys or assertions stored unencrypted (run ENCRYPT_COMMAND once) or sealed with
   * another key; then makes sure there is an active key and that it opens.
   */
  async onApplicationBootstrap(): Promise<void> {
    const refusal = plaintextRefusal(await countPlaintext(this.dataSource.manager, IDENTITY_SEALED_COLUMNS), ENCRYPT_COMMAND);
    if (refusal) throw new Error(refusal);
    const created = await rotateSigningKey(this.dataSource.manager, this.secrets.box, this.config.brokerAssertionTtlSeconds, true);
    if (created) this.logger.log(`Generated the first assertion signing key ${created.kid} (stored encrypted)`);
    await this.signingKey();
  }

  /** The key new assertions are signed with (one indexed read; the imported key is cached by kid). */
  async signingKey(): Promise<ActiveKey> {
    const repo = this.dataSource.getRepository(SigningKeyEntity);
    let row = await repo.findOne({ where: { status: 'active' }, order: { createdAt: 'DESC' } });
    if (!row) {
      await rotateSigningKey(this.dataSource.manager, this.secrets.box, this.config.brokerAssertionTtlSeconds, true);
      row = await repo.findOneOrFail({ where: { status: 'active' }, order: { createdAt: 'DESC' } });
    }
    let key = this.imported.get(row.kid);
    if (!key) {
      const jwk = JSON.parse(this.secrets.box.open(row.privateJwk)) as JWK;
      key = (await importJWK(jwk, row.alg)) as CryptoKey;
      if (this.imported.size > 20) this.imported.clear();
      this.imported.set(row.kid, key);
    }
    return { kid: row.kid, alg: row.alg, key };
  }

  /**
   * Every key an RP may need: the active one and retired ones still within their publication window —
   * only keys whose sealed private half opens with our key and matches the published half, so that
   * whoever can write to the database but lacks the key encryption key cannot add a key of their own.
   */
  async jwks(): Promise<{ keys: JWK[] }> {
    const rows = (await this.dataSource.query(PUBLISHABLE_KEYS_SQL)) as PublishedKeyRow[];
    const keys: JWK[] = [];
    for (const row of rows) if (await this.isGenuine(row)) keys.push(row.public_jwk as JWK);
    return { keys };
  }

  /** The row's sealed private JWK opens and is the private half of its public JWK and kid (cached per row content). */
  private async isGenuine(row: PublishedKeyRow): Promise<boolean> {
    const cacheKey = `${row.kid}:${row.private_jwk}:${JSON.stringify(row.public_jwk)}`;
    const known = this.genuine.get(cacheKey);
    if (known !== undefined) return known;
    let ok: boolean;
    try {
      const priv = JSON.parse(this.secrets.box.open(row.private_jwk)) as JWK;
      const pub = row.public_jwk as JWK;
      ok =
        priv.kty === pub.kty &&
        priv.crv === pub.crv &&
        priv.x === pub.x &&
        priv.y === pub.y &&
        typeof priv.d === 'string' &&
        (await calculateJwkThumbprint({ kty: pub.kty, crv: pub.crv, x: pub.x, y: pub.y } as JWK)) === row.kid &&
        pub.kid === row.kid;
    } catch {
      ok = false;
    }
    if (!ok) this.logger.error(`Signing key ${row.kid} is not published: its stored private key does not open or does not match it`);
    if (this.genuine.size > 100) this.genuine.clear();
    this.genuine.set(cacheKey, ok);
    return ok;
  }

  /** Whether a kid is (or was) one of ours: receipts signed by the broker itself are refused. */
  async isBrokerKid(kid: string): Promise<boolean> {
    return (await this.dataSource.getRepository(SigningKeyEntity).countBy({ kid })) > 0;
  }

  async list(): Promise<SigningKeyView[]> {
    return listSigningKeys(this.dataSource.manager, 'DESC');
  }

  async rotate(): Promise<SigningKeyView> {
    const created = await rotateSigningKey(this.dataSource.manager, this.secrets.box, this.config.brokerAssertionTtlSeconds);
    this.logger.log(`Rotated the assertion signing key; new kid ${created!.kid}`);
    return signingKeyView(created!);
  }
}
