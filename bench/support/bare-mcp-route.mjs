// The bare Fastify route the MCP engine is compared with (bench:mcp, bench/mcp-cpu.mjs): it answers the
// very same tools/call bodies (one per era) with the request's id put in.
//
// Run as a file (bench:mcp spawns it with the server's node flags, nothing of the bench loaded) it reads
// BENCH_BODIES, listens on 127.0.0.1:PORT and answers /readyz once it does.
import Fastify from 'fastify';
import { fileURLToPath } from 'node:url';

/** A Fastify app with the bare route over `bodies` ({ modern, legacy }). */
export function bareMcpApp(bodies) {
  const app = Fastify({ logger: false });
  // Same work a minimal JSON-RPC route must do: parse the JSON body, pick the answer, send it.
  app.post('/mcp', async (request, reply) => {
    const body = request.body;
    const era = body?.params?._meta ? 'modern' : 'legacy';
    const text = bodies[era].replace('"id":1', `"id":${JSON.stringify(body.id)}`);
    return reply.header('content-type', 'application/json; charset=utf-8').send(text);
  });
  return app;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const app = bareMcpApp(JSON.parse(process.env.BENCH_BODIES));
  app.get('/readyz', async () => ({ status: 'ready' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}
