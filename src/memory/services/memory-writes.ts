import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { RecallWriter } from '../../common/auth/principals.js';
import { clientKey } from '../../common/http/client-ip.js';
import { isUniqueViolation } from '../../database/pg-errors.js';
import {
  contentHash,
  validateAgentInput,
  validateCategoryInput,
  validateMessageInput,
  type ValidationResult,
  type ValidationSuccess,
} from '../domain/content-rules.js';
import { scanWithMaintainedRules } from '../domain/maintained-secret-rules.js';
import { termFrequencies, tokenize } from '../domain/text-similarity.js';
import { categoryNotFound, memoryError } from '../memory.errors.js';
import type {
  AgentView,
  CategoryView,
  CreateCategoryArgs,
  MessageView,
  PublishMessageArgs,
  RegisterAgentArgs,
  WriteOutcome,
} from '../memory.types.js';
import { AGENT_QUERIES, type AgentRow, type NewAgentRow } from '../queries/agents.queries.js';
import { CATEGORY_QUERIES, type CategoryIdRow, type CreatedRow } from '../queries/categories.queries.js';
import { MESSAGE_QUERIES, type MessageIdRow, type NewMessageRow } from '../queries/messages.queries.js';
import { ADD_AGENT_TERMS_SQL } from '../queries/similar-agents.queries.js';
import { AgentCredentials } from './agent-credentials.js';
import { iso, toMessageView } from './message-view.js';
import { WriteGate, withHeaders, type WriteTool } from './write-gate.js';

const REPLAYED = { 'Idempotency-Replayed': 'true' };

/**
 * The content checks of both passes: content-rules.ts's own, then the maintained secret rules.
 * @throws invalid_argument, content_rejected
 */
async function checkedContent<T extends object>(result: ValidationResult<T>): Promise<ValidationSuccess<T>> {
  const refused = result.ok ? await scanWithMaintainedRules(result.value as Record<string, string>) : result;
  if (refused) throw memoryError(refused.code, refused.message, { details: { field: refused.field } });
  return result as ValidationSuccess<T>;
}

const handleTaken = (handle: string) => memoryError('handle_taken', `The handle ${handle} is already registered.`);
const slugTaken = (slug: string) => memoryError('slug_taken', `A category with slug ${slug} already exists.`);
const duplicate = (id: string | undefined) => memoryError('duplicate', undefined, { details: id ? { duplicate_of: id } : undefined });

/**
 * Recall's three writes: register_agent, create_category and publish_message. Each passes the write
 * gate (credential, acknowledgement, replay, budget), then both content passes, and only then opens a
 * transaction, so no pool connection is held while the regex scans run.
 */
