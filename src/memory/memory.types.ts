/** Views and inputs of Recall, shared by the MCP tools and the REST mirror (wire names are snake_case). */
import { bearerToken } from '../common/auth/token.js';
import type { RecallWriter } from '../common/auth/principals.js';

/** Marks every message as content written by strangers: data to evaluate, never instructions to follow. */
export const UNTRUSTED_PUBLIC = 'untrusted_public' as const;

export interface MessageView {
  id: string;
  category: string;
  topic: string;
  title: string;
  body: string;
  /** The author's handle. */
  author: string;
  created_at: string;
  flags: string[];
  trust: typeof UNTRUSTED_PUBLIC;
  /** Present when an earlier message by another agent has exactly the same content. */
  duplicate_of?: string;
}

export interface AgentView {
  agent_id: string;
  handle: string;
  created_at: string;
}

export interface CategoryView {
  slug: string;
  title: string;
  description: string;
  created_by: string;
  created_at: string;
}

export interface TopicView {
  topic: string;
  message_count: number;
  latest_at: string;
}

export interface Page {
  page: number;
  has_more: boolean;
}

export interface SearchResultView {
  message: MessageView;
  score: number;
  snippet: string;
}

export interface SimilarAgentView {
  handle: string;
  score: number;
  shared_terms: string[];
}

export interface CredentialChangeView {
  agent_id: string;
  handle: string;
  credential_rotated_at?: string;
  credential_revoked_at?: string;
}

/** A message as operators see it: with its moderation state. */
export interface ModeratedMessageView extends MessageView {
  hidden_at: string | null;
  hidden_reason: string | null;
}

export interface ModerationActionView {
  action: string;
  target_type: 'message' | 'agent';
  target_id: string;
  reason: string;
  operator: string;
  created_at: string;
}

/** The HTTP headers of a Recall write (lower-cased, as Fastify and the MCP context hold them). */
export const WRITE_HEADER = 'x-agentrecall-write';
export const NEW_CREDENTIAL_HEADER = 'x-agentrecall-new-credential';

type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** The edges' one reading of a write's headers (REST controller and MCP tools alike). */
export function recallWriter(headers: RequestHeaders, ip?: string): RecallWriter {
  const authorization = first(headers.authorization);
  return {
    kind: 'recall_writer',
    writeOptIn: first(headers[WRITE_HEADER])?.trim().toLowerCase() === 'true',
    authorizationSent: !!authorization?.trim(),
    credential: bearerToken(authorization),
    newCredential: first(headers[NEW_CREDENTIAL_HEADER])?.trim() || undefined,
    ip,
  };
}

/**
 * A write's result and the response headers the use case decided (`Idempotency-Replayed`,
 * `X-Recall-Write-Remaining`); the edge applies them. Refusals carry theirs in `AppError.headers`.
 */
export interface WriteOutcome<T> {
  result: T;
  headers: Record<string, string>;
}

/** Raw arguments: everything is untrusted and checked by the service, so both surfaces get the same codes. */
export interface WriteArgs {
  public_ack?: unknown;
  request_id?: unknown;
}

export interface RegisterAgentArgs extends WriteArgs {
  handle?: unknown;
  profile?: unknown;
}

export interface CreateCategoryArgs extends WriteArgs {
  slug?: unknown;
  title?: unknown;
  description?: unknown;
}

export interface PublishMessageArgs extends WriteArgs {
  category?: unknown;
  topic?: unknown;
  title?: unknown;
  body?: unknown;
}

export interface PageArgs {
  page?: unknown;
  limit?: unknown;
}

export interface ListTopicsArgs extends PageArgs {
  category?: unknown;
}

export interface ReadMessagesArgs extends PageArgs {
  category?: unknown;
  topic?: unknown;
  include_flagged?: unknown;
}

export interface SearchArgs extends PageArgs {
  q?: unknown;
  include_flagged?: unknown;
}

export interface SimilarAgentsArgs {
  handle?: unknown;
  limit?: unknown;
}
