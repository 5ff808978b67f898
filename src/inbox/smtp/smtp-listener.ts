import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { SMTPServer, SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { clientKey } from '../../common/http/client-ip.js';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { AppConfig } from '../../config/app-config.js';
import { MailIngest, MailboxFullError } from '../services/mail-ingest.js';
import { MailAuthenticator } from '../services/mail-authenticator.js';
import { Mailboxes, type MailboxRef } from '../services/mailboxes.js';

const MAX_RECIPIENTS = 50;

function smtpError(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(text), { responseCode: code });
}

/** 452 4.2.2 while the mailbox is full (retention frees space; the sender retries); 552 5.2.2 when the message alone is over the quota. */
function mailboxFull(error: MailboxFullError): Error {
  return error.permanent
    ? smtpError(552, `5.2.2 The message is larger than the mailbox quota of ${error.quotaBytes} bytes of ${error.address}`)
    : smtpError(452, `4.2.2 Mailbox full: ${error.address} is at its quota of ${error.quotaBytes} bytes; try again later`);
}

type Session = SMTPServerSession & { mailboxes?: MailboxRef[] };

/**
 * The inbound SMTP listener (smtp-server) on SMTP_PORT, `0` = off. RCPT for an unknown or
 * suspended mailbox: 550 5.1.1; for a mailbox at its quota (INBOX_MAILBOX_QUOTA_BYTES): 452 4.2.2
 * (at DATA too, when this message would pass it; 552 5.2.2 when it alone is larger); past the size
 * limit while streaming: 552 5.3.4; 250 only after the message is committed; a database failure at
 * any step: 451 4.3.0 (the sender retries, nothing is half-written: one transaction per message);
 * input PostgreSQL cannot store (NUL, lone surrogates) is stored sanitized, never answered 451.
 * Per-client connection and message limits (an IPv6 client counted by its /64); STARTTLS when
 * INBOX_SMTP_TLS_CERT/KEY are set; no AUTH (this is an MX, not a submission server).
 */