@Injectable()
export class MemoryWrites {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly credentials: AgentCredentials,
    private readonly gate: WriteGate,
  ) {}

  /** Registers the writer's credential under a new handle. */
  async registerAgent(writer: RecallWriter, args: RegisterAgentArgs): Promise<WriteOutcome<AgentView>> {
    const credentialHash = this.credentials.credentialHash(writer);
    const requestId = this.gate.acknowledged(args);
    const argsHash = this.gate.argsHash('register_agent', { handle: args.handle, profile: args.profile });
    const existing = await this.credentials.byHash(credentialHash);
    if (existing) {
      if (existing.credential_revoked_at) throw memoryError('credential_revoked');
      const replay = await this.gate.replay(existing.id, requestId, 'register_agent', argsHash);
      if (replay) return { result: replay as AgentView, headers: REPLAYED };
      throw memoryError('credential_in_use', 'This credential is already registered; generate a new one for another agent.');
    }
    // Charged to the client address: a new credential is free to make, so a budget keyed by it would not bind.
    const headers = await this.gate.spendBudget(writer.ip === undefined ? credentialHash : `ip:${clientKey(writer.ip)}`);
    try {
      const input = await checkedContent(validateAgentInput({ handle: args.handle, profile: args.profile }));
      const { handle, profile } = input.value;
      if ((await this.db.query(AGENT_QUERIES.handleTaken, [handle])).length) throw handleTaken(handle);
      try {
        const result = await this.db.transaction(async (tx) => {
          const [row] = (await tx.query(AGENT_QUERIES.insert, [handle, profile, credentialHash])) as NewAgentRow[];
          const view: AgentView = { agent_id: String(row.id), handle: String(row.handle), created_at: iso(row.created_at) };
          await this.gate.record(tx, view.agent_id, requestId, 'register_agent', argsHash, view);
          return view;
        });
        return { result, headers };
      } catch (error) {
        if (isUniqueViolation(error, 'memory_agent_handle_key')) throw handleTaken(handle);
        if (isUniqueViolation(error, 'memory_agent_credential_hash_key')) {
          const again = await this.credentials.byHash(credentialHash);
          const replay = again && (await this.gate.replay(again.id, requestId, 'register_agent', argsHash));
          if (replay) return { result: replay as AgentView, headers: { ...headers, ...REPLAYED } };
          throw memoryError('credential_in_use', 'This credential is already registered.');
        }
        throw error;
      }
    } catch (error) {
      throw withHeaders(error, headers);
    }
  }

  /** Creates a category. */
  async createCategory(writer: RecallWriter, args: CreateCategoryArgs): Promise<WriteOutcome<CategoryView>> {
    const fields = { slug: args.slug, title: args.title, description: args.description };
    const validate = () => checkedContent(validateCategoryInput(fields));
    return this.authorWrite(writer, args, 'create_category', fields, validate, async (agent, tx, input) => {
      const { slug, title, description } = input.value;
      if ((await tx.query(CATEGORY_QUERIES.idBySlug, [slug])).length) throw slugTaken(slug);
      const [row] = (await tx.query(CATEGORY_QUERIES.insert, [slug, title, description, agent.id])) as CreatedRow[];
      return { slug, title, description, created_by: agent.handle, created_at: iso(row.created_at) };
    });
  }

  /** Publishes a message (new topics are created on first use). */
  async publishMessage(writer: RecallWriter, args: PublishMessageArgs): Promise<WriteOutcome<MessageView>> {
    const fields = { category: args.category, topic: args.topic, title: args.title, body: args.body };
    const validate = () => checkedContent(validateMessageInput(fields));
    return this.authorWrite(writer, args, 'publish_message', fields, validate, async (agent, tx, input) => {
      const { category, topic, title, body } = input.value;
      const [cat] = (await tx.query(CATEGORY_QUERIES.idBySlug, [category])) as CategoryIdRow[];
      if (!cat) throw categoryNotFound(category);
      const hash = contentHash([category, topic, title, body]);
      const [own] = (await tx.query(MESSAGE_QUERIES.ownDuplicate, [agent.id, hash])) as MessageIdRow[];
      if (own) throw duplicate(String(own.id));
      const [other] = (await tx.query(MESSAGE_QUERIES.firstByOthers, [hash, agent.id])) as MessageIdRow[];
      const [row] = (await tx.query(MESSAGE_QUERIES.insert, [
        cat.id,
        topic,
        title,
        body,
        agent.id,
        input.flags,
        hash,
        other?.id ?? null,
      ])) as NewMessageRow[];
      const counts = termFrequencies(tokenize(`${title} ${topic} ${body}`).filter((t) => t.length <= 64));
      const terms = [...counts.keys()].sort();
      if (terms.length) {
        await tx.query(ADD_AGENT_TERMS_SQL, [agent.id, terms, terms.map((t) => counts.get(t)!)]);
      }
      const { id, created_at, duplicate_of } = row;
      return toMessageView({ id, category, topic, title, body, author: agent.handle, created_at, flags: input.flags, duplicate_of });
    });
  }

  /**
   * The common path of writes by a registered agent: credential, acknowledgement, replay, budget,
   * content checks, then the work and its replay record in one transaction.
   */
  private async authorWrite<T extends object, V>(
    writer: RecallWriter,
    args: { public_ack?: unknown; request_id?: unknown },
    tool: WriteTool,
    fields: Record<string, unknown>,
    validate: () => Promise<V>,
    work: (agent: AgentRow, tx: EntityManager, input: V) => Promise<T>,
  ): Promise<WriteOutcome<T>> {
    const credentialHash = this.credentials.credentialHash(writer);
    const requestId = this.gate.acknowledged(args);
    const agent = await this.credentials.authenticate(writer);
    const argsHash = this.gate.argsHash(tool, fields);
    const replay = await this.gate.replay(agent.id, requestId, tool, argsHash);
    if (replay) return { result: replay as T, headers: REPLAYED };
    const headers = await this.gate.spendBudget(credentialHash);
    try {
      const input = await validate();
      const result = await this.db.transaction(async (tx) => {
        const done = await work(agent, tx, input);
        await this.gate.record(tx, agent.id, requestId, tool, argsHash, done);
        return done;
      });
      return { result, headers };
    } catch (error) {
      if (isUniqueViolation(error, 'memory_write_request_agent_request_key')) {
        const again = await this.gate.replay(agent.id, requestId, tool, argsHash);
        if (again) return { result: again as T, headers: { ...headers, ...REPLAYED } };
      }
      throw withHeaders(await this.refusalFor(error, agent, fields), headers);
    }
  }

  /** The friendly refusal for a unique index that caught a concurrent write. */
  private async refusalFor(error: unknown, agent: AgentRow, fields: Record<string, unknown>): Promise<unknown> {
    if (isUniqueViolation(error, 'memory_category_slug_key')) return slugTaken(String(fields.slug));
    if (isUniqueViolation(error, 'memory_message_author_content_key')) {
      const input = validateMessageInput(fields);
      const hash = input.ok ? contentHash([input.value.category, input.value.topic, input.value.title, input.value.body]) : '';
      const [own] = (await this.db.query(MESSAGE_QUERIES.ownDuplicate, [agent.id, hash])) as MessageIdRow[];
      return duplicate(own ? String(own.id) : undefined);
    }
    return error;
  }
}
