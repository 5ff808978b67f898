import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WriteContext } from '../memory.types.js';

/** The request headers and a response-header setter, as MemoryService's writes expect them. */
export function writeContext(request: FastifyRequest, reply: FastifyReply): WriteContext {
  return { headers: request.headers, ip: request.ip, setHeader: (name, value) => void reply.header(name, value) };
}