@Injectable()
export class SmtpListener implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('InboxSmtp');
  private server?: SMTPServer;
  private readonly connections = new Map<string, number>();
  private boundPort = 0;

  constructor(
    private readonly config: AppConfig,
    private readonly mailboxes: Mailboxes,
    private readonly ingest: MailIngest,
    private readonly authenticator: MailAuthenticator,
    private readonly rateLimits: RateLimitService,
  ) {
    rateLimits.define({ name: 'inbox_smtp_ip', ...config.rateLimitInboxSmtpIp, exposeRemaining: false });
  }

  /** The port the listener is bound to (0 when off). */
  get port(): number {
    return this.boundPort;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.smtpPort === 0) return;
    await this.listen(this.config.smtpPort);
  }

  /** Starts listening (tests pass a free port). */
  async listen(port: number, host = this.config.host): Promise<number> {
    const tls =
      this.config.inboxSmtpTlsCert && this.config.inboxSmtpTlsKey
        ? { key: readFileSync(this.config.inboxSmtpTlsKey), cert: readFileSync(this.config.inboxSmtpTlsCert) }
        : undefined;
    // Imported here, not at boot: an instance with SMTP_PORT=0 never loads smtp-server.
    const { SMTPServer } = await import('smtp-server');
    const server = new SMTPServer({
      name: this.config.mailDomain,
      banner: 'Agentry inbox',
      logger: false,
      secure: false,
      ...(tls ?? {}),
      disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      authOptional: true,
      size: this.config.inboxMaxMessageBytes,
      maxClients: 500,
      socketTimeout: 60_000,
      closeTimeout: 5_000,
      onConnect: (session, callback) => this.onConnect(session, callback),
      onClose: (session) => this.onClose(session),
      onMailFrom: (_address, session, callback) => {
        (session as Session).mailboxes = [];
        callback();
      },
      onRcptTo: (address, session, callback) => {
        this.onRcptTo(address, session as Session).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
      onData: (stream, session, callback) => {
        this.onData(stream, session as Session).then(
          (message) => callback(null, message),
          (error: Error) => callback(error),
        );
      },
    });
    // A port that cannot be bound stops boot with a clear message instead of hanging.
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) =>
        reject(
          new Error(
            `The inbound SMTP listener cannot listen on ${host}:${port} (${error.message}); set SMTP_PORT to a free port, or 0 to turn it off`,
          ),
        );
      server.once('error', failed);
      server.server.once('listening', () => {
        server.off('error', failed);
        resolve();
      });
      server.listen(port, host);
    });
    server.on('error', (error) => this.logger.warn(`SMTP error: ${error.message}`));
    this.server = server;
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.logger.log(`Inbound SMTP for @${this.config.mailDomain} on ${host}:${this.boundPort}${tls ? ' (STARTTLS offered)' : ''}`);
    return this.boundPort;
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Connection limit, per client key (an IPv6 client by its /64, like every other budget: one
   * subscriber holds a whole /64). Called by smtp-server for each new connection.
   */
  onConnect(session: Pick<SMTPServerSession, 'remoteAddress'>, callback: (error?: Error) => void): void {
    const ip = clientKey(session.remoteAddress);
    const open = (this.connections.get(ip) ?? 0) + 1;
    if (open > this.config.inboxSmtpMaxConnectionsPerIp) {
      return callback(smtpError(421, '4.7.0 Too many connections from your address; try again later'));
    }
    this.connections.set(ip, open);
    (session as Session & { counted?: boolean }).counted = true;
    callback();
  }

  onClose(session: Pick<SMTPServerSession, 'remoteAddress'>): void {
    if (!(session as Session & { counted?: boolean }).counted) return;
    const ip = clientKey(session.remoteAddress);
    const open = (this.connections.get(ip) ?? 1) - 1;
    if (open <= 0) this.connections.delete(ip);
    else this.connections.set(ip, open);
  }

  private async onRcptTo(address: SMTPServerAddress, session: Session): Promise<void> {
    if ((session.envelope.rcptTo?.length ?? 0) >= MAX_RECIPIENTS) throw smtpError(452, '4.5.3 Too many recipients');
    let found;
    let full;
    try {
      found = await this.mailboxes.lookupLocal(address.address);
      full = found.ok ? this.ingest.fullMailbox([found.mailbox]) : undefined;
    } catch {
      throw smtpError(451, '4.3.0 Temporary failure looking up the mailbox; try again later');
    }
    if (!found.ok) {
      if (found.reason === 'foreign_domain') {
        throw smtpError(550, '5.7.1 Relaying denied: this server only accepts mail for its own mailboxes');
      }
      throw smtpError(550, '5.1.1 No such mailbox here');
    }
    if (full) throw mailboxFull(new MailboxFullError(full.address, this.config.inboxMailboxQuotaBytes, false));
    const list = (session.mailboxes ??= []);
    if (!list.some((m) => m.agentId === found.mailbox.agentId)) list.push(found.mailbox);
  }

  /**
   * Spends one message of the sender's budget (RATE_LIMIT_INBOX_SMTP_IP), counted per client key
   * (an IPv6 sender by its /64). @throws 451 4.7.1 past it
   */
  async admitMessage(remoteAddress: string): Promise<void> {
    const budget = await this.rateLimits.consume('inbox_smtp_ip', clientKey(remoteAddress)).catch(() => undefined);
    if (budget && !budget.allowed) throw smtpError(451, '4.7.1 Too many messages from your address; try again later');
  }

  private async onData(stream: SMTPServerDataStream, session: Session): Promise<string> {
    const limit = this.config.inboxMaxMessageBytes;
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    await once(stream, 'end');
    if (over || stream.sizeExceeded) throw smtpError(552, `5.3.4 Message too big: the limit is ${limit} bytes`);
    const raw = Buffer.concat(chunks);
    const headerLimit = this.config.inboxMaxHeaderBytes;
    if (headerBytes(raw) > headerLimit) throw smtpError(552, `5.3.4 Message header too big: the limit is ${headerLimit} bytes`);
    const ip = session.remoteAddress;
    await this.admitMessage(ip);
    const recipients = session.mailboxes ?? [];
    if (recipients.length === 0) throw smtpError(554, '5.5.1 No valid recipients');
    const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    // Authentication (mostly waiting for DNS) runs while the message is parsed (CPU); check() never rejects.
    const authenticating = this.authenticator.check(raw, { ip, helo: session.hostNameAppearsAs ?? '', sender });
    let parsed;
    try {
      parsed = await this.ingest.parse(raw);
    } catch (error) {
      throw smtpError(554, `5.6.0 The message could not be parsed (${(error as Error).message.slice(0, 100)})`);
    }
    const auth = await authenticating;
    let ids: string[];
    try {
      ids = await this.ingest.store(raw, parsed, recipients, { envelopeFrom: sender || null, remoteIp: ip, auth });
    } catch (error) {
      if (error instanceof MailboxFullError) throw mailboxFull(error);
      this.logger.warn(`Could not store a message (${(error as Error).message}); answered 451`);
      throw smtpError(451, '4.3.0 Temporary failure storing the message; try again later');
    }
    return `2.0.0 Stored as ${ids.join(', ')}`;
  }
}

/** The size of the header section: up to the first empty line (the whole message when there is none). */
export function headerBytes(raw: Buffer): number {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const ends = [crlf, lf].filter((i) => i >= 0);
  return ends.length ? Math.min(...ends) : raw.length;
}
