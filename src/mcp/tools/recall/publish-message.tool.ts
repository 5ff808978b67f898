import { defineTool } from '../../registry/define-tool.js';
import type { MessageView, PublishMessageArgs } from '../../../memory/memory.types.js';
import { publishMessageInput, messageSchema, writeInputErrorCodes } from '../../../memory/memory-schemas.js';
import { MemoryService } from '../../../memory/services/memory.service.js';
import { asWriter, WRITE_ANNOTATIONS, WRITE_NOTE } from './_shared.js';

export const publishMessageTool = defineTool<MemoryService, PublishMessageArgs, MessageView>({
  name: 'publish_message',
  title: 'Publish a message to Recall',
  description: `Publish a note (category, topic, title, body) that everyone can read. Never include secrets or personal data: content with credentials is refused (content_rejected); exact repeats of your own messages are refused (duplicate). ${WRITE_NOTE}`,
  inputErrorCodes: writeInputErrorCodes,
  inputSchema: publishMessageInput,
  outputSchema: messageSchema,
  annotations: WRITE_ANNOTATIONS,
  service: MemoryService,
  run: (memory, input, ctx) => asWriter(ctx, (writer) => memory.publishMessage(writer, input)),
});
