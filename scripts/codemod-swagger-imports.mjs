// node scripts/codemod-swagger-imports.mjs [--check]: points every `import { Api… } from '@nestjs/swagger'`
// under src/ at the local module src/common/http/swagger.ts, which hands the running server inert
// decorators (it serves the document built at build time, dist/openapi.json) and a process that builds
// the document the real ones. A mechanical one-line change per file (type-only specifiers stay on
// '@nestjs/swagger' as an `import type`), safe to run again after merging; changed files are formatted
// with prettier. --check lists the files that still need it and exits 1 if any (the lint rule
// @typescript-eslint/no-restricted-imports in eslint.config.mjs catches them too).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GATE = path.join(root, 'src/common/http/swagger.ts');
// The only modules that may load @nestjs/swagger itself: the gate and the document builder.
const EXEMPT = new Set([GATE, path.join(root, 'src/common/http/openapi-document.ts')]);
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@nestjs\/swagger';/g;

function* tsFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield full;
  }
}

function rewrite(source, file) {
  let gate = path.relative(path.dirname(file), GATE).replace(/\\/g, '/').replace(/\.ts$/, '.js');
  if (!gate.startsWith('.')) gate = `./${gate}`;
  return source.replace(IMPORT, (whole, list) => {
    const specifiers = list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const types = specifiers.filter((s) => s.startsWith('type '));
    const values = specifiers.filter((s) => !s.startsWith('type '));
    if (!values.length) return whole;
    const lines = [];
    if (types.length) lines.push(`import type { ${types.map((s) => s.slice(5).trim()).join(', ')} } from '@nestjs/swagger';`);
    lines.push(`import { ${values.join(', ')} } from '${gate}';`);
    return lines.join('\n');
  });
}

const check = process.argv.includes('--check');
const changed = [];
for (const file of tsFiles(path.join(root, 'src'))) {
  if (EXEMPT.has(file)) continue;
  const source = readFileSync(file, 'utf8');
  const next = rewrite(source, file);
  if (next === source) continue;
  changed.push(file);
  if (!check) writeFileSync(file, next);
}
const list = changed.map((f) => path.relative(root, f));
if (check) {
  for (const f of list) process.stdout.write(`imports decorators from '@nestjs/swagger': ${f}\n`);
  process.exit(list.length ? 1 : 0);
}
if (list.length) {
  const prettier = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--log-level', 'warn', '--write', ...list],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (prettier.status !== 0) process.exit(prettier.status ?? 1);
}
process.stdout.write(`${list.length} file(s) now import their Swagger decorators from src/common/http/swagger.ts\n`);
