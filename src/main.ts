import 'reflect-metadata';
import { startApp } from './bootstrap.js';
import { createLogger } from './common/http/logger.js';
import { ConfigError, loadConfig } from './config/app-config.js';

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
  const logger = createLogger(config.logLevel);
  const running = await startApp(config, logger);
  logger.info(`Agentry listening on ${running.url} (public base URL ${config.publicBaseUrl})`);

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
