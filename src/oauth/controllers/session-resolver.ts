import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { AppConfig } from '../../config/app-config.js';
import { OauthService } from '../services/oauth.service.js';
import { readCookie, sessionCookieName } from './session-cookie.js';

/** The signed-in owner of a page request (the edge that creates the OwnerPrincipal). */
@Injectable()
export class SessionResolver {
  constructor(
    private readonly config: AppConfig,
    private readonly oauth: OauthService,
  ) {}

  owner(request: FastifyRequest): Promise<OwnerPrincipal | undefined> {
    return this.oauth.ownerSession(readCookie(request, sessionCookieName(this.config)));
  }
}
