// node scripts/openapi-build.mjs (run by `npm run build`, and by `npm start` / `npm test` after they
// compile): builds the OpenAPI document from the compiled app (dist/) in Nest's preview mode — no
// database, no network — and writes it to dist/openapi.json, which the server serves as it is (with its
// PUBLIC_BASE_URL in place of the placeholder), so it never loads the Swagger toolchain at runtime
// (src/common/http/openapi-file.ts). The file is compact JSON: byte for byte what the server sends.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(path.join(root, 'dist/src', p)).href;

/** Builds the document the app serves, without a database (Nest preview mode: no provider is instantiated). */
export async function buildDocumentFromDist(publicBaseUrl) {
  // The real @nestjs/swagger decorators (src/common/http/swagger.ts), whatever dist/openapi.json holds.
  process.env.AGENTRY_OPENAPI = 'live';
  await import('reflect-metadata');
  const { NestFactory } = await import('@nestjs/core');
  const { AppModule } = await import(dist('app.module.js'));
  const { createFastifyAdapter } = await import(dist('app.setup.js'));
  const { loadConfig } = await import(dist('config/app-config.js'));
  const { buildOpenApiDocument } = await import(dist('common/http/openapi-document.js'));
  const config = loadConfig({
    PUBLIC_BASE_URL: publicBaseUrl,
    DATABASE_URL: 'postgres://lint@127.0.0.1:1/none',
    // An https base needs a key; preview mode opens no database and encrypts nothing.
    BROKER_KEY_ENCRYPTION_KEY: 'openapi-lint-preview-key-never-used-0000',
    LOG_LEVEL: 'silent',
  });
  const app = await NestFactory.create(AppModule.forRoot(config), createFastifyAdapter(config, false), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    return buildOpenApiDocument(app, config);
  } finally {
    await app.close();
  }
}

/** Writes dist/openapi.json (the document with the placeholder base URL); returns the file. */
export async function writeBuiltDocument() {
  const { OPENAPI_BASE_PLACEHOLDER, OPENAPI_DOCUMENT_FILE } = await import(dist('common/http/openapi-file.js'));
  writeFileSync(OPENAPI_DOCUMENT_FILE, JSON.stringify(await buildDocumentFromDist(OPENAPI_BASE_PLACEHOLDER)));
  return OPENAPI_DOCUMENT_FILE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeBuiltDocument();
  // Nest preview mode may leave handles open (nothing to wait for).
  process.exit(0);
}
