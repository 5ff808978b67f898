import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { OperatorEntity } from './operator.entity.js';
import { INSERT_OPERATOR_IF_ABSENT_SQL, REVOKE_OPERATOR_SQL, type InsertedOperatorRow } from './operator.queries.js';
import type { OperatorPrincipal } from './principals.js';
import { generateToken, hashToken } from './token.js';

/** An operator record as the REST API shows it (whoami, list, create, revoke); never the caller passed to services. */
export interface OperatorView {
  id: string;
  name: string;
  token_prefix: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export function toOperatorView(o: OperatorEntity): OperatorView {
  return {
    id: o.id,
    name: o.name,
    token_prefix: o.tokenPrefix,
    created_at: o.createdAt.toISOString(),
    revoked_at: o.revokedAt?.toISOString() ?? null,
    last_used_at: o.lastUsedAt?.toISOString() ?? null,
  };
}

/** Operators and their tokens. Tokens are shown once at creation and stored only as hashes. */
@Injectable()
export class OperatorsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Operators');

  constructor(
    @InjectRepository(OperatorEntity) private readonly operators: Repository<OperatorEntity>,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const token = this.config.operatorBootstrapToken;
    if (!token) return;
    // Several instances may boot at once: the unique token hash decides, and the others find it there.
    const inserted = (await this.operators.query(INSERT_OPERATOR_IF_ABSENT_SQL, [
      'bootstrap',
      hashToken(token),
      token.slice(0, 10),
    ])) as InsertedOperatorRow[];
    if (inserted.length > 0) {
      this.logger.log('Created the bootstrap operator from OPERATOR_BOOTSTRAP_TOKEN');
    }
  }

  /** Creates an operator and returns its token, which is never retrievable again. */
  async create(name: string): Promise<{ operator: OperatorView; token: string }> {
    const clean = name.trim();
    if (!clean || clean.length > 100) throw new AppError('validation_failed', 'name must be 1-100 characters');
    const token = generateToken('mco');
    const saved = await this.operators.save(
      this.operators.create({ name: clean, tokenHash: hashToken(token), tokenPrefix: token.slice(0, 10) }),
    );
    return { operator: toOperatorView(saved), token };
  }

  async list(): Promise<OperatorView[]> {
    const rows = await this.operators.find({ order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toOperatorView);
  }

  /** @throws not_found */
  async revoke(id: string): Promise<OperatorView> {
    const row = await this.operators.findOne({ where: { id } });
    if (!row) throw new AppError('not_found', `No operator with id ${id}`);
    if (!row.revokedAt) {
      row.revokedAt = new Date();
      await this.operators.query(REVOKE_OPERATOR_SQL, [id, row.revokedAt]);
    }
    return toOperatorView(row);
  }

  /** The calling operator's own record (GET /admin/whoami). @throws not_found */
  async describe(operator: OperatorPrincipal): Promise<OperatorView> {
    const row = await this.operators.findOne({ where: { id: operator.id } });
    if (!row) throw new AppError('not_found', `No operator with id ${operator.id}`);
    return toOperatorView(row);
  }

  /**
   * Resolves a bearer token to its operator.
   * @throws unauthorized (missing or unknown token), forbidden (revoked)
   */
  async authenticate(token: string | undefined): Promise<OperatorPrincipal> {
    if (!token) throw new AppError('unauthorized', 'An operator token is required: Authorization: Bearer mco_…');
    if (!token.startsWith('mco_')) throw new AppError('unauthorized', 'The operator token is not valid.');
    const row = await this.operators.findOne({ where: { tokenHash: hashToken(token) } });
    if (!row) throw new AppError('unauthorized', 'The operator token is not valid.');
    if (row.revokedAt) throw new AppError('forbidden', 'This operator token has been revoked.');
    await this.operators.update({ id: row.id }, { lastUsedAt: new Date() });
    return { kind: 'operator', id: row.id, name: row.name };
  }
}
