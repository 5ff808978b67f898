import type { FastifyReply } from 'fastify';

/**
 * CORS for the OAuth endpoints browser-based hosts call (discovery, token, register, revoke):
 * any origin, no cookies (these endpoints never use them). The consent pages get no CORS.
 */
export function withCors(reply: FastifyReply): void {
  void reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'WWW-Authenticate');
}

export function corsPreflight(reply: FastifyReply, methods: string): string {
  void reply
    .code(204)
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', methods)
    .header('access-control-allow-headers', 'Authorization, Content-Type, MCP-Protocol-Version')
    .header('access-control-max-age', '600');
  return '';
}

/** Paths whose cross-origin POSTs are allowed (the app's Origin guard lets them through). */
export const CORS_POST_PATHS: ReadonlySet<string> = new Set(['/token', '/register', '/revoke']);
