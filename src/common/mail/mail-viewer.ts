import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { SecretsService } from '../secrets/secrets.service.js';
import { MailSealer, type MailContent } from './mail-secrets.js';
import { MAIL_QUERIES, type ViewerMailRow } from './mail.queries.js';
import type { OutboundMailStatus } from './outbound-mail.entity.js';

/** How many messages the viewer lists (newest first). */
export const VIEWER_LIST_LIMIT = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One outbound message as the local viewer shows it. */
export interface ViewerMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  status: OutboundMailStatus;
  localDelivery: boolean;
  note: string | null;
  messageId: string | null;
  createdAt: Date;
  /**
   * False when the stored copy has its one-time secrets redacted and the sealed original is gone
   * (the message was handed to a relay or a local mailbox): the viewer then shows the redacted copy.
   */
  complete: boolean;
}

/** The local viewer's URL of a message. */
export function viewerUrl(config: AppConfig, id?: string): string {
  return `${config.publicBaseUrl}/dev/mail${id ? `/${id}` : ''}`;
}

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
    return Promise.all(rows.map((row) => this.toView(row)));
  }

  /** One message, whole. @throws not_found (viewer off, or no such message) */
  async message(id: string): Promise<ViewerMessage> {
    this.requireEnabled();
    const [row] = UUID.test(id) ? await this.dataSource.query<ViewerMailRow[]>(MAIL_QUERIES.viewerOne, [id]) : [];
    if (!row) throw new AppError('not_found', 'There is no message with this id in the outbox.');
    return this.toView(row);
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
