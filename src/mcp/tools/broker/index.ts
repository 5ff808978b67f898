import type { ResourceDefinition, ToolDefinition } from '../../registry/define-tool.js';
import { inboxListTool } from './inbox-list.tool.js';
import { inboxReadTool } from './inbox-read.tool.js';
import { inboxSendTool } from './inbox-send.tool.js';
import { inboxWaitForEmailTool } from './inbox-wait-for-email.tool.js';

/**
 * The broker's nine tools, in the published order (identity_signup before identity_prove).
 * Add one import + one entry per tool file.
 */
export const brokerTools: ToolDefinition<any, any, any>[] = [
  // The five identity tools come first (issue 12), then the four inbox tools.
  inboxListTool,
  inboxReadTool,
  inboxWaitForEmailTool,
  inboxSendTool,
];

/** The broker's four documentation resources. */
export const brokerResources: ResourceDefinition<any>[] = [];
