// The DataSource the TypeORM CLI uses (npm run migration:generate). It runs from dist/ and finds
// every entity by file name, so it needs no list that could fall out of date.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL must be set for the TypeORM CLI');

export default new DataSource({
  ...dataSourceOptions(config.databaseUrl),
  entities: [path.join(here, '..', '**', '*.entity.js')],
});
