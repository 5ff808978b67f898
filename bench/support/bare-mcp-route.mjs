// The bare Fastify route bench:mcp compares the MCP engine with, in a process of its own (spawned with
// the same node flags as the server, nothing of the bench loaded): it answers the very same tools/call
// bodies (BENCH_BODIES, one per era) with the request's id put in, on 127.0.0.1:PORT, and prints
// "ready" once it listens.
import Fastify from 'fastify';

const bodies = JSON.parse(process.env.BENCH_BODIES);
const app = Fastify({ logger: false });
// Same work a minimal JSON-RPC route must do: parse the JSON body, pick the answer, send it.
app.post('/mcp', async (request, reply) => {
  const body = request.body;
  const era = body?.params?._meta ? 'modern' : 'legacy';
  const text = bodies[era].replace('"id":1', `"id":${JSON.stringify(body.id)}`);
  return reply.header('content-type', 'application/json; charset=utf-8').send(text);
});
app.get('/readyz', async () => ({ status: 'ready' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
