import { Injectable } from '@nestjs/common';
import { parseCertificateId } from '../domain/certificate-id.js';
import { dmvErrors } from '../dmv.errors.js';
import { NON_BINDING_MESSAGE, type BadgeResult, type CertificatePageResult } from '../dmv.types.js';
import { DmvCertificateLookup } from './certificate-lookup.js';

/** The DMV's public pages: which page (or redirect, or badge) a request gets, as view data. */
@Injectable()
export class DmvCertificatePages {
  constructor(private readonly lookup: DmvCertificateLookup) {}

  /** The overview's form target: a redirect to the certificate page, or "not found". */
  find(certificateId: string | undefined): CertificatePageResult {
    const parsed = parseCertificateId(certificateId ?? '');
    if (!parsed.ok) return { kind: 'not_found', certificateId: (certificateId ?? '').slice(0, 100) };
    return { kind: 'moved', location: `/dmv/certificates/${parsed.canonical}`, status: 302 };
  }

  /** The certificate, a 301 to the canonical form, or "not found". */
  async certificate(certificateId: string): Promise<CertificatePageResult> {
    const parsed = parseCertificateId(certificateId);
    if (!parsed.ok) return { kind: 'not_found', certificateId: certificateId.slice(0, 100) };
    if (parsed.canonical !== certificateId) return { kind: 'moved', location: `/dmv/certificates/${parsed.canonical}`, status: 301 };
    const row = await this.lookup.findIssued(parsed.canonical);
    if (!row) return { kind: 'not_found', certificateId: parsed.canonical };
    return {
      kind: 'certificate',
      certificate: {
        certificateId: row.certificateId,
        agentName: row.agentName,
        domain: row.domain,
        issuedAt: row.createdAt,
        contactVerified: row.contactVerifiedAt !== null,
        badgeUrl: `/dmv/certificates/${row.certificateId}/badge.svg`,
        nonBindingMessage: NON_BINDING_MESSAGE,
      },
    };
  }

  /** @throws not_found (unknown, withdrawn or malformed IDs) */
  async badge(certificateId: string): Promise<BadgeResult> {
    const parsed = parseCertificateId(certificateId);
    if (!parsed.ok) throw dmvErrors.certificateNotFound();
    if (parsed.canonical !== certificateId) {
      return { kind: 'moved', location: `/dmv/certificates/${parsed.canonical}/badge.svg`, status: 301 };
    }
    const row = await this.lookup.findIssued(parsed.canonical);
    if (!row) throw dmvErrors.certificateNotFound();
    const status = row.contactVerifiedAt ? 'verified' : 'issued';
    return { kind: 'badge', badge: { certificateId: row.certificateId, domain: row.domain, status } };
  }
}
