import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { SecretsService } from '../secrets/secrets.service.js';
import { MailService } from './mail.service.js';
import { MailSealer, type MailContent } from './mail-secrets.js';
import { MAIL_QUERIES, type ViewerMailRow } from './mail.queries.js';
import type { ViewerMessage } from './mail-viewer.types.js';

export { viewerUrl, type ViewerMessage, type ViewerSource } from './mail-viewer.types.js';

/** How many messages the viewer lists (newest first). */
export const VIEWER_LIST_LIMIT = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The local mail viewer (/dev/mail), in the spirit of Mailpit or letter_opener: every message in
 * the outbox as it was (or would be) sent. The database keeps no plaintext secret for it: a held
 * message keeps its sealed original anyway (it may still be sent once a relay is configured), and
 * the viewer opens that sealed copy for display only. Off unless config.mailViewer (loopback and no
 * relay, or MAIL_VIEWER=true): then every route answers 404 as if it did not exist.
 */
@Injectable()
export class MailViewer {
  private readonly sealer: MailSealer;

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    secrets: SecretsService,
  ) {
    this.sealer = new MailSealer(secrets);
  }

  get enabled(): boolean {
    return this.config.mailViewer;
  }

  /** The newest messages first. @throws not_found (viewer off) */
  async list(): Promise<ViewerMessage[]> {
    this.requireEnabled();
    const rows = await this.dataSource.query<ViewerMailRow[]>(MAIL_QUERIES.viewerList, [VIEWER_LIST_LIMIT]);
    const outbox = await Promise.all(rows.map((row) => this.toView(row)));
    const others = await Promise.all(this.mail.viewerSources.map((source) => source.list(VIEWER_LIST_LIMIT)));
    return [...outbox, ...others.flat()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, VIEWER_LIST_LIMIT);
  }

  /** One message, whole. @throws not_found (viewer off, or no such message) */
  async message(id: string): Promise<ViewerMessage> {
    this.requireEnabled();
    if (!UUID.test(id)) throw new AppError('not_found', 'There is no message with this id.');
    const [row] = await this.dataSource.query<ViewerMailRow[]>(MAIL_QUERIES.viewerOne, [id]);
    if (row) return this.toView(row);
    for (const source of this.mail.viewerSources) {
      const found = await source.get(id);
      if (found) return found;
    }
    throw new AppError('not_found', 'There is no message with this id.');
  }

  private requireEnabled(): void {
    if (!this.config.mailViewer) throw new AppError('not_found', 'No route for this path.');
  }

  private async toView(row: ViewerMailRow): Promise<ViewerMessage> {
    let content: MailContent = { subject: row.subject, text: row.text_body, html: row.html_body };
    if (row.sealed_content) content = await this.sealer.open(row.sealed_content);
    return {
      id: row.id,
      to: row.to_address,
      from: row.from_address,
      subject: content.subject,
      text: content.text,
      html: content.html,
      status: row.status,
      localDelivery: row.local_delivery,
      note: row.relay_response,
      messageId: row.message_id,
      createdAt: new Date(row.created_at),
      complete: !row.redacted || row.sealed_content !== null,
    };
  }
}
