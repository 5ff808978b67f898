import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { servedRevisions, type GateContext, type McpProfile } from '../protocol/server-profile.js';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
const CARD_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

/** A discovery document, serialized once at boot with its strong ETag. */
export interface DiscoveryDocument {
  path: string;
  contentType: string;
  body: string;
  etag: string;
}

/** The reverse-DNS namespace of server card names, from PUBLIC_BASE_URL's host. */
export function cardNamespace(publicBaseUrl: string): string {
  const host = new URL(publicBaseUrl).hostname.toLowerCase();
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host) && !/^[0-9.]+$/.test(host)) return host.split('.').reverse().join('.');
  return 'local.agentry';
}

function document(path: string, contentType: string, value: unknown): DiscoveryDocument {
  const body = JSON.stringify(value, null, 2);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { path, contentType, body, etag };
}

/** The server card of one profile (experimental server-card format). */
export function serverCard(profile: McpProfile, config: AppConfig): Record<string, unknown> {
  const card = profile.card;
  if (!card) throw new Error(`Profile ${profile.name} has no card`);
  const name = `${cardNamespace(config.publicBaseUrl)}/${card.id}`;
  if (!CARD_NAME.test(name) || name.length > 200) throw new Error(`Server card name ${name} is not valid reverse-DNS`);
  if (card.description.length < 1 || card.description.length > 100) {
    throw new Error(`Server card ${name}: description must be 1-100 characters`);
  }
  if (card.title.length > 100) throw new Error(`Server card ${name}: title must be at most 100 characters`);
  return {
    $schema: SERVER_CARD_SCHEMA,
    name,
    version: profile.serverInfo.version,
    title: card.title,
    description: card.description,
    websiteUrl: `${config.publicBaseUrl}${card.websitePath ?? '/'}`,
    remotes: [
      {
        type: 'streamable-http',
        url: `${config.publicBaseUrl}${profile.mounts[0].path}`,
        supportedProtocolVersions: servedRevisions(profile),
      },
    ],
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: profile.serverInfo.name, version: profile.serverInfo.version } },
  };
}

/** The /.well-known/mcp manifest: every advertised server at its canonical URL. */
export function manifest(profiles: McpProfile[], config: AppConfig, gate: GateContext): Record<string, unknown> {
  return {
    name: 'Agentry',
    description: 'Model Context Protocol servers hosted by this Agentry service.',
    servers: profiles
      .filter((p) => p.advertise)
      .map((p) => ({
        name: p.name,
        title: p.card?.title ?? p.serverInfo.title ?? p.name,
        description: p.card?.description,
        url: `${config.publicBaseUrl}${p.mounts[0].path}`,
        transport: 'streamable-http',
        auth: p.auth.type === 'oauth2' ? { type: 'oauth2', resourceMetadata: p.auth.resourceMetadata?.(gate) } : p.auth,
        supportedProtocolVersions: servedRevisions(p),
        serverCard: p.card ? `${config.publicBaseUrl}${p.mounts[0].path}/server-card` : undefined,
        serverInfo: { name: p.serverInfo.name, version: p.serverInfo.version },
      })),
  };
}

/** Every discovery document: the manifest (two paths) and the server cards. */
export function discoveryDocuments(profiles: McpProfile[], config: AppConfig, gate: GateContext): DiscoveryDocument[] {
  const docs: DiscoveryDocument[] = [];
  const m = manifest(profiles, config, gate);
  docs.push(document('/.well-known/mcp', 'application/json; charset=utf-8', m));
  docs.push(document('/.well-known/mcp.json', 'application/json; charset=utf-8', m));
  for (const profile of profiles) {
    if (!profile.advertise || !profile.card) continue;
    const card = serverCard(profile, config);
    docs.push(document(`${profile.mounts[0].path}/server-card`, SERVER_CARD_TYPE, card));
    if (profile.name === 'community') docs.push(document('/.well-known/mcp/server-card.json', SERVER_CARD_TYPE, card));
  }
  return docs;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
  'access-control-expose-headers': 'ETag',
  'access-control-max-age': '86400',
};

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Serves the discovery documents: cacheable, ETag/304, readable cross-origin, with preflight. */
export function registerDiscovery(fastify: FastifyInstance, documents: DiscoveryDocument[]): void {
  void fastify.register(async (instance) => {
    for (const doc of documents) {
      instance.route({
        method: 'GET',
        url: doc.path,
        handler: async (request, reply) => {
          reply.headers(CORS).header('cache-control', 'public, max-age=3600').header('etag', doc.etag);
          if (matches(request.headers['if-none-match'], doc.etag)) return reply.code(304).send();
          return reply.header('content-type', doc.contentType).send(doc.body);
        },
      });
      instance.route({
        method: 'OPTIONS',
        url: doc.path,
        handler: async (_request, reply) => {
          return reply.code(204).headers(CORS).send();
        },
      });
    }
  });
}
