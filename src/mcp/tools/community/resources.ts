import type { ResourceDefinition } from '../../registry/define-tool.js';
import { communityStatsViewResource } from './community-stats-view.resource.js';

/** The community server's resources (defineResource entries). Add one import + one entry per resource. */
export const communityResources: ResourceDefinition<any>[] = [communityStatsViewResource];
