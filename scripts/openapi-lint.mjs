// npm run lint:openapi [file]: lints the OpenAPI document with Redocly (`recommended`, redocly.yaml) and
// Spectral (`spectral:oas`, .spectral.yaml); any error or warning fails. Without a file it lints the
// document the built server serves — dist/openapi.json, written by `npm run build` (scripts/openapi-build.mjs,
// Nest's preview mode: no database, no network) — with https://agentry.example as its base URL, written
// pretty-printed to dist/openapi.lint.json. The e2e test lints the served document with the same function.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the document the app serves from dist/ (scripts/openapi-build.mjs), for https://agentry.example. */
export async function buildDocumentFromDist() {
  const { buildDocumentFromDist: build } = await import('./openapi-build.mjs');
  return build('https://agentry.example');
}

function run(bin, args) {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  return spawnSync(process.execPath, [path.join(root, bin), ...args], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** Lints one document file with both tools; returns the problems as lines (empty: clean). */
export function lintOpenApiFile(file) {
  const problems = [];
  const redocly = run('node_modules/@redocly/cli/bin/cli.js', [
    'lint',
    file,
    '--config',
    path.join(root, 'redocly.yaml'),
    '--format',
    'json',
  ]);
  const start = redocly.stdout.indexOf('{');
  let report;
  try {
    report = JSON.parse(redocly.stdout.slice(start));
  } catch {
    problems.push(`redocly: no report (exit ${redocly.status}): ${redocly.stderr.slice(0, 2000)}`);
  }
  for (const p of report?.problems ?? []) {
    problems.push(`redocly ${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? ''}`);
  }
  const spectral = run('node_modules/@stoplight/spectral-cli/dist/index.js', [
    'lint',
    file,
    '--ruleset',
    path.join(root, '.spectral.yaml'),
    '--format',
    'json',
    '--fail-severity',
    'hint',
    '--quiet',
  ]);
  let results;
  try {
    results = JSON.parse(spectral.stdout.trim() || '[]');
  } catch {
    problems.push(`spectral: no report (exit ${spectral.status}): ${spectral.stderr.slice(0, 2000)}`);
  }
  const severities = ['error', 'warning', 'info', 'hint'];
  for (const p of results ?? []) problems.push(`spectral ${severities[p.severity]} ${p.code}: ${p.message} at /${p.path.join('/')}`);
  return problems;
}

/** Writes a document to a temporary file and lints it. */
export function lintOpenApiDocument(document) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
  const file = path.join(dir, 'openapi.json');
  try {
    writeFileSync(file, JSON.stringify(document, null, 2));
    return lintOpenApiFile(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let file = process.argv[2];
  if (!file) {
    const { OPENAPI_BASE_PLACEHOLDER } = await import(pathToFileURL(path.join(root, 'dist/src/common/http/openapi-file.js')).href);
    const built = readFileSync(path.join(root, 'dist/openapi.json'), 'utf8').replaceAll(
      OPENAPI_BASE_PLACEHOLDER,
      'https://agentry.example',
    );
    file = path.join(root, 'dist/openapi.lint.json');
    writeFileSync(file, JSON.stringify(JSON.parse(built), null, 2));
  }
  const problems = lintOpenApiFile(file);
  for (const p of problems) process.stderr.write(`${p}\n`);
  process.stdout.write(
    `OpenAPI lint (${path.relative(root, file)}): Redocly recommended + Spectral spectral:oas, ${problems.length} problem(s)\n`,
  );
  process.exit(problems.length ? 1 : 0);
}
