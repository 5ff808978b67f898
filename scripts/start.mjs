// npm start: compile and bundle if anything changed, then serve the bundle.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-node-flags.mjs';

/** Newest modification time under the build's inputs (tsconfig.build.json's include, the configs). */
function newestInput() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['src', 'migrations', 'bench/generators']) walk(dir);
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package.json']) newest = Math.max(newest, statSync(file).mtimeMs);
  return newest;
}

// Written after each successful build here (tsc leaves dist/.tsbuildinfo untouched when nothing changed).
const STAMP = 'dist/.start-build-stamp';

function builtAt() {
  try {
    return statSync(STAMP).mtimeMs;
  } catch {
    return 0;
  }
}

// Even a no-op incremental tsc takes seconds (4 s of CPU here), so it runs only when an input is
// newer than the last build.
if (builtAt() < newestInput()) {
  const tsc = path.resolve('node_modules/typescript/bin/tsc');
  const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}

// The OpenAPI document, built from dist/ into dist/openapi.json whenever the compile is newer (the
// server then never loads the Swagger toolchain; scripts/openapi-build.mjs).
const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};
if (mtime('dist/openapi.json') < mtime('dist/.tsbuildinfo')) {
  const openapi = spawnSync(process.execPath, ['scripts/openapi-build.mjs'], { stdio: 'inherit' });
  if (openapi.status !== 0) process.exit(openapi.status ?? 1);
}

// The server bundle (scripts/bundle.mjs: dist/src/ and its dependencies in a few minified files; it
// holds a quarter less memory than loading them module by module), rebuilt whenever the compile, the
// OpenAPI document, the installed packages or the bundler script are newer than it.
const BUNDLE = 'dist/server/main.mjs';
const bundleInputs = [
  'dist/.tsbuildinfo',
  'dist/openapi.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'scripts/bundle.mjs',
];
if (mtime(BUNDLE) < Math.max(...bundleInputs.map(mtime))) {
  const bundle = spawnSync(process.execPath, ['scripts/bundle.mjs'], { stdio: 'inherit' });
  if (bundle.status !== 0) process.exit(bundle.status ?? 1);
}

// V8 flags and environment (scripts/server-node-flags.mjs, README "Memory"); NODE_OPTIONS and the
// caller's environment win.
const NODE_FLAGS = SERVER_NODE_FLAGS.filter((flag) => !(process.env.NODE_OPTIONS ?? '').includes(flag.split('=')[0]));
const env = { ...SERVER_ENV, ...process.env };
const child = spawn(process.execPath, [...NODE_FLAGS, BUNDLE], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
