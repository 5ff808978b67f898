import { Injectable } from '@nestjs/common';
import { safeFetchJson, SafeFetchError } from '../../common/http/safe-fetch.js';
import { AppConfig } from '../../config/app-config.js';

/** Largest Client ID Metadata Document read (the draft's guidance: about 5 KB). */
export const CIMD_MAX_BYTES = 5 * 1024;

/**
 * Fetches Client ID Metadata Documents: https only (loopback http only with the test switch
 * OAUTH_CIMD_ALLOW_LOOPBACK), the resolved address checked at connect time, no redirects, ≤ 5 KB,
 * 3 s. Tests replace this provider to map fixed https URLs to fixtures.
 */
@Injectable()
export class CimdFetcher {
  constructor(private readonly config: AppConfig) {}

  async fetch(url: string): Promise<Record<string, unknown>> {
    try {
      const { json } = await safeFetchJson(url, {
        maxBytes: CIMD_MAX_BYTES,
        timeoutMs: 3000,
        allowLoopback: this.config.oauthCimdAllowLoopback,
      });
      return json;
    } catch (error) {
      if (error instanceof SafeFetchError) {
        throw new Error(`the client metadata document could not be fetched: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }
}
