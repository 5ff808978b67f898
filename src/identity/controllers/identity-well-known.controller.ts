import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator.js';
import { IdentityService } from '../services/identity.service.js';

/** The public keys relying parties verify identity assertions with. */
@ApiTags('broker')
@Public()
@Controller('.well-known')
export class IdentityWellKnownController {
  constructor(private readonly identity: IdentityService) {}

  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  @Header('Access-Control-Allow-Origin', '*')
  @ApiOperation({
    summary: "The broker's assertion signing keys (JWKS): the active key and retired keys until their last assertion expired",
  })
  @ApiOkResponse({ description: '{"keys":[{kty,crv,x,y,kid,alg:"ES256",use:"sig"}]}' })
  jwks() {
    return this.identity.jwks();
  }
}
