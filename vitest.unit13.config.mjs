import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['src/inbox/**/*.spec.ts'], pool: 'forks', maxWorkers: 1 } });
