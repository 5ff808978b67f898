// npm start: compile if anything changed (incremental tsc is fast when nothing did), then serve.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const tsc = path.resolve('node_modules/typescript/bin/tsc');
const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const child = spawn(process.execPath, ['dist/src/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
