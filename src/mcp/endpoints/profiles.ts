import { brokerProfile } from './broker.profile.js';
import { communityProfile } from './community.profile.js';
import { docsProfile } from './docs.profile.js';
import { recallProfile } from './recall.profile.js';
import type { McpProfile } from '../protocol/server-profile.js';

/** Every production server, in discovery order. */
export function defaultProfiles(): McpProfile[] {
  return [communityProfile(), docsProfile(), recallProfile(), brokerProfile()];
}
