import type { ResourceDefinition, ToolDefinition } from '../../registry/define-tool.js';
import { identityProveTool } from './identity-prove.tool.js';
import { identityRecordSignupTool } from './identity-record-signup.tool.js';
import { identityRegisterTool } from './identity-register.tool.js';
import { identitySignupTool } from './identity-signup.tool.js';
import { identityWhoamiTool } from './identity-whoami.tool.js';
import { inboxListTool } from './inbox-list.tool.js';
import { inboxReadTool } from './inbox-read.tool.js';
import { inboxSendTool } from './inbox-send.tool.js';
import { inboxWaitForEmailTool } from './inbox-wait-for-email.tool.js';
import { brokerDocResources } from './resources.js';

/**
 * The broker's nine tools, in the published order (identity_signup before identity_prove).
 * Add one import + one entry per tool file.
 */
export const brokerTools: ToolDefinition<any, any, any>[] = [
  identitySignupTool,
  identityRegisterTool,
  identityWhoamiTool,
  identityProveTool,
  identityRecordSignupTool,
  inboxListTool,
  inboxReadTool,
  inboxWaitForEmailTool,
  inboxSendTool,
];

/** The broker's four documentation resources. */
export const brokerResources: ResourceDefinition<any>[] = [...brokerDocResources()];
