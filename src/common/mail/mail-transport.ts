import nodemailer, { type Transporter } from 'nodemailer';

/** Bounded waits on the relay (nodemailer's default socket timeout is ten minutes). */
export function relayTimeouts(seconds: number): { connectionTimeout: number; greetingTimeout: number; socketTimeout: number } {
  const ms = seconds * 1000;
  return { connectionTimeout: Math.min(5000, ms), greetingTimeout: Math.min(5000, ms), socketTimeout: ms };
}

export interface RelayMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** `<id@domain>`: the same on every attempt, so a retry after an ambiguous answer is recognisable. */
  messageId: string;
}

export type RelayOutcome =
  | { ok: true; response: string }
  /** permanent: the relay refused the message (5xx); retrying cannot help. */
  | { ok: false; permanent: boolean; response: string };

/** One SMTP relay with timeouts, answering in outcomes rather than exceptions. */
export class MailRelay {
  private readonly transport: Transporter;

  constructor(url: string, timeoutSeconds = 15) {
    this.transport = nodemailer.createTransport({ url, ...relayTimeouts(timeoutSeconds) });
  }

  async deliver(message: RelayMessage): Promise<RelayOutcome> {
    try {
      const info = (await this.transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        messageId: message.messageId,
      })) as { response?: string };
      return { ok: true, response: (info.response ?? '').slice(0, 500) };
    } catch (error) {
      const e = error as { responseCode?: number; response?: string; message?: string; code?: string };
      const response = String(e.response ?? e.message ?? e.code ?? 'relay error').slice(0, 500);
      const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
      return { ok: false, permanent, response };
    }
  }

  close(): void {
    this.transport.close();
  }
}
