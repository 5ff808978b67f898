// The one SMTP sink tests share: a real smtp-server on loopback that stands in for SMTP_RELAY_URL.
// It records every message (envelope, UTF-8 source, subject, decoded text body), lets a test wait
// for mail to an address, changes how it answers mid-test (`mode`, `delayMs`), and can be stopped
// and started again on the same port (a relay outage).
import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message source (headers and body) as received, read as UTF-8. */
  data: string;
  subject: string;
  /** The text body, quoted-printable or base64 undone. */
  text: string;
  messageId?: string;
}

/**
 * accept: 250. reject: 550 at RCPT (permanent). defer: 451 at RCPT (transient). reject-data: 550
 * after the body. drop-after-data: the connection dies after the body, before any answer.
 */
export type SinkMode = 'accept' | 'reject' | 'defer' | 'reject-data' | 'drop-after-data';

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  mode: SinkMode;
  /** Milliseconds the sink waits before accepting a message (a slow relay). */
  delayMs: number;
  /** Resolves with the first message whose recipients include `to` (waits up to `ms`). */
  waitFor(to: string, ms?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
  /** Listens again (on the same port after stop()). */
  start(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parseMail(data: string): { subject: string; text: string; messageId?: string } {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = data.slice(split + 4);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(head)?.[1]?.trim().toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = Buffer.from(decodeQuotedPrintable(body), 'latin1').toString('utf8');
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { subject, text, messageId: /^Message-ID:\s*(\S+)/im.exec(head)?.[1] };
}

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

export async function startSmtpSink(options: { mode?: SinkMode; port?: number } = {}): Promise<SmtpSink> {
  let server: SMTPServer | undefined;
  const sockets = new Set<Socket>();
  const waiters: { to: string; resolve: (m: ReceivedMail) => void }[] = [];

  const receive = (mail: ReceivedMail): void => {
    sink.messages.push(mail);
    for (const waiter of [...waiters]) {
      if (!mail.to.includes(waiter.to)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(mail);
    }
  };

  const sink: SmtpSink = {
    port: options.port ?? 0,
    url: '',
    messages: [],
    mode: options.mode ?? 'accept',
    delayMs: 0,
    waitFor(to, ms = 5000) {
      const existing = sink.messages.find((m) => m.to.includes(to));
      if (existing) return Promise.resolve(existing);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${ms} ms`)), ms);
        waiters.push({
          to,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    stop: async () => {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: async () => {
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onRcptTo(_address, _session, callback) {
          if (sink.mode === 'reject') return callback(smtpError('Mailbox unavailable', 550));
          if (sink.mode === 'defer') return callback(smtpError('Try again later', 451));
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            if (sink.mode === 'drop-after-data') {
              for (const socket of sockets) socket.destroy();
              return;
            }
            if (sink.mode === 'reject-data') return callback(smtpError('Mailbox unavailable', 550));
            const data = Buffer.concat(chunks).toString('utf8');
            receive({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              data,
              ...parseMail(data),
            });
            if (sink.delayMs > 0) setTimeout(() => callback(), sink.delayMs);
            else callback();
          });
        },
      });
      s.on('error', () => undefined);
      s.server.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      s.listen(sink.port, '127.0.0.1');
      await once(s.server, 'listening');
      sink.port = (s.server.address() as AddressInfo).port;
      sink.url = `smtp://127.0.0.1:${sink.port}`;
      server = s;
    },
  };
  await sink.start();
  return sink;
}
