import { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DNSResolver } from 'mailauth';
import { AppConfig } from '../../config/app-config.js';
import type { StoredAuth } from '../entities/message.entity.js';
import { boundedSystemResolver, CachingResolver } from './dns-cache.js';

/** The DNS resolver mailauth uses; tests provide a static zone so that they need no network. */
export const INBOX_DNS_RESOLVER = Symbol('INBOX_DNS_RESOLVER');

const TIMEOUT_MS = 5_000;

/**
 * SPF, DKIM and DMARC verdicts of inbound mail, with mailauth. Never throws: failures are `temperror`.
 * Its DNS lookups go through a cache with short, bounded timeouts (dns-cache.ts).
 */
// mailauth (~20 MB of heap with its DNS, DKIM and ARC code) is imported when the first message is checked, not at boot.
let mailauth: Promise<typeof import('mailauth')> | undefined;
const loadMailauth = (): Promise<typeof import('mailauth')> => (mailauth ??= import('mailauth'));

@Injectable()
export class MailAuthenticator {
  private readonly logger = new Logger('InboxAuth');
  private readonly dns: CachingResolver;

  constructor(
    private readonly config: AppConfig,
    @Inject(INBOX_DNS_RESOLVER) resolver: DNSResolver | null,
  ) {
    this.dns = new CachingResolver(resolver ?? boundedSystemResolver());
  }

  /** DNS queries made, answers served from the cache, failed queries (for benchmarks and tests). */
  get dnsStats(): Readonly<{ queries: number; hits: number; failures: number }> {
    return this.dns.stats;
  }

  async check(raw: Buffer, session: { ip: string; helo: string; sender: string }): Promise<StoredAuth> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const { authenticate } = await loadMailauth();
      const result = await Promise.race([
        authenticate(trickle(raw), {
          ip: session.ip,
          helo: session.helo,
          sender: session.sender,
          mta: this.config.mailDomain,
          resolver: this.dns.resolve,
          disableArc: true,
          disableBimi: true,
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('mail authentication timed out')), TIMEOUT_MS);
        }),
      ]);
      const dkimResults = result.dkim?.results ?? [];
      const dkim = dkimResults.some((r) => r.status?.result === 'pass') ? 'pass' : (dkimResults[0]?.status?.result ?? 'none');
      const spf = result.spf ? result.spf.status.result : 'none';
      const dmarc = result.dmarc ? result.dmarc.status.result : 'none';
      const verdict: StoredAuth['verdict'] = dmarc === 'pass' ? 'pass' : dmarc === 'fail' ? 'fail' : 'none';
      return { spf, dkim, dmarc, verdict };
    } catch (error) {
      this.logger.warn(`Mail authentication failed: ${(error as Error).message}`);
      return { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror', verdict: 'none' };
    } finally {
      if (timer) clearTimeout(timer);
    }
  }
}

/** Bytes mailauth is handed per event-loop turn. */
const TRICKLE_BYTES = 8 * 1024;

/**
 * The raw message as a stream of small chunks, one per event-loop turn. mailauth finds the end of the
 * header byte by byte (about a microsecond a byte), and fed a buffer it writes 64 KB chunks back to
 * back on 'drain' without yielding: a 250 KB header blocked the event loop for 200 ms in `npm run fuzz`.
 */
function trickle(raw: Buffer): Readable {
  return Readable.from(
    (async function* () {
      for (let pos = 0; pos < raw.length; pos += TRICKLE_BYTES) {
        if (pos > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        yield raw.subarray(pos, pos + TRICKLE_BYTES);
      }
    })(),
    { objectMode: false },
  );
}
