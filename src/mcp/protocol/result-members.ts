// The members the modern era appends to every result object, serialized once per server at boot.
import { META_SERVER_INFO } from './revisions.js';
import type { McpProfile } from './server-profile.js';

/** How long modern clients may reuse cacheable results (server/discover, lists, reads). */
export const CACHE_TTL_MS = 60_000;

/** `,"resultType":…,"_meta":…` texts to splice into a modern result with extendObject. */
export interface ResultMembers {
  /** Every modern result: complete, with the server's info. */
  plain: string;
  /** Cacheable modern results (discover, lists, reads): also ttlMs and a public cache scope. */
  cacheable: string;
  /** serverInfo as initialize and the modern _meta state it. */
  serverInfo: Record<string, string>;
}

export function resultMembers(profile: McpProfile): ResultMembers {
  const serverInfo: Record<string, string> = { name: profile.serverInfo.name, version: profile.serverInfo.version };
  if (profile.serverInfo.title) serverInfo.title = profile.serverInfo.title;
  const meta = JSON.stringify({ [META_SERVER_INFO]: serverInfo });
  return {
    plain: `,"resultType":"complete","_meta":${meta}`,
    cacheable: `,"resultType":"complete","ttlMs":${CACHE_TTL_MS},"cacheScope":"public","_meta":${meta}`,
    serverInfo,
  };
}
