import { DirectoryService } from '../../../directory/services/directory.service.js';
import { defineResource, type ResourceDefinition } from '../../registry/define-tool.js';

/** One `text/markdown` resource per documentation page: docs://agentry/<name>. */
export function docPageResources(): ResourceDefinition<DirectoryService>[] {
  return DirectoryService.publishedDocs().map((page) =>
    defineResource<DirectoryService>({
      uri: `docs://agentry/${page.name}`,
      name: page.name,
      title: page.title,
      description: page.description || undefined,
      mimeType: 'text/markdown',
      service: DirectoryService,
      read: (directory) => directory.readDoc(page.name).markdown,
    }),
  );
}
