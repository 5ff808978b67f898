import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { parseCertificateId } from '../domain/certificate-id.js';
import type { LookupResult } from '../dmv.types.js';
import { DmvRegistrationEntity } from '../entities/dmv-registration.entity.js';
import { certificateUrl } from './certificate-url.js';

/** The DMV's own records of issued certificates: the public lookup and the rows pages render. */
@Injectable()
export class DmvCertificateLookup {
  constructor(
    private readonly config: AppConfig,
    @InjectRepository(DmvRegistrationEntity) private readonly registrations: Repository<DmvRegistrationEntity>,
  ) {}

  /** An issued (not withdrawn) registration by canonical certificate ID. */
  findIssued(canonical: string): Promise<DmvRegistrationEntity | null> {
    return this.registrations.findOne({ where: { certificateId: canonical, withdrawnAt: IsNull() } });
  }

  /** The public lookup: issued, not_found (also for withdrawn certificates) or invalid_format. */
  async lookup(certificateId: string): Promise<LookupResult> {
    const parsed = parseCertificateId(certificateId);
    const none = { agent_name: null, domain: null, issued_at: null, certificate_url: null };
    if (!parsed.ok) return { certificate_id: certificateId, status: 'invalid_format', ...none };
    const row = await this.findIssued(parsed.canonical);
    if (!row) return { certificate_id: parsed.canonical, status: 'not_found', ...none };
    return {
      certificate_id: row.certificateId,
      status: 'issued',
      agent_name: row.agentName,
      domain: row.domain,
      issued_at: row.createdAt.toISOString(),
      certificate_url: certificateUrl(this.config, row.certificateId),
    };
  }
}
