import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
  messageId?: string;
}

/** accept: 250; reject: 550 at RCPT (permanent); defer: 451 at RCPT (transient). */
export type SinkMode = 'accept' | 'reject' | 'defer';

/** A real SMTP server on loopback standing in for the relay; its mode can change mid-test, and it can be restarted on the same port. */
export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  mode: SinkMode;
  /** Milliseconds the relay takes before accepting a message (a slow relay). */
  delayMs: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtpSink(options: { mode?: SinkMode; port?: number } = {}): Promise<SmtpSink> {
  let server: SMTPServer | undefined;
  const sink: SmtpSink = {
    port: options.port ?? 0,
    url: '',
    received: [],
    mode: options.mode ?? 'accept',
    delayMs: 0,
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
          if (sink.mode === 'reject') return callback(Object.assign(new Error('relay refused for tests'), { responseCode: 550 }));
          if (sink.mode === 'defer') return callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const data = Buffer.concat(chunks).toString('utf8');
            sink.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              data,
              messageId: /^Message-ID:\s*(\S+)/im.exec(data)?.[1],
            });
            if (sink.delayMs > 0) setTimeout(() => callback(), sink.delayMs);
            else callback();
          });
        },
      });
      // A client killed mid-session (the SIGKILL tests) resets its socket; smtp-server reports that on the server.
      s.on('error', () => undefined);
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
