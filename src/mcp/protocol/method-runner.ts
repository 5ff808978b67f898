// Runs one method handler to the HTTP answer: the result at 200, or the JSON-RPC error at the
// status its era and the server's profile give it.
import type { Awaitable, CallState, Era, Handler, HttpAnswer, Params } from './exchange.js';
import { errorMessage, resultMessage, type RequestId } from './json-rpc.js';
import { toRpcError } from './rpc-errors.js';

export class MethodRunner {
  private readonly legacyKept: ReadonlySet<number>;

  /** `legacyErrorStatuses`: the profile's statuses a legacy-era error keeps (all others answer 200). */
  constructor(legacyErrorStatuses: readonly number[] = []) {
    this.legacyKept = new Set(legacyErrorStatuses);
  }

  /** The HTTP status of a JSON-RPC error that asks for `httpStatus`; undefined means 200. */
  errorStatus(era: Era, httpStatus: number | undefined): number | undefined {
    if (httpStatus === undefined) return undefined;
    return era === 'legacy' && !this.legacyKept.has(httpStatus) ? undefined : httpStatus;
  }

  /** Runs a handler; synchronous when the handler is. */
  run(id: RequestId, handler: Handler, params: Params, state: CallState): Awaitable<HttpAnswer> {
    let result: Awaitable<string>;
    try {
      result = handler(params, state);
    } catch (error) {
      return this.failed(id, error, state);
    }
    if (typeof result === 'string') return this.succeeded(id, result, state);
    return result.then(
      (value) => this.succeeded(id, value, state),
      (error: unknown) => this.failed(id, error, state),
    );
  }

  private succeeded(id: RequestId, result: string, state: CallState): HttpAnswer {
    return { status: 200, body: resultMessage(id, result), sse: true, headers: state.headers };
  }

  private failed(id: RequestId, error: unknown, state: CallState): HttpAnswer {
    const e = toRpcError(error, state);
    const headers = e.headers ? { ...(state.headers ?? {}), ...e.headers } : state.headers;
    const status = this.errorStatus(state.era, e.httpStatus);
    return { status: status ?? 200, body: errorMessage(id, e.code, e.message, e.data), sse: !status, headers };
  }
}
