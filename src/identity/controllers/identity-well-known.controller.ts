import { Controller, Get, Header } from '@nestjs/common';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import { Jwks } from '../dto/identity-openapi.js';
import { ApiOkResponse, ApiTags } from '../../common/http/swagger.js';
import { Public } from '../../common/auth/public.decorator.js';
import { IdentityService } from '../services/identity.service.js';

/** The public keys relying parties verify identity assertions with. */
@ApiTags('Broker')
@Public()
@Controller('.well-known')
export class IdentityWellKnownController {
  constructor(private readonly identity: IdentityService) {}

  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  @Header('Access-Control-Allow-Origin', '*')
  @ApiOp(
    'getJwks',
    "The broker's assertion signing keys (JWKS): the active key and retired keys until their last assertion expired",
    'The public keys relying parties verify identity assertions with (RFC 7517): the active key and retired keys until their last assertion expired. Readable cross-origin; cacheable for 5 minutes.',
  )
  @ApiOkResponse({ schema: Jwks, headers: { 'Cache-Control': { $ref: '#/components/headers/CacheControl' } } as never })
  @ApiErrors(503)
  jwks() {
    return this.identity.jwks();
  }
}
