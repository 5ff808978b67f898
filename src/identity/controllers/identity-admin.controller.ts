import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import {
  AttestationAuthority,
  AttestationAuthorityList,
  RpPolicyRemoved,
  RpPolicyRule,
  RpPolicyRuleList,
  SigningKey,
  SigningKeyList,
} from '../dto/identity-openapi.js';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiParam, ApiTags } from '../../common/http/swagger.js';
import { CurrentOperator } from '../../common/auth/operator.guard.js';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { AttestationAuthorityDto, RpPolicyDto } from '../dto/identity.dto.js';
import { IdentityService } from '../services/identity.service.js';

/** Operators: attestation authorities (trust roots), relying-party policies, assertion signing keys. */
@ApiTags('Admin: identity broker')
@ApiBearerAuth('operator')
@ApiErrors(401, 403, 429, 503)
@Controller('admin/broker')
export class IdentityAdminController {
  constructor(private readonly identity: IdentityService) {}

  @Get('attestation-authorities')
  @ApiOp(
    'adminListAttestationAuthorities',
    'Attestation authorities: registered by operators and configured in BROKER_ATTESTATION_AUTHORITIES',
    'The trust roots whose attestations vouch for relying parties: registered by operators, and configured in BROKER_ATTESTATION_AUTHORITIES (id null).',
  )
  @ApiOkResponse({ schema: AttestationAuthorityList })
  listAuthorities() {
    return this.identity.listAuthorities().then((authorities) => ({ authorities }));
  }

  @Post('attestation-authorities')
  @HttpCode(201)
  @ApiOp(
    'adminRegisterAttestationAuthority',
    'Register an attestation authority (or change its jwks_uri)',
    'Registers an attestation authority by its issuer, or changes the jwks_uri of a known one.',
  )
  @ApiCreatedResponse({ schema: AttestationAuthority })
  @ApiErrors(400, 413, 415)
  registerAuthority(@Body() body: AttestationAuthorityDto, @CurrentOperator() operator: OperatorPrincipal) {
    return this.identity.registerAuthority(operator, body.issuer, body.jwks_uri);
  }

  @Delete('attestation-authorities/:id')
  @HttpCode(204)
  @ApiOp(
    'adminRemoveAttestationAuthority',
    'Remove an attestation authority (its attestations stop verifying; stored ones still check receipts)',
    'Removes an operator-registered authority: its attestations stop verifying; stored ones still check receipts.',
  )
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrors(400, 404)
  async removeAuthority(@Param('id', ParseUUIDPipe) id: string): Promise<void> {
    await this.identity.removeAuthority(id);
  }

  @Get('rp-policies')
  @ApiOp(
    'adminListRpPolicies',
    'Operator relying-party rules ("*" is the default, overriding BROKER_RP_POLICY)',
    'The operator\'s relying-party rules; the service "*" is the default and overrides BROKER_RP_POLICY.',
  )
  @ApiOkResponse({ schema: RpPolicyRuleList })
  listPolicies() {
    return this.identity.operatorPolicies().then((rules) => ({ rules }));
  }

  @Put('rp-policies')
  @ApiOp(
    'adminSetRpPolicy',
    'Set (or with policy null remove) an operator rule; an operator block wins over every owner rule',
    'Sets the rule for one service (or "*"), or removes it with policy null; an operator block wins over every owner rule.',
  )
  @ApiOkResponse({ description: 'The rule, or {"removed": true}.', schema: { oneOf: [RpPolicyRule, RpPolicyRemoved] } })
  @ApiErrors(400, 413, 415)
  async setPolicy(@Body() body: RpPolicyDto, @CurrentOperator() operator: OperatorPrincipal) {
    return (await this.identity.setOperatorPolicy(operator, body.service, body.policy ?? null)) ?? { removed: true };
  }

  @Get('owners/:ownerId/rp-policies')
  @ApiOp(
    'adminListOwnerRpPolicies',
    "An owner's own relying-party rules (support view)",
    "An owner's own relying-party rules, for support.",
  )
  @ApiOkResponse({ schema: RpPolicyRuleList })
  @ApiErrors(400)
  @ApiParam({ name: 'ownerId', format: 'uuid', example: '00000000-0000-4000-8000-000000000000' })
  ownerPolicies(@Param('ownerId', ParseUUIDPipe) ownerId: string) {
    return this.identity.operatorPolicies(ownerId).then((rules) => ({ rules }));
  }

  @Get('signing-keys')
  @ApiOp(
    'adminListSigningKeys',
    'Assertion signing keys (public metadata only)',
    'The assertion signing keys with their status (public metadata only, never private keys).',
  )
  @ApiOkResponse({ schema: SigningKeyList })
  signingKeys() {
    return this.identity.signingKeys().then((keys) => ({ keys }));
  }

  @Post('signing-keys/rotate')
  @HttpCode(200)
  @ApiOp(
    'adminRotateSigningKey',
    'Rotate the assertion signing key; the old key stays in the JWKS until its last assertion expired',
    'Creates a new active signing key; the old one is retired but stays in the JWKS until its last assertion expired.',
  )
  @ApiOkResponse({ schema: SigningKey })
  rotate() {
    return this.identity.rotateSigningKey();
  }
}
