import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { OperatorsService } from './operators.service.js';
import type { OperatorPrincipal } from './principals.js';
import { IS_PUBLIC } from './public.decorator.js';
import { bearerToken } from './token.js';

/** A request the admin gate or this guard authenticated carries its operator here. */
export type RequestWithOperator = FastifyRequest & { operator?: OperatorPrincipal };

/**
 * The global guard: default-deny. Routes marked @Public() are open; every other route needs a
 * valid, unrevoked operator token (401 without or with a bad one, 403 when revoked).
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly operators: OperatorsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<RequestWithOperator>();
    // Admin paths were authenticated in onRequest already (src/common/auth/admin-gate.ts).
    if (request.operator) return true;
    request.operator = await this.operators.authenticate(bearerToken(request.headers.authorization));
    return true;
  }
}

/** The authenticated operator of an admin route, to pass first to the services it calls. */
export const CurrentOperator = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<RequestWithOperator>().operator!,
);
