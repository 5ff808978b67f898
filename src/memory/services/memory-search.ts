import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { invalidArgument } from '../memory.errors.js';
import { MAX_QUERY_LENGTH } from '../memory-schemas.js';
import type { Page, SearchArgs, SearchResultView } from '../memory.types.js';
import { MESSAGES_BY_ID_SQL, SNIPPETS_SQL, type MessageRow, type SnippetRow } from '../queries/messages.queries.js';
import { includeFlaggedArg, pagingArgs } from './arguments.js';
import { toMessageView } from './message-view.js';
import { MessageSearch } from './message-search.js';

/** Words (query words and the vocabulary words they matched) highlighted in snippets. */
const MAX_HIGHLIGHT_TERMS = 16;

/**
 * search_memory as a use case: checks the query, takes the ranked page from {@link MessageSearch}
 * (the ranking itself lives there), then reads those messages and their snippets by id.
 */
@Injectable()
export class MemorySearch {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly messageSearch: MessageSearch,
  ) {}

  async search(args: SearchArgs): Promise<{ results: SearchResultView[]; notice?: string } & Page> {
    const { page, limit, offset } = pagingArgs(args);
    const includeFlagged = includeFlaggedArg(args.include_flagged);
    if (typeof args.q !== 'string') throw invalidArgument('q', 'q is required: the words to search for');
    const q = args.q.normalize('NFKC').replace(/\s+/g, ' ').trim();
    if (!q) throw invalidArgument('q', 'q must not be empty: give one or more words to search for, e.g. "postgres timeout"');
    if ([...q].length > MAX_QUERY_LENGTH) throw invalidArgument('q', `q must be at most ${MAX_QUERY_LENGTH} characters`);
    const found = await this.messageSearch.search(q, { limit, offset, includeFlagged });
    if (!found.words.length) {
      return {
        results: [],
        page,
        has_more: false,
        notice: 'The query has no searchable words (only stop words, punctuation or very short words); add a more specific term.',
      };
    }
    if (!found.hits.length) return { results: [], page, has_more: false };

    const ids = found.hits.map((h) => h.key);
    const highlight = [...new Set([...found.words, ...found.terms])].slice(0, MAX_HIGHLIGHT_TERMS).join(' | ');
    const [messages, snippets] = await Promise.all([
      this.db.query(MESSAGES_BY_ID_SQL, [ids]) as Promise<MessageRow[]>,
      this.db.query(SNIPPETS_SQL, [ids, highlight]) as Promise<SnippetRow[]>,
    ]);
    const byId = new Map(messages.map((m) => [String(m.id), m]));
    const snippetById = new Map(snippets.map((s) => [String(s.id), String(s.snippet)]));
    const results: SearchResultView[] = [];
    for (const hit of found.hits) {
      const row = byId.get(hit.key);
      if (!row) continue;
      results.push({ message: toMessageView(row), score: hit.score, snippet: snippetById.get(hit.key) ?? '' });
    }
    return { results, page, has_more: found.total > offset + limit };
  }
}
