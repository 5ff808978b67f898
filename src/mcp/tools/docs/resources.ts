import type { ResourceDefinition } from '../../registry/define-tool.js';
import { docPageResources } from './doc-resources.js';

/** The docs server's resources (defineResource entries). Add one import + one entry per resource. */
export const docsResources: ResourceDefinition<any>[] = [...docPageResources()];
