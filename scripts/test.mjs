// npm test: the whole suite (unit + e2e against real PostgreSQL), then one closing line
// "N passed, N failed" with the real counts. Extra arguments go to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

mkdirSync('test-artifacts', { recursive: true });
const report = path.resolve('test-artifacts/vitest-report.json');
rmSync(report, { force: true });
// Written by the browser tests when they cannot run; a note from an earlier run must not linger.
rmSync(path.resolve('test-artifacts/browser-tests-skipped.txt'), { force: true });

// The boot tests run the built server as `npm start` does, so build first (incremental, fast).
const tsc = path.resolve('node_modules/typescript/bin/tsc');
const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
// ... and the OpenAPI document the built server serves (dist/openapi.json, scripts/openapi-build.mjs).
const openapi = build.status === 0 ? spawnSync(process.execPath, ['scripts/openapi-build.mjs'], { stdio: 'inherit' }) : build;
// ... and the server bundle `npm start` serves (dist/server/, scripts/bundle.mjs; a few seconds).
const bundle = openapi.status === 0 ? spawnSync(process.execPath, ['scripts/bundle.mjs'], { stdio: 'inherit' }) : openapi;
if (build.status !== 0 || openapi.status !== 0 || bundle.status !== 0) {
  process.stdout.write('\nThe build failed; no tests ran.\n0 passed, 1 failed\n');
  process.exit(1);
}

const vitest = path.resolve('node_modules/vitest/vitest.mjs');
const args = [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests ?? 0;
  failed = (result.numFailedTests ?? 0) + (result.numFailedTestSuites && !result.numFailedTests ? result.numFailedTestSuites : 0);
  skipped = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
} else {
  failed = 1;
}
const browserNote = path.resolve('test-artifacts/browser-tests-skipped.txt');
if (existsSync(browserNote)) {
  process.stdout.write(`\n!!! ${readFileSync(browserNote, 'utf8').trim()}\n`);
}
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
