import { DirectoryService } from '../../../directory/services/directory.service.js';
import { defineResource, type ResourceDefinition } from '../../registry/define-tool.js';

/** The broker's four documentation resources: the same Markdown as the docs/site broker pages. */
const PAGES: { uri: string; page: string; name: string }[] = [
  { uri: 'agentregistrar://docs/workflow', page: 'broker-workflow', name: 'workflow' },
  { uri: 'agentregistrar://docs/error-recovery', page: 'broker-error-recovery', name: 'error-recovery' },
  { uri: 'agentregistrar://docs/relying-party-guide', page: 'broker-relying-parties', name: 'relying-party-guide' },
  { uri: 'agentregistrar://docs/policies', page: 'broker-policies', name: 'policies' },
];

export function brokerDocResources(): ResourceDefinition[] {
  const docs = DirectoryService.publishedDocs();
  return PAGES.map(({ uri, page, name }) => {
    const doc = docs.find((p) => p.name === page);
    if (!doc) throw new Error(`docs/site/${page}.md is missing (broker resource ${uri})`);
    return defineResource({
      uri,
      name,
      title: doc.title,
      description: doc.description || undefined,
      mimeType: 'text/markdown',
      read: () => doc.body,
    });
  });
}
