import type { ResourceDefinition, ToolDefinition } from '../../registry/define-tool.js';

/**
 * The broker's nine tools, in the published order (identity_signup before identity_prove).
 * Add one import + one entry per tool file.
 */
export const brokerTools: ToolDefinition<any, any, any>[] = [];

/** The broker's four documentation resources. */
export const brokerResources: ResourceDefinition<any>[] = [];
