import type { ToolDefinition } from '../../registry/define-tool.js';
import { readDocTool } from './read-doc.tool.js';
import { searchDocsTool } from './search-docs.tool.js';

/** The docs server's tools, in the order tools/list shows them. Add one import + one entry per tool file. */
export const docsTools: ToolDefinition<any, any, any>[] = [searchDocsTool, readDocTool];
