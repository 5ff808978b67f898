import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { AppConfig } from '../../config/app-config.js';
import { OwnerAuthService } from '../services/owner-auth.js';
import { readCookie, sessionCookieName } from './session-cookie.js';

/** The signed-in owner of a page request (the edge that creates the OwnerPrincipal). */
@Injectable()
export class SessionResolver {
  constructor(
    private readonly config: AppConfig,
    private readonly owners: OwnerAuthService,
  ) {}

  owner(request: FastifyRequest): Promise<OwnerPrincipal | undefined> {
    return this.owners.session(readCookie(request, sessionCookieName(this.config)));
  }
}
