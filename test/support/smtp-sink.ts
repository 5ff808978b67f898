// A real SMTP server for tests: records every message; `reject` makes it refuse recipients
// (the relay-failure path).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  to: string[];
  data: string;
}

export interface SmtpSink {
  url: string;
  messages: SinkMessage[];
  reject: boolean;
  /** Messages to an address (case-insensitive). */
  to(address: string): SinkMessage[];
  /** Waits until a message to `address` matching `pattern` arrives; returns the first match group. */
  waitFor(address: string, pattern: RegExp, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink = {
    messages: [] as SinkMessage[],
    reject: false,
  } as SmtpSink;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (sink.reject) return callback(new Error('550 relay refused for tests'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        sink.messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  sink.to = (address) => sink.messages.filter((m) => m.to.includes(address.toLowerCase()));
  sink.waitFor = async (address, pattern, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const m of sink.to(address)) {
        const match = pattern.exec(m.data);
        if (match) return match[1] ?? match[0];
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${pattern}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
