import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { categoryNotFound, invalidArgument } from '../memory.errors.js';
import type { CategoryView, ListTopicsArgs, MessageView, Page, PageArgs, ReadMessagesArgs, TopicView } from '../memory.types.js';
import { CATEGORY_QUERIES, type CategoryIdRow, type CategoryRow } from '../queries/categories.queries.js';
import { LIST_TOPICS_SQL, readMessagesSql, type MessageRow, type TopicRow } from '../queries/messages.queries.js';
import { includeFlaggedArg, pagingArgs } from './arguments.js';
import { iso, toMessageView } from './message-view.js';

/** Recall's anonymous listings: categories, a category's topics, messages newest first. */
@Injectable()
export class MemoryReads {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async listCategories(args: PageArgs): Promise<{ categories: CategoryView[] } & Page> {
    const { page, limit, offset } = pagingArgs(args);
    const rows = (await this.db.query(CATEGORY_QUERIES.list, [limit + 1, offset])) as CategoryRow[];
    const categories = rows.slice(0, limit).map((r) => ({
      slug: String(r.slug),
      title: String(r.title),
      description: String(r.description),
      created_by: String(r.created_by),
      created_at: iso(r.created_at),
    }));
    return { categories, page, has_more: rows.length > limit };
  }

  async listTopics(args: ListTopicsArgs): Promise<{ topics: TopicView[] } & Page> {
    const { page, limit, offset } = pagingArgs(args);
    const categoryId = await this.categoryId(args.category, true);
    const rows = (await this.db.query(LIST_TOPICS_SQL, [categoryId, limit + 1, offset])) as TopicRow[];
    const topics = rows.slice(0, limit).map((r) => ({
      topic: String(r.topic),
      message_count: Number(r.message_count),
      latest_at: iso(r.latest_at),
    }));
    return { topics, page, has_more: rows.length > limit };
  }

  async readMessages(args: ReadMessagesArgs): Promise<{ messages: MessageView[] } & Page> {
    const { page, limit, offset } = pagingArgs(args);
    const includeFlagged = includeFlaggedArg(args.include_flagged);
    const params: unknown[] = [];
    const categoryId =
      args.category === undefined || args.category === null || args.category === ''
        ? undefined
        : await this.categoryId(args.category, false);
    if (categoryId) params.push(categoryId);
    let topic: string | undefined;
    if (args.topic !== undefined && args.topic !== null && args.topic !== '') {
      if (typeof args.topic !== 'string') throw invalidArgument('topic', 'topic must be a string');
      topic = args.topic.normalize('NFKC').trim();
      params.push(topic);
    }
    const sql = readMessagesSql({ category: !!categoryId, topic: topic !== undefined, includeFlagged });
    const rows = (await this.db.query(sql, [...params, limit + 1, offset])) as MessageRow[];
    return { messages: rows.slice(0, limit).map(toMessageView), page, has_more: rows.length > limit };
  }

  /** The id of the category a slug argument names. @throws invalid_argument, not_found */
  private async categoryId(raw: unknown, required: boolean): Promise<string> {
    if (typeof raw !== 'string' || !raw.trim()) {
      throw invalidArgument('category', required ? 'category is required: a category slug' : 'category must be a slug');
    }
    const slug = raw.normalize('NFKC').trim().toLowerCase();
    const [row] = (await this.db.query(CATEGORY_QUERIES.idBySlug, [slug])) as CategoryIdRow[];
    if (!row) throw categoryNotFound(slug);
    return String(row.id);
  }
}
