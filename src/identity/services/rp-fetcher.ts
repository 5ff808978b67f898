import { Inject, Injectable, Optional } from '@nestjs/common';
import type { LookupFunction } from 'node:net';
import { checkOutboundUrl, safeFetchJson, SafeFetchError } from '../../common/http/safe-fetch.js';
import { AppConfig } from '../../config/app-config.js';

/** DNS resolution for relying-party and authority fetches; tests provide a stub resolver here. */
export const RP_DNS_LOOKUP = Symbol('RP_DNS_LOOKUP');

export const DISCOVERY_MAX_BYTES = 64 * 1024;
export const FETCH_TIMEOUT_MS = 5000;

/**
 * Every outbound request of the identity broker (RP discovery documents, authority JWKS) goes
 * through here: https on port 443 only (loopback http on any port only with BROKER_RP_ALLOW_LOOPBACK),
 * addresses checked at connect time, no redirects, ≤ 64 KB, ≤ 5 s; every connection-level failure is
 * the same generic answer (safe-fetch.ts), its cause logged.
 */
@Injectable()
export class RpFetcher {
  constructor(
    private readonly config: AppConfig,
    @Optional() @Inject(RP_DNS_LOOKUP) private readonly lookup?: LookupFunction | null,
  ) {}

  /** The origin of a service given as a URL; throws SafeFetchError url_not_allowed. */
  origin(raw: string): string {
    return checkOutboundUrl(raw, this.config.brokerRpAllowLoopback).origin;
  }

  fetchJson(url: string): Promise<{ json: Record<string, unknown> }> {
    return safeFetchJson(url, {
      maxBytes: DISCOVERY_MAX_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
      allowLoopback: this.config.brokerRpAllowLoopback,
      ...(this.lookup ? { lookup: this.lookup } : {}),
    });
  }
}

/** Failures worth retrying (the other side may come back); the rest are the URL's or document's fault. */
export function isTransientFetchError(error: unknown): boolean {
  if (!(error instanceof SafeFetchError)) return true;
  return error.reason === 'unreachable' || (error.reason === 'http_status' && (error.status ?? 0) >= 500);
}
