import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny load balancer on loopback: each request goes to the next upstream in turn, and the reply
 * carries `x-upstream: <index>` so a test can see which instance answered.
 */
export interface RoundRobinProxy {
  url: string;
  /** How many requests each upstream answered. */
  served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served = upstreams.map(() => 0);
  const server: Server = createServer((req, res) => {
    const index = next++ % upstreams.length;
    const target = new URL(req.url ?? '/', upstreams[index]);
    const upstream = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      served[index]++;
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json', 'x-upstream': String(index) });
      res.end('{"error":"bad_gateway"}');
    });
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
