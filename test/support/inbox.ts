// Inbox test support: an app with its SMTP listener on a free port and a DNS resolver that needs
// no network, nodemailer clients and a raw SMTP dialog for exact reply codes. (The relay the app
// sends through is test/support/smtp-sink.ts.)
import { once } from 'node:events';
import net from 'node:net';
import nodemailer from 'nodemailer';
import { INBOX_DNS_RESOLVER } from '../../src/inbox/services/mail-authenticator.js';
import { SmtpListener } from '../../src/inbox/smtp/smtp-listener.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/** A static DNS zone for mailauth: TXT records by name; everything else does not exist. */
export function staticResolver(txt: Record<string, string[]> = {}) {
  return async (domain: string, type: string): Promise<string[][]> => {
    const records = type === 'TXT' ? txt[domain.toLowerCase()] : undefined;
    if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${domain}`), { code: 'ENOTFOUND' });
    return records.map((r) => [r]);
  };
}

export interface InboxTestApp extends TestApp {
  smtpPort: number;
}

/** The app with its inbound SMTP listener on a free port (SMTP_PORT stays 0 in tests). */
export async function createInboxApp(options: TestAppOptions & { txt?: Record<string, string[]> } = {}): Promise<InboxTestApp> {
  const t = await createTestApp({
    ...options,
    override: (builder) => {
      const b = builder.overrideProvider(INBOX_DNS_RESOLVER).useValue(staticResolver(options.txt));
      return options.override ? options.override(b) : b;
    },
  });
  const smtpPort = await t.app.get(SmtpListener, { strict: false }).listen(0, '127.0.0.1');
  return Object.assign(t, { smtpPort });
}

export interface MailToSend {
  from?: string;
  to: string | string[];
  subject: string;
  text?: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: Array<{ filename: string; content: string | Buffer; contentType?: string }>;
}

/** Delivers one message to the listener with nodemailer (a real SMTP client). */
export async function deliver(port: number, mail: MailToSend): Promise<{ response: string; accepted: string[]; rejected: string[] }> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    tls: { rejectUnauthorized: false },
  });
  try {
    const info = (await transport.sendMail({ from: mail.from ?? 'Sender <noreply@sender.example>', ...mail })) as {
      response: string;
      accepted: string[];
      rejected: string[];
    };
    return info;
  } finally {
    transport.close();
  }
}

/** A line-by-line SMTP conversation, for the exact reply codes of each command. */
export class SmtpDialog {
  private buffer = '';
  private waiting?: (line: string) => void;
  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.flush();
    });
  }

  static async open(port: number): Promise<{ dialog: SmtpDialog; greeting: string }> {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const dialog = new SmtpDialog(socket);
    return { dialog, greeting: await dialog.reply() };
  }

  private flush(): void {
    // A complete reply ends with a line "NNN text" (a space after the code, not a dash).
    const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(this.buffer);
    if (!match || !this.waiting) return;
    const end = match.index + match[0].length;
    const reply = this.buffer.slice(0, end);
    this.buffer = this.buffer.slice(end);
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve(reply.trim());
  }

  reply(): Promise<string> {
    return new Promise((resolve, reject) => {
      const closed = () => reject(new Error(`connection closed; buffer: ${this.buffer}`));
      this.waiting = (line) => {
        this.socket.off('close', closed);
        resolve(line);
      };
      this.socket.once('close', closed);
      this.flush();
    });
  }

  async command(line: string): Promise<string> {
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  /** Sends a message body (dot-stuffing is the caller's business) and the final ".". */
  async data(body: string): Promise<string> {
    this.socket.write(`${body.replace(/\r?\n/g, '\r\n')}\r\n.\r\n`);
    return this.reply();
  }

  close(): void {
    this.socket.destroy();
  }
}
