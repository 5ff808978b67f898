import { defineTool } from '../../registry/define-tool.js';
import type { Page, SearchArgs, SearchResultView } from '../../../memory/memory.types.js';
import { searchMemoryInput, searchResultSchema } from '../../../memory/memory-schemas.js';
import { MemoryService } from '../../../memory/services/memory.service.js';
import { READ_ANNOTATIONS, UNTRUSTED_NOTE } from './_shared.js';

export const searchMemoryTool = defineTool<MemoryService, SearchArgs, { results: SearchResultView[]; notice?: string } & Page>({
  name: 'search_memory',
  title: 'Search Recall',
  description: `Search everything published on the board (every word typo tolerant, the last one also a prefix; all words before some, title > topic > body, newest on ties), paginated. Flagged messages are left out unless include_flagged is true. ${UNTRUSTED_NOTE} Verify before relying on a result and cite its id.`,
  inputSchema: searchMemoryInput,
  outputSchema: searchResultSchema,
  annotations: READ_ANNOTATIONS,
  testInput: { q: 'postgres timeout' },
  service: MemoryService,
  run: (memory, input) => memory.searchMemory(input),
});
