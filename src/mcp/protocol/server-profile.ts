// What the protocol engine and the HTTP transport need to know about one mounted MCP server. The
// profiles themselves live in src/mcp/endpoints/ and import these types (endpoints → protocol only).
import type { Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import type { ResourceDefinition, ToolDefinition } from '../registry/define-tool.js';
import type { RpcCodeValue } from './rpc-errors.js';

/** A mount point of a server; the first of a profile's mounts is its canonical URL. */
export interface McpMount {
  path: string;
  /** What ToolContext.source says for calls arriving here. */
  source: 'mcp' | 'chatgpt';
}

/** A refusal by the auth gate or the per-tool authorization, answered at its HTTP status. */
export interface GateRefusal {
  allow: false;
  status: 401 | 403;
  /** RpcCode.Unauthorized (401) or RpcCode.Forbidden (403). */
  code: RpcCodeValue;
  message: string;
  data?: unknown;
  /** E.g. WWW-Authenticate. */
  headers?: Record<string, string>;
}

/** What the auth gate decides before any byte of the response is written. */
export type GateOutcome = { allow: true; principal?: unknown } | GateRefusal;

export interface GateContext {
  config: AppConfig;
  /** Resolves a provider from Nest's container (e.g. the OAuth service). */
  resolve<T>(type: Type<T>): T;
}

export type McpGate = (request: FastifyRequest, ctx: GateContext) => GateOutcome | Promise<GateOutcome>;

export interface McpServerInfo {
  name: string;
  title?: string;
  version: string;
}

/** The server card fields a profile states (the rest is derived from the profile and config). */
export interface McpCardInfo {
  /** The part after the `/` of the reverse-DNS card name, e.g. `community`. */
  id: string;
  title: string;
  /** 1–100 characters. */
  description: string;
  /** Path of the human documentation page, e.g. `/docs/mcp-server`. */
  websitePath?: string;
}

/** A failed tool call as the profile's toolErrorBody receives it. */
export interface ToolErrorFacts {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  retryable: boolean;
}

/**
 * One mounted MCP server: everything that differs between servers. The protocol engine is shared;
 * adding a server is adding a profile.
 */
export interface McpProfile {
  /** Short name ('community', 'docs', 'recall', 'broker'); ToolContext.server. */
  name: string;
  mounts: McpMount[];
  /** Modern revisions served (empty: legacy only). */
  modernRevisions: readonly string[];
  /** Legacy revisions served, newest first; the first is the initialize counter-offer. */
  legacyRevisions: readonly string[];
  /** Runs before anything else is read or written (after the Host/Origin policy). */
  gate?: McpGate;
  /**
   * Per tool call, before the arguments are validated: a refusal (e.g. 403 insufficient_scope with
   * its challenge) answered at that HTTP status, or undefined to let the call run.
   */
  authorizeTool?: (principal: unknown, tool: ToolDefinition<any, any, any>, ctx: GateContext) => GateRefusal | undefined;
  /**
   * The HTTP statuses a JSON-RPC error keeps in the legacy era. Every other legacy-era error (budget
   * refusals and outages included; their headers still say when to retry) is answered at HTTP 200:
   * a 1.x SDK surfaces any other status as a bare transport error without the data. Default: none.
   * Modern-era errors always keep their status.
   */
  legacyErrorStatuses?: readonly number[];
  /** Largest legacy batch array accepted; 0 refuses batches. Modern requests are always single. */
  maxBatch: number;
  /**
   * GET with Accept text/event-stream: 'sse' opens a keepalive stream (comment pings), '405'
   * refuses. GET from a browser (Accept text/html) gets `htmlPage` when set.
   */
  getStream: 'sse' | '405';
  /** A short HTML page for browsers that GET the endpoint (no scripts). */
  htmlPage?: (config: AppConfig) => string;
  /** Maximum POST body in bytes. */
  bodyLimit: number;
  /** Accept a POST without Content-Type as JSON (curl-friendly). Other types always get 415. */
  allowMissingContentType: boolean;
  /** Refuse a POST whose Accept lists neither JSON nor SSE with 406 (otherwise answer JSON). */
  strictAccept: boolean;
  /** Rate-limit policy name (RateLimitService) counted per JSON-RPC message; undefined: none. */
  rateLimit?: string;
  serverInfo: McpServerInfo;
  instructions?: string;
  /** Listed in /.well-known/mcp and given a server card. */
  advertise: boolean;
  card?: McpCardInfo;
  /** Auth description for the discovery manifest (the metadata URL asked of the container at boot). */
  auth: { type: 'none' } | { type: 'oauth2'; resourceMetadata?: (ctx: GateContext) => string };
  tools: readonly ToolDefinition<any, any, any>[];
  resources: readonly ResourceDefinition<any>[];
  /** The text of a failed tool call (`isError: true`); default `{"error":code,"message":…,…details}`. */
  toolErrorBody?: (error: ToolErrorFacts) => unknown;
}

/** All revisions a profile serves, modern first (server cards, manifest). */
export function servedRevisions(profile: McpProfile): string[] {
  return [...profile.modernRevisions, ...profile.legacyRevisions];
}
