// One server's revisions and its method tables per era, with every answer that never changes
// (initialize per revision, server/discover, the lists) serialized once at boot.
import type { Catalog } from '../registry/tool-registry.js';
import type { Handler, Params } from './exchange.js';
import { extendObject, isPlainObject } from './json-rpc.js';
import type { ResourceReads } from './resource-read.js';
import type { ResultMembers } from './result-members.js';
import { DEFAULT_LEGACY_REVISION } from './revisions.js';
import { RpcCode, RpcError } from './rpc-errors.js';
import type { McpProfile } from './server-profile.js';
import type { ToolCalls } from './tool-call.js';

const EMPTY_TEMPLATES = '{"resourceTemplates":[]}';

export class ServerMethods {
  readonly modern: ReadonlySet<string>;
  readonly legacy: ReadonlySet<string>;
  /** The modern revisions served, as the profile lists them (error data). */
  readonly modernRevisions: readonly string[];
  /** The legacy revisions served, newest first (error data). */
  readonly legacyRevisions: readonly string[];
  /** The initialize counter-offer for a revision not served. */
  readonly latestLegacy: string;
  /** The revision of a legacy request without an MCP-Protocol-Version header. */
  readonly defaultLegacy: string;
  readonly servesModern: boolean;
  readonly hasResources: boolean;
  readonly legacyMethods: ReadonlyMap<string, Handler>;
  readonly modernMethods: ReadonlyMap<string, Handler>;
  /** The initialize handler (answered before any other legacy check). */
  readonly initialize: Handler;

  private readonly initializeResults = new Map<string, string>();

  constructor(profile: McpProfile, catalog: Catalog, members: ResultMembers, tools: ToolCalls, resources: ResourceReads) {
    this.modernRevisions = profile.modernRevisions;
    this.legacyRevisions = profile.legacyRevisions;
    this.modern = new Set(profile.modernRevisions);
    this.legacy = new Set(profile.legacyRevisions);
    this.latestLegacy = profile.legacyRevisions[0];
    this.defaultLegacy = this.legacy.has(DEFAULT_LEGACY_REVISION) ? DEFAULT_LEGACY_REVISION : this.latestLegacy;
    this.servesModern = this.modern.size > 0;
    this.hasResources = profile.resources.length > 0;

    const capabilities: Record<string, unknown> = { tools: {} };
    if (this.hasResources) capabilities.resources = {};
    for (const version of profile.legacyRevisions) {
      const result: Record<string, unknown> = { protocolVersion: version, capabilities, serverInfo: members.serverInfo };
      if (profile.instructions) result.instructions = profile.instructions;
      this.initializeResults.set(version, JSON.stringify(result));
    }
    const discover: Record<string, unknown> = { supportedVersions: [...profile.modernRevisions], capabilities };
    if (profile.instructions) discover.instructions = profile.instructions;
    const discoverResult = extendObject(JSON.stringify(discover), members.cacheable);
    const toolsList = JSON.stringify({ tools: catalog.toolList });
    const resourcesList = JSON.stringify({ resources: catalog.resourceList });
    // A list answers as is in the legacy era and with the cacheable members in the modern one.
    const list = (text: string): Handler => {
      const modernText = extendObject(text, members.cacheable);
      return (_p, s) => (s.era === 'modern' ? modernText : text);
    };

    this.initialize = (p) => this.initializeResult(p);
    const callTool: Handler = (p, s) => tools.call(p, s);
    const legacy = new Map<string, Handler>([
      ['initialize', this.initialize],
      ['ping', () => '{}'],
      ['tools/list', list(toolsList)],
      ['tools/call', callTool],
    ]);
    const modern = new Map<string, Handler>([
      ['server/discover', () => discoverResult],
      ['tools/list', list(toolsList)],
      ['tools/call', callTool],
    ]);
    if (this.hasResources) {
      const listResources = list(resourcesList);
      const listTemplates = list(EMPTY_TEMPLATES);
      const read: Handler = (p, s) => resources.read(p, s);
      for (const table of [legacy, modern]) {
        table.set('resources/list', listResources);
        table.set('resources/templates/list', listTemplates);
        table.set('resources/read', read);
      }
    }
    this.legacyMethods = legacy;
    this.modernMethods = modern;
  }

  private initializeResult(params: Params): string {
    const problems: string[] = [];
    if (typeof params.protocolVersion !== 'string') problems.push('protocolVersion');
    if (!isPlainObject(params.capabilities)) problems.push('capabilities');
    const clientInfo = params.clientInfo;
    if (!isPlainObject(clientInfo) || typeof clientInfo.name !== 'string' || typeof clientInfo.version !== 'string') {
      problems.push('clientInfo');
    }
    if (problems.length > 0) {
      throw new RpcError(
        RpcCode.InvalidParams,
        `Invalid initialize params: ${problems.join(', ')} ${problems.length === 1 ? 'is' : 'are'} missing or invalid (send protocolVersion, capabilities and clientInfo {name, version}).`,
        { invalid: problems },
      );
    }
    const requested = params.protocolVersion as string;
    return this.initializeResults.get(this.legacy.has(requested) ? requested : this.latestLegacy) as string;
  }
}
