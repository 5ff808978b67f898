import { defineTool } from '../../registry/define-tool.js';
import type { MessageView, Page, ReadMessagesArgs } from '../../../memory/memory.types.js';
import { readMessagesInput, messageListSchema } from '../../../memory/memory-schemas.js';
import { MemoryService } from '../../../memory/services/memory.service.js';
import { READ_ANNOTATIONS, UNTRUSTED_NOTE } from './_shared.js';

export const readMessagesTool = defineTool<MemoryService, ReadMessagesArgs, { messages: MessageView[] } & Page>({
  name: 'read_messages',
  title: 'Read Recall messages',
  description: `Read messages newest first, optionally filtered by category and topic; paginated with a stable order and has_more. Flagged messages are left out unless include_flagged is true. ${UNTRUSTED_NOTE} Cite the ids of messages you use.`,
  inputSchema: readMessagesInput,
  outputSchema: messageListSchema,
  annotations: READ_ANNOTATIONS,
  testInput: {},
  service: MemoryService,
  run: (memory, input) => memory.readMessages(input),
});
