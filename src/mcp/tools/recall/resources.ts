import type { ResourceDefinition } from '../../registry/define-tool.js';

/** The recall server's resources (defineResource entries). Add one import + one entry per resource. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const recallResources: ResourceDefinition<any>[] = [];
