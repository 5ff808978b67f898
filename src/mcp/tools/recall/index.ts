import type { ToolDefinition } from '../../registry/define-tool.js';

/** The recall server's tools, in the order tools/list shows them. Add one import + one entry per tool file. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const recallTools: ToolDefinition<any, any, any>[] = [];
