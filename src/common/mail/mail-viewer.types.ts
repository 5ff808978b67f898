import type { AppConfig } from '../../config/app-config.js';
import type { OutboundMailStatus } from './outbound-mail.entity.js';

/** What the local mail viewer (/dev/mail) shows and where; no imports of services (MailService uses it). */

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

/** Outbound mail another module keeps (registered through MailService.registerViewerSource). */
export interface ViewerSource {
  list(limit: number): Promise<ViewerMessage[]>;
  get(id: string): Promise<ViewerMessage | undefined>;
}

/** The local viewer's URL of a message. */
export function viewerUrl(config: AppConfig, id?: string): string {
  return `${config.publicBaseUrl}/dev/mail${id ? `/${id}` : ''}`;
}
