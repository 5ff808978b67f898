// The process tax without the app (`node bench/node-pollution.mjs`): two processes serve the same bare
// Fastify route (bench/support/bare-mcp-route.mjs); one of them first runs a variety of emitters and
// streams through Node's own code, as an application's boot does (EventEmitter subclasses of many
// shapes; Readable.from, PassThrough, Transform, Writable, Duplex, fs and zlib streams; child processes,
// TCP sockets to 127.0.0.1:5432, worker threads). Slices of 20,000 modern tools/call requests at 50
// connections alternate between them; each process reads its own CPU per request (process.cpuUsage()).
// NODE_POLLUTION=emitters|streams|io runs one kind only (default all). See docs/benchmarks.md,
// "Issue 25: session 12".
import { requestFor } from './support/mcp-request.mjs';
import { bareMcpApp } from './support/bare-mcp-route.mjs';
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
const SELF = fileURLToPath(import.meta.url);
const body = '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"x"}],"structuredContent":{}}}';
if (process.argv[2]) {
  if (process.argv[2] === 'polluted') {
    const { PassThrough, Transform, Readable, Writable, Duplex, pipeline } = await import('node:stream');
    const { EventEmitter } = await import('node:events');
    const fs = await import('node:fs');
    const zlib = await import('node:zlib');
    const net = await import('node:net');
    const cp = await import('node:child_process');
    const { Worker } = await import('node:worker_threads');
    const only = process.env.NODE_POLLUTION ?? 'all';
    // emitters of many shapes
    if (only === 'all' || only === 'emitters')
      for (let k = 0; k < 40; k++) {
        class E extends EventEmitter {
          constructor() {
            super();
            this['f' + k] = k;
          }
        }
        for (let i = 0; i < 200; i++) {
          const e = new E();
          const h = () => {};
          e.on('a', h);
          e.once('b', h);
          e.emit('a', 1);
          e.emit('b');
          e.removeListener('a', h);
        }
      }
    // streams of many kinds
    if (only === 'all' || only === 'streams')
      for (let i = 0; i < 300; i++) {
        await new Promise((ok) =>
          pipeline(
            Readable.from(['a', 'b', 'c']),
            new PassThrough(),
            new Transform({
              transform(c, e, cb) {
                cb(null, c);
              },
            }),
            new Writable({
              write(c, e, cb) {
                cb();
              },
            }),
            ok,
          ),
        );
        await new Promise((ok) => {
          const d = new Duplex({
            read() {
              this.push(null);
            },
            write(c, e, cb) {
              cb();
            },
          });
          d.on('data', () => {});
          d.on('end', ok);
          d.write('x');
          d.end();
        });
        await new Promise((ok) =>
          fs
            .createReadStream(SELF)
            .on('data', () => {})
            .on('close', ok),
        );
        await new Promise((ok) => {
          const z = zlib.createGzip();
          z.on('data', () => {});
          z.on('end', ok);
          z.end('hello');
        });
      }
    if (only === 'all' || only === 'io')
      for (let i = 0; i < 20; i++)
        await new Promise((ok) => {
          const c = cp.spawn('true');
          c.stdout.on('data', () => {});
          c.on('close', ok);
        });
    if (only === 'all' || only === 'io')
      for (let i = 0; i < 50; i++)
        await new Promise((ok) => {
          const s = net.connect(5432, '127.0.0.1');
          s.on('connect', () => {
            s.write(Buffer.from([0, 0, 0, 8, 4, 210, 22, 47]));
          });
          s.on('data', () => s.end());
          s.on('close', ok);
          s.on('error', ok);
        });
    if (only === 'all' || only === 'io')
      for (let i = 0; i < 4; i++)
        await new Promise((ok) => {
          const w = new Worker('const {parentPort}=require("node:worker_threads"); parentPort.postMessage(1)', { eval: true });
          w.on('message', () => w.terminate());
          w.on('exit', ok);
        });
  }
  const app = bareMcpApp({ modern: body, legacy: body });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (m) => {
    if (m === 'cpu') {
      const u = process.cpuUsage();
      process.send({ cpu: u.user + u.system });
    }
    if (m === 'stop') process.exit(0);
  });
  process.send({ url: `http://127.0.0.1:${app.server.address().port}` });
} else {
  const start = (role) =>
    new Promise((ok) => {
      const c = fork(SELF, [role], { execArgv: ['--max-semi-space-size=4'] });
      c.once('message', (m) => ok({ child: c, url: m.url, name: role, runs: [] }));
    });
  const targets = [await start('clean'), await start('polluted')];
  const ask = (c) =>
    new Promise((ok) => {
      c.once('message', (m) => ok(m.cpu));
      c.send('cpu');
    });
  const req = requestFor('modern', 'x');
  const slice = async (t) => {
    const a = await ask(t.child);
    const r = await autocannon({
      url: `${t.url}/mcp`,
      method: 'POST',
      connections: 50,
      amount: 20000,
      headers: req.headers,
      body: req.body,
    });
    return ((await ask(t.child)) - a) / r.requests.total;
  };
  for (const t of targets) await slice(t);
  for (let i = 0; i < 8; i++) for (const t of i % 2 ? [...targets].reverse() : targets) t.runs.push(await slice(t));
  const med = (v) => {
    const s = [...v].sort((a, b) => a - b);
    return (s[3] + s[4]) / 2;
  };
  for (const t of targets) {
    console.log(t.name, med(t.runs).toFixed(1), t.runs.map((v) => v.toFixed(1)).join(' '));
    t.child.send('stop');
  }
}
