import { it } from 'vitest';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../database/data-source-options.js';
import { cloneDatabase, dropDatabase } from '../../test/support/test-app.js';
import { RecallAgentEntity } from './entities/agent.entity.js';
import { RecallCategoryEntity } from './entities/category.entity.js';
import { RecallMessageEntity } from './entities/message.entity.js';
import { RecallWriteRequestEntity } from './entities/write-request.entity.js';
import { RecallModerationLogEntity } from './entities/moderation-log.entity.js';
import { RecallAgentTermEntity } from './entities/agent-term.entity.js';
import { RecallTermEntity } from './entities/term.entity.js';
import { writeFileSync } from 'node:fs';

it('ddl', async () => {
  const url = await cloneDatabase();
  const ds = await new DataSource({ ...dataSourceOptions(url, 2), entities: [RecallAgentEntity, RecallCategoryEntity, RecallMessageEntity, RecallWriteRequestEntity, RecallModerationLogEntity, RecallAgentTermEntity, RecallTermEntity] } as never).initialize();
  const log = await ds.driver.createSchemaBuilder().log();
  writeFileSync('/tmp/recall-ddl.txt', log.upQueries.map((q) => q.query).join(';\n') + '\n----DOWN\n' + log.downQueries.reverse().map((q) => q.query).join(';\n'));
  await ds.destroy();
  await dropDatabase(url);
}, 60000);
