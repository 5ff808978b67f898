// resources/read: a registered resource's text, produced by its definition (static or a service).
import type { Catalog } from '../registry/tool-registry.js';
import type { CallState, Params } from './exchange.js';
import { extendObject } from './json-rpc.js';
import { RpcCode, RpcError } from './rpc-errors.js';

export class ResourceReads {
  constructor(
    private readonly catalog: Catalog,
    /** The cacheable modern result members (ResultMembers.cacheable). */
    private readonly cacheableMembers: string,
  ) {}

  /** The resources/read handler. An unknown URI is ResourceNotFound in the legacy era, invalid params in the modern one. */
  async read(params: Params, state: CallState): Promise<string> {
    const uri = params.uri;
    if (typeof uri !== 'string') throw new RpcError(RpcCode.InvalidParams, 'Invalid params: resources/read needs a string uri.');
    const resource = this.catalog.resources.get(uri);
    if (!resource) {
      if (state.era === 'modern') throw new RpcError(RpcCode.InvalidParams, `Resource not found: ${uri}`, { uri });
      throw new RpcError(RpcCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
    }
    const definition = resource.definition;
    const text = await definition.read(resource.service);
    const content: Record<string, unknown> = { uri, mimeType: definition.mimeType, text };
    if (definition._meta) content._meta = definition._meta;
    const result = JSON.stringify({ contents: [content] });
    return state.era === 'modern' ? extendObject(result, this.cacheableMembers) : result;
  }
}
