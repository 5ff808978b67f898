import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { parseCertificateId } from '../domain/certificate-id.js';
import type { VerifyResult } from '../dmv.types.js';
import { DmvCertificateLookup } from './certificate-lookup.js';

/** How long verify_certificate waits for an external lookup API. */
const LOOKUP_TIMEOUT_MS = 3000;

/**
 * verify_certificate's client of the lookup API: the format is checked here; issuance is asked of
 * the lookup — in process (the same code as GET /dmv/api/lookup, without an HTTP round trip through
 * our own rate limit) unless DMV_LOOKUP_URL names an external lookup API. Any failure to get a
 * well-formed answer is `unavailable`, never `not_found`.
 */
@Injectable()
export class DmvCertificateLookupClient {
  private readonly logger = new Logger('DmvLookup');

  constructor(
    private readonly config: AppConfig,
    private readonly lookup: DmvCertificateLookup,
  ) {}

  async verify(certificateId: string): Promise<VerifyResult> {
    const parsed = parseCertificateId(certificateId);
    const absent = { issued: false, agent_name: null, certificate_url: null };
    if (!parsed.ok) return { certificate_id: certificateId, status: 'invalid_format', valid_format: false, ...absent };
    const canonical = parsed.canonical;
    const unavailable: VerifyResult = { certificate_id: canonical, status: 'unavailable', valid_format: true, ...absent };
    const lookupUrl = this.config.dmvLookupUrl;
    const body = lookupUrl === undefined ? await this.askInProcess(canonical) : await this.fetchLookup(lookupUrl, canonical);
    const answer = body as Partial<Record<string, unknown>> | null | undefined;
    if (!answer || typeof answer !== 'object' || answer.certificate_id !== canonical) return unavailable;
    if (answer.status === 'not_found') return { ...unavailable, status: 'not_found' };
    if (
      answer.status === 'issued' &&
      typeof answer.agent_name === 'string' &&
      answer.agent_name !== '' &&
      typeof answer.certificate_url === 'string' &&
      /^https?:\/\//.test(answer.certificate_url)
    ) {
      return {
        certificate_id: canonical,
        status: 'issued',
        valid_format: true,
        issued: true,
        agent_name: answer.agent_name,
        certificate_url: answer.certificate_url,
      };
    }
    return unavailable;
  }

  /** The lookup's answer from this process, or undefined when it failed (database down, …). */
  private async askInProcess(canonical: string): Promise<unknown> {
    try {
      return await this.lookup.lookup(canonical);
    } catch (error) {
      this.logger.warn(`DMV lookup failed (${(error as Error).name}); reporting unavailable`);
      return undefined;
    }
  }

  /** The answer of an external lookup API, or undefined when there is no well-formed 200 answer in time. */
  private async fetchLookup(lookupUrl: string, canonical: string): Promise<unknown> {
    try {
      const url = new URL(lookupUrl);
      url.searchParams.set('certificate_id', canonical);
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      });
      if (res.status !== 200) {
        this.logger.warn(`DMV lookup answered HTTP ${res.status}; reporting unavailable`);
        await res.body?.cancel().catch(() => undefined);
        return undefined;
      }
      return (await res.json()) as unknown;
    } catch (error) {
      this.logger.warn(`DMV lookup failed (${(error as Error).name}); reporting unavailable`);
      return undefined;
    }
  }
}
