import net from 'node:net';

export interface RawResponse {
  status: number;
  head: string;
  /** Bytes of the body the client had written when the answer arrived. */
  bytesSent: number;
}

/**
 * Sends a request head announcing `declaredLength` body bytes, then only `sendBytes` of them, and waits
 * (at most `timeoutMs`) for the server to answer. A server that reads the whole body before answering
 * never answers here: the rest of the body is never sent.
 */
export function partialBodyRequest(
  baseUrl: string,
  options: {
    method?: string;
    path: string;
    headers: Record<string, string>;
    declaredLength: number;
    sendBytes: number;
    timeoutMs?: number;
  },
): Promise<RawResponse | 'timeout'> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let received = '';
    let sent = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('timeout');
    }, options.timeoutMs ?? 3000);
    socket.on('error', (error) => {
      // A server that answers and closes may reset the socket while we still write; the answer counts.
      if (received.includes('\r\n\r\n')) return;
      clearTimeout(timer);
      reject(error);
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      clearTimeout(timer);
      const head = received.slice(0, end);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, bytesSent: sent });
    });
    socket.on('connect', () => {
      const lines = [
        `${options.method ?? 'POST'} ${options.path} HTTP/1.1`,
        `Host: ${url.host}`,
        `Content-Length: ${options.declaredLength}`,
      ];
      for (const [name, value] of Object.entries(options.headers)) lines.push(`${name}: ${value}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      const chunk = Buffer.alloc(Math.min(options.sendBytes, 64 * 1024), 0x7b);
      const pump = () => {
        while (sent < options.sendBytes) {
          const n = Math.min(chunk.length, options.sendBytes - sent);
          sent += n;
          if (!socket.write(chunk.subarray(0, n))) {
            socket.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
  });
}
