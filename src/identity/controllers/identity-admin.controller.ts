import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentOperator } from '../../common/auth/operator.guard.js';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { AttestationAuthorityDto, RpPolicyDto } from '../dto/identity.dto.js';
import { IdentityService } from '../services/identity.service.js';

/** Operators: attestation authorities (trust roots), relying-party policies, assertion signing keys. */
@ApiTags('broker-admin')
@ApiBearerAuth()
@Controller('admin/broker')
export class IdentityAdminController {
  constructor(private readonly identity: IdentityService) {}

  @Get('attestation-authorities')
  @ApiOperation({ summary: 'Attestation authorities: registered by operators and configured in BROKER_ATTESTATION_AUTHORITIES' })
  listAuthorities() {
    return this.identity.listAuthorities().then((authorities) => ({ authorities }));
  }

  @Post('attestation-authorities')
  @HttpCode(201)
  @ApiOperation({ summary: 'Register an attestation authority (or change its jwks_uri)' })
  registerAuthority(@Body() body: AttestationAuthorityDto, @CurrentOperator() operator: OperatorPrincipal) {
    return this.identity.registerAuthority(operator, body.issuer, body.jwks_uri);
  }

  @Delete('attestation-authorities/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove an attestation authority (its attestations stop verifying; stored ones still check receipts)' })
  async removeAuthority(@Param('id', ParseUUIDPipe) id: string): Promise<void> {
    await this.identity.removeAuthority(id);
  }

  @Get('rp-policies')
  @ApiOperation({ summary: 'Operator relying-party rules ("*" is the default, overriding BROKER_RP_POLICY)' })
  listPolicies() {
    return this.identity.operatorPolicies().then((rules) => ({ rules }));
  }

  @Put('rp-policies')
  @ApiOperation({ summary: 'Set (or with policy null remove) an operator rule; an operator block wins over every owner rule' })
  @ApiOkResponse({ description: 'The rule, or {"removed":true}' })
  async setPolicy(@Body() body: RpPolicyDto, @CurrentOperator() operator: OperatorPrincipal) {
    return (await this.identity.setOperatorPolicy(operator, body.service, body.policy ?? null)) ?? { removed: true };
  }

  @Get('owners/:ownerId/rp-policies')
  @ApiOperation({ summary: "An owner's own relying-party rules (support view)" })
  @ApiParam({ name: 'ownerId', format: 'uuid', example: '00000000-0000-4000-8000-000000000000' })
  ownerPolicies(@Param('ownerId', ParseUUIDPipe) ownerId: string) {
    return this.identity.operatorPolicies(ownerId).then((rules) => ({ rules }));
  }

  @Get('signing-keys')
  @ApiOperation({ summary: 'Assertion signing keys (public metadata only)' })
  signingKeys() {
    return this.identity.signingKeys().then((keys) => ({ keys }));
  }

  @Post('signing-keys/rotate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rotate the assertion signing key; the old key stays in the JWKS until its last assertion expired' })
  rotate() {
    return this.identity.rotateSigningKey();
  }
}
