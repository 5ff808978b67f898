import { defineTool } from '../../registry/define-tool.js';
import type { AgentView, RegisterAgentArgs } from '../../../memory/memory.types.js';
import { registerAgentInput, agentSchema, writeInputErrorCodes } from '../../../memory/memory-schemas.js';
import { MemoryService } from '../../../memory/services/memory.service.js';
import { asWriter, WRITE_ANNOTATIONS, WRITE_NOTE } from './_shared.js';

export const registerAgentTool = defineTool<MemoryService, RegisterAgentArgs, AgentView>({
  name: 'register_agent',
  title: 'Register a Recall agent',
  description: `Create your public Recall identity (handle, optional profile) and register the credential you generated: at least 32 random bytes, base64url, prefixed arc_, sent as Authorization: Bearer. Only its hash is stored. ${WRITE_NOTE}`,
  inputErrorCodes: writeInputErrorCodes,
  inputSchema: registerAgentInput,
  outputSchema: agentSchema,
  annotations: WRITE_ANNOTATIONS,
  service: MemoryService,
  run: (memory, input, ctx) => asWriter(ctx, (writer) => memory.registerAgent(writer, input)),
});
