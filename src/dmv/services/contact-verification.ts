import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { hashToken } from '../../common/auth/token.js';
import type { ContactVerificationView } from '../dmv.types.js';
import type { DmvRegistrationEntity } from '../entities/dmv-registration.entity.js';
import { DmvVerificationTokenEntity } from '../entities/dmv-verification-token.entity.js';
import { MARK_CONTACT_VERIFIED_SQL } from '../queries/registration.queries.js';
import { CONSUME_TOKEN_SQL } from '../queries/verification-token.queries.js';

const VERIFICATION_TOKEN = /^dmvv_[A-Za-z0-9_-]{43}$/;

type Usable = { view: ContactVerificationView } | { token: string; row: DmvVerificationTokenEntity; registration: DmvRegistrationEntity };

/** The link in the verification email: its confirmation page, and the POST that consumes the token. */
@Injectable()
export class DmvContactVerification {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(DmvVerificationTokenEntity) private readonly tokens: Repository<DmvVerificationTokenEntity>,
  ) {}

  /** GET: a page whose button POSTs the token; consumes nothing (link scanners open links). */
  async confirm(token: string | undefined): Promise<ContactVerificationView> {
    const checked = await this.usable(token);
    if ('view' in checked) return checked.view;
    return { kind: 'confirm', token: checked.token, domain: checked.registration.domain };
  }

  /** POST: consumes the one-time token and marks the contact verified. */
  async verify(token: string | undefined): Promise<ContactVerificationView> {
    const checked = await this.usable(token);
    if ('view' in checked) return checked.view;
    const { row, registration } = checked;
    const consumed = await this.dataSource.transaction(async (tx) => {
      const [, count] = (await tx.query(CONSUME_TOKEN_SQL, [row.id])) as [unknown[], number];
      if (count !== 1) return false;
      await tx.query(MARK_CONTACT_VERIFIED_SQL, [registration.id]);
      return true;
    });
    return { kind: 'result', result: consumed ? 'verified' : 'already_used', domain: registration.domain };
  }

  /** The token's row and registration, or the outcome that says why the link cannot be used. */
  private async usable(token: string | undefined): Promise<Usable> {
    if (!token || !VERIFICATION_TOKEN.test(token)) return { view: { kind: 'result', result: 'invalid' } };
    const row = await this.tokens.findOne({ where: { tokenHash: hashToken(token) }, relations: { registration: true } });
    const registration = row?.registration;
    if (!row || !registration || registration.withdrawnAt) return { view: { kind: 'result', result: 'invalid' } };
    if (row.usedAt) return { view: { kind: 'result', result: 'already_used', domain: registration.domain } };
    if (row.expiresAt.getTime() <= Date.now()) return { view: { kind: 'result', result: 'expired', domain: registration.domain } };
    return { token, row, registration };
  }
}
