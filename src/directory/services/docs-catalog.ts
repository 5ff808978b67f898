import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { directoryError } from '../directory.errors.js';
import type { DocReadResult, DocSearchResult } from '../directory.types.js';
import { DocsCorpus, type DocPage } from '../docs/docs-corpus.js';
import type { ContentSearchView } from '../dto/views.dto.js';

const docUri = (name: string): string => `docs://agentry/${name}`;

/**
 * The published documentation behind the facade: the same pages (docs/site, read once by
 * {@link DocsCorpus}) are rendered at /docs, searched by /api/v1/content-search and search_docs,
 * and read by read_doc and the docs://agentry/<name> resources.
 */
@Injectable()
export class DocsCatalog {
  constructor(
    private readonly docs: DocsCorpus,
    private readonly config: AppConfig,
  ) {}

  /** @throws validation_failed for an empty query */
  search(input: { query: string; limit?: number }): DocSearchResult {
    const query = input.query.trim();
    if (!query) throw directoryError('validation_failed', 'query must not be empty', { details: { field: 'query' } });
    const limit = Math.min(Math.max(1, input.limit ?? 10), 20);
    return {
      query,
      results: this.docs.search(query, limit).map((h) => ({
        title: h.page.title,
        path: h.page.name,
        uri: docUri(h.page.name),
        url: `${this.config.publicBaseUrl}/docs/${h.page.name}`,
        snippet: h.snippet,
        score: h.score,
      })),
    };
  }

  /** The content-search REST shape of {@link search}. */
  contentSearch(input: { q: string; limit: number }): ContentSearchView {
    const { query, results } = this.search({ query: input.q, limit: input.limit });
    return { query, results, count: results.length };
  }

  /** @throws not_found when no page has that path */
  read(path: string): DocReadResult {
    const page = this.docs.get(path);
    if (!page) {
      const known = this.docs.pages.map((p) => p.name).join(', ');
      throw directoryError('not_found', `No documentation page "${path.slice(0, 100)}". Known pages: ${known}.`);
    }
    return { path: page.name, title: page.title, markdown: page.markdown };
  }

  /** Every published page, in the order of the index. */
  pages(): readonly DocPage[] {
    return this.docs.pages;
  }

  /** The page at that path, or undefined. */
  page(path: string): DocPage | undefined {
    return this.docs.get(path);
  }
}
