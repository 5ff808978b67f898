import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { OperatorPrincipal, OwnerPrincipal } from '../../common/auth/principals.js';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { SecretsService } from '../../common/secrets/secrets.service.js';
import { DelegationAgreementEntity } from '../entities/delegation-agreement.entity.js';
import { INITIAL_DELEGATION_TEXT, INITIAL_DELEGATION_VERSION } from '../domain/delegation-text.js';
import { oauthErrors } from '../oauth.errors.js';
import {
  AGREEMENT_VERSIONS_SQL,
  CURRENT_AGREEMENT_SQL,
  LATEST_SIGNATURE_SQL,
  PUBLISH_AGREEMENT_ONCE_SQL,
  SIGN_AGREEMENT_SQL,
  SIGNED_VERSION_SQL,
  type AgreementRow,
  type AgreementVersionRow,
  type InsertedAgreementRow,
  type InsertedSignatureRow,
  type LatestSignatureRow,
  type SignedRow,
} from '../queries/delegation.queries.js';
import { BrokerAudit } from './broker-audit.js';

export interface AgreementView {
  version: string;
  sha256: string;
  text: string;
  published_at: string;
}

export interface AgreementStatus {
  current: AgreementView;
  signed_version: string | null;
  signed_at: string | null;
  /** True when the owner signed the current version. */
  current_signed: boolean;
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const rowOf = (e: DelegationAgreementEntity): AgreementRow => ({
  version: e.version,
  text: e.text,
  sha256: e.sha256,
  published_at: e.publishedAt,
});

/** The Master Agent Delegation agreement: published versions and owners' signatures. */
@Injectable()
export class Delegation implements OnApplicationBootstrap {
  private readonly logger = new Logger('Delegation');

  constructor(
    @InjectRepository(DelegationAgreementEntity) private readonly agreements: Repository<DelegationAgreementEntity>,
    private readonly dataSource: DataSource,
    private readonly secrets: SecretsService,
    private readonly audit: BrokerAudit,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const inserted = (await this.dataSource.query(PUBLISH_AGREEMENT_ONCE_SQL, [
      INITIAL_DELEGATION_VERSION,
      INITIAL_DELEGATION_TEXT,
      sha256Hex(INITIAL_DELEGATION_TEXT),
      'system',
    ])) as InsertedAgreementRow[];
    if (inserted.length > 0) this.logger.log(`Published delegation agreement ${INITIAL_DELEGATION_VERSION}`);
  }

  private view(row: AgreementRow): AgreementView {
    return { version: row.version, sha256: row.sha256, text: row.text, published_at: row.published_at.toISOString() };
  }

  async current(): Promise<AgreementView> {
    const [row] = (await this.dataSource.query(CURRENT_AGREEMENT_SQL)) as AgreementRow[];
    return this.view(row);
  }

  async version(version: string): Promise<AgreementView | undefined> {
    const row = await this.agreements.findOne({ where: { version } });
    return row ? this.view(rowOf(row)) : undefined;
  }

  async versions(): Promise<Array<Omit<AgreementView, 'text'>>> {
    const rows = (await this.dataSource.query(AGREEMENT_VERSIONS_SQL)) as AgreementVersionRow[];
    return rows.map(({ version, sha256, published_at }) => ({ version, sha256, published_at: published_at.toISOString() }));
  }

  async status(owner: OwnerPrincipal): Promise<AgreementStatus> {
    const { ownerId } = owner;
    const current = await this.current();
    const [latest] = (await this.dataSource.query(LATEST_SIGNATURE_SQL, [ownerId])) as LatestSignatureRow[];
    const [signed] = (await this.dataSource.query(SIGNED_VERSION_SQL, [ownerId, current.version])) as SignedRow[];
    return {
      current,
      signed_version: latest?.version ?? null,
      signed_at: latest?.signed_at.toISOString() ?? null,
      current_signed: signed.signed,
    };
  }

  /** Records the owner's signature of a version (idempotent per owner and version). */
  async sign(owner: OwnerPrincipal, version: string, ip: string): Promise<void> {
    const { ownerId } = owner;
    const agreement = await this.version(version);
    if (!agreement) throw oauthErrors.agreementNotFound();
    const ipHash = await this.secrets.keyedHash('ip-hash', ip);
    const recorded = (await this.dataSource.query(SIGN_AGREEMENT_SQL, [
      ownerId,
      version,
      agreement.sha256,
      ipHash,
    ])) as InsertedSignatureRow[];
    if (recorded.length > 0) {
      await this.audit.record(`owner:${ownerId}`, 'delegation.signed', 'agreement', version, ownerId, { sha256: agreement.sha256 });
    }
  }

  /** Publishes a new version (operators). Every owner must sign it before their tokens work again. */
  async publish(operator: OperatorPrincipal, version: string, text: string): Promise<AgreementView> {
    if (!VERSION.test(version)) throw oauthErrors.invalid('version must be 1-20 letters, digits, dots or hyphens');
    const body = text.replace(/\r\n?/g, '\n');
    if (body.trim().length < 20 || body.length > 100_000) {
      throw oauthErrors.invalid('text must be 20 to 100,000 characters');
    }
    if (await this.agreements.exists({ where: { version } })) throw oauthErrors.versionExists(version);
    const row = await this.agreements.save(
      this.agreements.create({ version, text: body, sha256: sha256Hex(body), publishedBy: operator.name }),
    );
    await this.audit.record(`operator:${operator.name}`, 'delegation.published', 'agreement', version, null, { sha256: row.sha256 });
    return this.view(rowOf(row));
  }
}
