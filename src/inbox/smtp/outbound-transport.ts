import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppConfig } from '../../config/app-config.js';

export interface RelayEnvelope {
  from: string;
  to: string[];
}

export interface RelayResult {
  accepted: string[];
  rejected: string[];
  response: string;
}

/** How a relay failure ended: nothing sent (safe to retry), or we cannot tell. */
export class RelayError extends Error {
  constructor(
    message: string,
    readonly emailSent: false | 'unknown',
  ) {
    super(message);
  }
}

/**
 * The outbound SMTP relay of agent mail (SMTP_RELAY_URL), through nodemailer. The raw message is
 * built by the caller so the stored copy is byte for byte what was relayed.
 */
@Injectable()
export class OutboundTransport implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('InboxRelay');
  private transport?: Transporter;

  constructor(private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    if (this.config.smtpRelayUrl) this.transport = nodemailer.createTransport(this.config.smtpRelayUrl);
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  /**
   * Relays one raw message.
   * @throws RelayError: emailSent false when the relay refused it (a 4xx/5xx answer) or the
   *   failure came before the whole body was written; 'unknown' when the connection failed after
   *   the body was written and before the relay answered (it may have taken the mail)
   */
  async send(envelope: RelayEnvelope, raw: Buffer): Promise<RelayResult> {
    if (!this.transport) throw new RelayError('no SMTP relay is configured', false);
    // nodemailer reads the body only after the relay's 354; once it is read to the end, a silent
    // failure leaves it open whether the relay kept the message.
    let bodyWritten = false;
    const body = Readable.from([raw]);
    body.on('end', () => {
      bodyWritten = true;
    });
    try {
      const info = (await this.transport.sendMail({ envelope: { from: envelope.from, to: envelope.to }, raw: body })) as {
        accepted?: unknown[];
        rejected?: unknown[];
        response?: string;
      };
      return {
        accepted: (info.accepted ?? []).map(String),
        rejected: (info.rejected ?? []).map(String),
        response: String(info.response ?? '').slice(0, 500),
      };
    } catch (error) {
      const e = error as { code?: string; command?: string; responseCode?: number; response?: string; message?: string };
      const answered = typeof e.responseCode === 'number' && e.responseCode >= 400;
      const text = (e.response ?? e.message ?? 'relay error').slice(0, 300);
      this.logger.warn(`Relay refused or failed (${e.code ?? 'error'} at ${e.command ?? 'connect'}): ${text}`);
      throw new RelayError(text, answered || !bodyWritten ? false : 'unknown');
    }
  }
}
