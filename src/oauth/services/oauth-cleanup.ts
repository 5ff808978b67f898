import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** How often expired broker rows are removed. */
export const CLEANUP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Removes what has expired: sign-in challenges and consent transactions after a day, codes after a
 * day, access and refresh tokens 30 days after expiry or revocation (kept that long for operators'
 * history), sessions after expiry, and dynamically registered clients that never obtained a grant
 * within 30 days (hosts that register per connection). Each statement is idempotent, so several
 * instances running it at once do no harm.
 */
@Injectable()
export class OauthCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OAuthCleanup');
  private timer?: NodeJS.Timeout;

  constructor(private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run().catch((e: unknown) => this.logger.warn(`Cleanup failed: ${(e as Error).message}`)), CLEANUP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One pass; returns how many rows each statement removed. */
  async run(): Promise<Record<string, number>> {
    const statements: Record<string, string> = {
      signin_challenges: `DELETE FROM oauth_signin_challenge WHERE expires_at < now() - interval '1 day'`,
      authorization_requests: `DELETE FROM oauth_authorization_request WHERE expires_at < now() - interval '1 day'`,
      codes: `DELETE FROM oauth_token WHERE kind = 'code' AND expires_at < now() - interval '1 day'`,
      tokens: `DELETE FROM oauth_token WHERE kind <> 'code' AND (expires_at < now() - interval '30 days' OR revoked_at < now() - interval '30 days')`,
      sessions: `DELETE FROM oauth_session WHERE expires_at < now() OR revoked_at IS NOT NULL OR last_seen_at < now() - interval '2 days'`,
      unused_clients: `DELETE FROM oauth_client c WHERE c.kind = 'dynamic' AND c.created_at < now() - interval '30 days'
        AND NOT EXISTS (SELECT 1 FROM oauth_grant g WHERE g.client_row_id = c.id)`,
    };
    const removed: Record<string, number> = {};
    for (const [name, sql] of Object.entries(statements)) {
      const result = (await this.dataSource.query(sql)) as [unknown, number] | unknown;
      removed[name] = Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
    }
    return removed;
  }
}
