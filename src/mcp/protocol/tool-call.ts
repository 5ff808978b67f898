// tools/call: the profile's per-tool authorization, the tool's own budget headers, argument
// validation with the schema compiled at boot, the call itself, and the result text — with the
// engine's memo of serialized results for tools that declare memoizeResult.
import { AppError, toAppError } from '../../common/errors/app-error.js';
import { clientKey } from '../../common/http/client-ip.js';
import type { RateLimitOutcome, RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import type { ToolContext } from '../registry/define-tool.js';
import { describeSchemaFailure, type Catalog, type CompiledTool } from '../registry/tool-registry.js';
import { isThenable, type Awaitable, type CallState, type Era, type Params } from './exchange.js';
import { extendObject, isPlainObject, quoteJsonText } from './json-rpc.js';
import { isTransient, RpcCode, RpcError, transientError } from './rpc-errors.js';
import type { GateContext, McpProfile, ToolErrorFacts } from './server-profile.js';

/** The context a tool handler gets; a class so no closure is allocated per call. */
class CallContext implements ToolContext {
  readonly ip: string;
  readonly headers: ToolContext['headers'];
  readonly requestId: string;
  readonly era: Era;
  readonly protocolVersion: string;
  readonly principal: unknown;
  readonly source: 'mcp' | 'chatgpt';

  constructor(
    readonly server: string,
    private readonly state: CallState,
  ) {
    const request = state.info.request;
    this.ip = request.ip;
    this.headers = request.headers;
    this.requestId = request.id;
    this.era = state.era;
    this.protocolVersion = state.protocolVersion;
    this.principal = state.info.principal;
    this.source = state.info.source;
  }

  setHeader(header: string, value: string): void {
    (this.state.headers ??= {})[header] = value;
  }
}

/** A memoizing tool's last answer object and that object's result text in each era. */
interface MemoEntry {
  output: object;
  modern?: string;
  legacy?: string;
}

/**
 * Freezes a memoized answer and the plain data inside it (accessors are not read), so a change made
 * in place afterwards throws at the writer instead of leaving a stale serialization behind.
 */
function freezeAnswer(value: object): void {
  Object.freeze(value);
  for (const key of Object.keys(value)) {
    const inner: unknown = Object.getOwnPropertyDescriptor(value, key)?.value;
    if (typeof inner === 'object' && inner !== null && !Object.isFrozen(inner)) freezeAnswer(inner);
  }
}

export class ToolCalls {
  /**
   * The result memo, per tool that declares memoizeResult: keyed by the identity of the answer
   * object (one entry per tool, replaced when the tool answers with another object). A hit costs a
   * map lookup and a comparison; the answer is frozen when stored, so it cannot change under its text.
   */
  private readonly memo = new Map<string, MemoEntry>();

  constructor(
    private readonly profile: McpProfile,
    private readonly catalog: Catalog,
    private readonly rateLimits: RateLimitService,
    private readonly gate: GateContext,
    /** The modern result members (ResultMembers.plain). */
    private readonly modernMembers: string,
  ) {}

  /** The tools/call handler. */
  call(params: Params, state: CallState): Awaitable<string> {
    const name = params.name;
    if (typeof name !== 'string') throw new RpcError(RpcCode.InvalidParams, 'Invalid params: tools/call needs a string name.');
    const tool = this.catalog.tools.get(name);
    if (!tool) throw new RpcError(RpcCode.InvalidParams, `Unknown tool: ${name}`, { tool: name });
    if (this.profile.authorizeTool) {
      const refused = this.profile.authorizeTool(state.info.principal, tool.definition, this.gate);
      if (refused) throw new RpcError(refused.code, refused.message, refused.data, refused.status, refused.headers);
    }
    const budget = tool.definition.budget;
    if (budget && this.rateLimits.policy(budget).enabled) {
      // The tool's own budget headers on every answer, refusals before the budget is spent included.
      const key = clientKey(state.info.request.ip);
      const peek = this.rateLimits.consumeNow(budget, key, 0);
      if (peek) this.setBudgetHeaders(state, peek);
      else {
        return this.rateLimits.consume(budget, key, 0).then((outcome) => {
          this.setBudgetHeaders(state, outcome);
          return this.invoke(tool, params, state);
        });
      }
    }
    return this.invoke(tool, params, state);
  }

  private setBudgetHeaders(state: CallState, outcome: RateLimitOutcome): void {
    const headers = this.rateLimits.headers(outcome);
    delete headers['Retry-After'];
    state.headers = { ...(state.headers ?? {}), ...headers };
  }

  private invoke(tool: CompiledTool, params: Params, state: CallState): Awaitable<string> {
    let args = params.arguments;
    if (args === undefined || args === null) args = {};
    if (!isPlainObject(args)) throw new RpcError(RpcCode.InvalidParams, 'Invalid params: arguments must be an object.');

    if (!tool.validateInput(args)) {
      const failure = describeSchemaFailure(tool.validateInput.errors);
      const published = tool.definition.inputErrorCodes?.[failure.field];
      return this.toolError(state, {
        code: published?.code ?? 'validation_failed',
        message: published?.message ?? failure.message,
        details: { field: failure.field },
        retryable: false,
      });
    }
    const ctx = new CallContext(this.profile.name, state);
    let output: unknown;
    try {
      output = tool.definition.run(tool.service, args, ctx);
    } catch (error) {
      return this.toolFailure(tool, error, state);
    }
    if (isThenable(output)) {
      return Promise.resolve(output).then(
        (value) => this.toolResult(tool, value, state),
        (error: unknown) => this.toolFailure(tool, error, state),
      );
    }
    return this.toolResult(tool, output, state);
  }

  /** A tool's thrown error: transient ones become JSON-RPC errors, the rest `isError` results. */
  private toolFailure(tool: CompiledTool, error: unknown, state: CallState): string {
    const appError = toAppError(error);
    if (isTransient(appError)) throw transientError(appError);
    if (!(error instanceof AppError) || appError.status >= 500) {
      state.info.request.log.error({ err: error, tool: tool.definition.name, reqId: state.info.request.id }, 'MCP tool failed');
    }
    return this.toolError(state, {
      code: appError.code,
      message: appError.message,
      details: appError.details,
      retryable: appError.retryable,
    });
  }

  /**
   * A tool's output as the result text: the JSON in content[0].text, and as structuredContent when
   * the tool has an outputSchema. Serializing is the largest part of a cheap call, so a tool that
   * declares memoizeResult gets the text reused while it answers with the same object.
   */
  private toolResult(tool: CompiledTool, output: unknown, state: CallState): string {
    const definition = tool.definition;
    if (!isPlainObject(output)) {
      state.info.request.log.error({ tool: definition.name, reqId: state.info.request.id }, 'MCP tool returned a non-object result');
      return this.toolError(state, { code: 'internal_error', message: 'An unexpected error occurred.', retryable: false });
    }
    const memoize = definition.memoizeResult === true;
    const memo = memoize ? this.memo.get(definition.name) : undefined;
    const same = memo !== undefined && memo.output === output;
    if (same) {
      const hit = memo[state.era];
      if (hit !== undefined) return hit;
    }
    const text = JSON.stringify(output);
    // One concatenation per era (the modern members appended in place, not spliced in afterwards).
    const content =
      definition.outputSchema !== undefined
        ? `{"content":[{"type":"text","text":${quoteJsonText(text)}}],"structuredContent":${text}`
        : `{"content":[{"type":"text","text":${quoteJsonText(text)}}]`;
    const result = state.era === 'modern' ? `${content}${this.modernMembers}}` : `${content}}`;
    if (memoize) {
      if (same) memo[state.era] = result;
      else {
        freezeAnswer(output);
        this.memo.set(definition.name, { output, [state.era]: result });
      }
    }
    return result;
  }

  private toolError(state: CallState, error: ToolErrorFacts): string {
    const body = this.profile.toolErrorBody
      ? this.profile.toolErrorBody(error)
      : { error: error.code, message: error.message, ...(error.details ?? {}) };
    const result = `{"content":[{"type":"text","text":${JSON.stringify(JSON.stringify(body))}}],"isError":true}`;
    return state.era === 'modern' ? extendObject(result, this.modernMembers) : result;
  }
}
