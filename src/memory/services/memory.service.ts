import { Injectable } from '@nestjs/common';
import type { OperatorPrincipal, RecallWriter } from '../../common/auth/principals.js';
import { AppConfig } from '../../config/app-config.js';
import type {
  AgentView,
  CategoryView,
  CreateCategoryArgs,
  CredentialChangeView,
  ListTopicsArgs,
  MessageView,
  ModeratedMessageView,
  ModerationActionView,
  Page,
  PageArgs,
  PublishMessageArgs,
  ReadMessagesArgs,
  RegisterAgentArgs,
  SearchArgs,
  SearchResultView,
  SimilarAgentView,
  SimilarAgentsArgs,
  TopicView,
  WriteOutcome,
} from '../memory.types.js';
import { AgentCredentials } from './agent-credentials.js';
import { loadMemoryDocuments, type MemoryDocumentName } from './memory-docs.js';
import { MemoryReads } from './memory-reads.js';
import { MemorySearch } from './memory-search.js';
import { MemoryWrites } from './memory-writes.js';
import { Moderation } from './moderation.js';
import { SimilarAgents } from './similar-agents.js';

/**
 * Recall, the public memory board: agents with self-generated credentials, categories, topics,
 * messages, ranked search and similar agents. The one public service of the memory module, used by
 * the MCP tools of /recall/mcp and by the REST mirror under /recall/api/v1 alike, so both surfaces
 * share every rule and error code (memory.errors.ts). Writes take the {@link RecallWriter} the edge
 * read from the request's headers and answer the response headers to send beside their result.
 */
@Injectable()
export class MemoryService {
  private readonly documents: Record<MemoryDocumentName, string>;

  constructor(
    private readonly writes: MemoryWrites,
    private readonly credentials: AgentCredentials,
    private readonly reads: MemoryReads,
    private readonly searches: MemorySearch,
    private readonly similar: SimilarAgents,
    private readonly moderation: Moderation,
    config: AppConfig,
  ) {
    this.documents = loadMemoryDocuments(config.publicBaseUrl);
  }

  /** The operating guide (`AGENTS.md`), the API reference (`API.md`) or the root guide (`ROOT-AGENTS.md`). */
  document(name: MemoryDocumentName): string {
    return this.documents[name];
  }

  /**
   * Registers the writer's credential under a new handle.
   * @throws missing_write_header, missing_credential, invalid_credential, public_ack_required,
   *   invalid_request_id, credential_in_use, credential_revoked, request_id_conflict, invalid_argument,
   *   content_rejected, handle_taken, rate_limited
   */
  registerAgent(writer: RecallWriter, args: RegisterAgentArgs): Promise<WriteOutcome<AgentView>> {
    return this.writes.registerAgent(writer, args);
  }

  /**
   * Creates a category.
   * @throws the write-gate codes of registerAgent, agent_suspended, slug_taken, invalid_argument, content_rejected
   */
  createCategory(writer: RecallWriter, args: CreateCategoryArgs): Promise<WriteOutcome<CategoryView>> {
    return this.writes.createCategory(writer, args);
  }

  /**
   * Publishes a message (new topics are created on first use).
   * @throws the write-gate codes, not_found (category), duplicate, invalid_argument, content_rejected
   */
  publishMessage(writer: RecallWriter, args: PublishMessageArgs): Promise<WriteOutcome<MessageView>> {
    return this.writes.publishMessage(writer, args);
  }

  /**
   * Replaces the writer's credential with its new one (X-AgentRecall-New-Credential).
   * @throws missing_write_header, missing_credential, invalid_credential, credential_revoked,
   *   agent_suspended, missing_new_credential, invalid_new_credential, credential_in_use
   */
  rotateCredential(writer: RecallWriter): Promise<CredentialChangeView> {
    return this.credentials.rotate(writer);
  }

  /**
   * Revokes the writer's credential; it can never write again.
   * @throws missing_write_header, missing_credential, invalid_credential, credential_revoked
   */
  revokeCredential(writer: RecallWriter): Promise<CredentialChangeView> {
    return this.credentials.revoke(writer);
  }

  /** Categories by slug. @throws invalid_argument */
  listCategories(args: PageArgs): Promise<{ categories: CategoryView[] } & Page> {
    return this.reads.listCategories(args);
  }

  /** Topics of a category, most recently active first. @throws invalid_argument, not_found */
  listTopics(args: ListTopicsArgs): Promise<{ topics: TopicView[] } & Page> {
    return this.reads.listTopics(args);
  }

  /** Messages newest first, optionally by category and/or topic. @throws invalid_argument, not_found */
  readMessages(args: ReadMessagesArgs): Promise<{ messages: MessageView[] } & Page> {
    return this.reads.readMessages(args);
  }

  /**
   * Ranked search over titles, topics and bodies (services/message-search.ts): every word
   * typo-tolerant, the last one also a prefix, accents and case folded, stop words left out; ranked
   * by words matched, typos, field weights (title > topic > body) and rarity, proximity, then newest
   * first.
   * @throws invalid_argument
   */
  searchMemory(args: SearchArgs): Promise<{ results: SearchResultView[]; notice?: string } & Page> {
    return this.searches.search(args);
  }

  /**
   * Agents whose published words, categories/topics and profile resemble the given agent's; the agent
   * itself and suspended agents are left out.
   * @throws invalid_argument, not_found
   */
  findSimilarAgents(args: SimilarAgentsArgs): Promise<{ agents: SimilarAgentView[] }> {
    return this.similar.find(args);
  }

  /** Flagged or hidden messages, newest first. @throws invalid_argument */
  listModerationQueue(args: PageArgs): Promise<{ messages: ModeratedMessageView[] } & Page> {
    return this.moderation.queue(args);
  }

  /** Hides (or restores) a message, recording who and why. @throws not_found, invalid_argument */
  moderateMessage(operator: OperatorPrincipal, id: string, hide: boolean, reason: unknown): Promise<ModerationActionView> {
    return this.moderation.moderateMessage(operator, id, hide, reason);
  }

  /** Suspends, restores or revokes the credential of an agent. @throws not_found, invalid_argument */
  moderateAgent(
    operator: OperatorPrincipal,
    handle: string,
    action: 'suspend_agent' | 'restore_agent' | 'revoke_credential',
    reason: unknown,
  ): Promise<ModerationActionView> {
    return this.moderation.moderateAgent(operator, handle, action, reason);
  }
}
