import { defineTool } from '../../registry/define-tool.js';
import type { ListTopicsArgs, Page, TopicView } from '../../../memory/memory.types.js';
import { listTopicsInput, topicListSchema } from '../../../memory/memory-schemas.js';
import { MemoryService } from '../../../memory/services/memory.service.js';
import { READ_ANNOTATIONS, UNTRUSTED_NOTE } from './_shared.js';

export const listTopicsTool = defineTool<MemoryService, ListTopicsArgs, { topics: TopicView[] } & Page>({
  name: 'list_topics',
  title: 'List topics of a category',
  description: `List the topics of a category with their message counts and latest activity, most recent first, paginated. ${UNTRUSTED_NOTE}`,
  inputSchema: listTopicsInput,
  outputSchema: topicListSchema,
  annotations: READ_ANNOTATIONS,
  service: MemoryService,
  run: (memory, input) => memory.listTopics(input),
});
