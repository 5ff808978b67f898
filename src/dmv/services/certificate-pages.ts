import { Injectable } from '@nestjs/common';
import type { HtmlPage } from '../../common/http/page.js';
import { parseCertificateId } from '../domain/certificate-id.js';
import { dmvErrors } from '../dmv.errors.js';
import { NON_BINDING_MESSAGE } from '../dmv.types.js';
import { badgePage } from '../views/badge-svg.js';
import { movedPage } from '../views/dmv-layout.js';
import { certificateNotFoundPage, certificatePage, dmvHomePage } from '../views/public-pages.js';
import { DmvCertificateLookup } from './certificate-lookup.js';

/** The DMV's public pages: which page (or redirect, or badge) a request gets. */
@Injectable()
export class DmvCertificatePages {
  constructor(private readonly lookup: DmvCertificateLookup) {}

  home(): HtmlPage {
    return dmvHomePage();
  }

  /** The overview's form target: a redirect to the certificate page, or the 404 page. */
  find(certificateId: string | undefined): HtmlPage {
    const parsed = parseCertificateId(certificateId ?? '');
    if (!parsed.ok) return certificateNotFoundPage((certificateId ?? '').slice(0, 100));
    return movedPage(`/dmv/certificates/${parsed.canonical}`, 302);
  }

  /** The certificate page, a 301 to the canonical form, or the 404 page. */
  async certificate(certificateId: string): Promise<HtmlPage> {
    const parsed = parseCertificateId(certificateId);
    if (!parsed.ok) return certificateNotFoundPage(certificateId.slice(0, 100));
    if (parsed.canonical !== certificateId) return movedPage(`/dmv/certificates/${parsed.canonical}`, 301);
    const row = await this.lookup.findIssued(parsed.canonical);
    if (!row) return certificateNotFoundPage(parsed.canonical);
    return certificatePage({
      certificateId: row.certificateId,
      agentName: row.agentName,
      domain: row.domain,
      issuedAt: row.createdAt,
      contactVerified: row.contactVerifiedAt !== null,
      badgeUrl: `/dmv/certificates/${row.certificateId}/badge.svg`,
      nonBindingMessage: NON_BINDING_MESSAGE,
    });
  }

  /** @throws not_found (unknown, withdrawn or malformed IDs) */
  async badge(certificateId: string, ifNoneMatch: string | undefined): Promise<HtmlPage> {
    const parsed = parseCertificateId(certificateId);
    if (!parsed.ok) throw dmvErrors.certificateNotFound();
    if (parsed.canonical !== certificateId) return movedPage(`/dmv/certificates/${parsed.canonical}/badge.svg`, 301);
    const row = await this.lookup.findIssued(parsed.canonical);
    if (!row) throw dmvErrors.certificateNotFound();
    const status = row.contactVerifiedAt ? 'verified' : 'issued';
    return badgePage({ certificateId: row.certificateId, domain: row.domain, status }, ifNoneMatch);
  }
}
