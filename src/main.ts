import 'reflect-metadata';
import { bannerText, startApp, startBanner } from './bootstrap.js';
import { createLogger, prettyStream } from './common/http/logger.js';
import { SearchReadiness } from './common/search/search-readiness.js';
import { ConfigError, loadConfig } from './config/app-config.js';
import { compactAfterBoot } from './heap-compaction.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  // Readable lines for a person at a terminal; JSON lines for everything else (files, collectors).
  const pretty = process.stdout.isTTY === true;
  const logger = createLogger(config.logLevel, pretty ? prettyStream() : undefined);
  const running = await startApp(config, logger);
  const banner = startBanner(config);
  if (pretty) process.stdout.write(bannerText(banner));
  else logger.info({ listening: running.url, ...banner }, `Agentry is ready at ${banner.home}`);
  // Once the search indexes are built (what /readyz waits for), boot's garbage goes back to the OS.
  const readiness = running.app.get(SearchReadiness, { strict: false });
  compactAfterBoot(readiness.pending(10 * 60_000), ({ ms, skipped }) =>
    logger.debug(`Heap compacted after boot in ${Math.round(ms)} ms${skipped ? ` (${skipped} round(s) skipped: the heap is large)` : ''}`),
  );

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing in-flight requests and shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    running.close().then(
      () => {
        logger.info('Shutdown complete');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Agentry failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
