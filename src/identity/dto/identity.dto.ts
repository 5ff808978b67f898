import { ApiProperty, ApiPropertyOptional } from '../../common/http/swagger.js';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

// The broker mirror's bodies are checked by IdentityService exactly as the MCP tools' are, so both
// surfaces answer with the same error codes; these classes whitelist and describe the fields.

export class BrokerSignupDto {
  @ApiProperty({ description: 'The service origin, e.g. https://example.com', example: 'https://example.com' })
  @IsString()
  @MaxLength(300)
  service!: string;

  @ApiProperty({ description: "The complete terms.text you accept, exactly as the service's discovery document publishes it." })
  @IsString()
  @MaxLength(60_000)
  accepted_tos_text!: string;

  @ApiPropertyOptional({
    type: 'boolean',
    description: 'Record a new consent event and mint a new assertion even if an identical one is still valid.',
  })
  @IsOptional()
  @IsBoolean()
  force_new?: boolean;

  @ApiPropertyOptional({ description: 'Not accepted: discovery_source_not_allowed.', deprecated: true })
  @IsOptional()
  rp_discovery?: unknown;
  @ApiPropertyOptional({ description: 'Not accepted: discovery_source_not_allowed.', deprecated: true })
  @IsOptional()
  rp_discovery_url?: unknown;
  @ApiPropertyOptional({ description: 'Not accepted: discovery_source_not_allowed.', deprecated: true })
  @IsOptional()
  rp_attestation?: unknown;
}

export class SelfReportDto {
  @ApiProperty({ description: 'The service origin.' }) @IsString() @MaxLength(300) service!: string;
  @ApiPropertyOptional({ description: 'Your account id at the service.' }) @IsOptional() @IsString() @MaxLength(300) account?: string;
  @ApiPropertyOptional({ description: 'A URL that shows the signup (e.g. the welcome page).' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  context_url?: string;
}

export class BrokerRecordSignupDto {
  @ApiPropertyOptional({ description: "The service's signed receipt (signup-receipt+jwt), exactly as returned." })
  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  signup_token?: string;

  @ApiPropertyOptional({ type: SelfReportDto, description: 'Weaker, unsigned: only when the service returned no signup_token.' })
  @IsOptional()
  @IsObject()
  self_report?: SelfReportDto;
}

export class AttestationAuthorityDto {
  @ApiProperty({ description: 'The authority issuer (the iss of its attestations).', example: 'https://attest.example.org' })
  @IsString()
  @MaxLength(500)
  issuer!: string;

  @ApiProperty({ description: "The authority's JWKS URL (https).", example: 'https://attest.example.org/jwks.json' })
  @IsString()
  @MaxLength(2000)
  jwks_uri!: string;
}

export class RpPolicyDto {
  @ApiProperty({ description: 'An RP origin, or "*" for the default.', example: 'https://example.com' })
  @IsString()
  @MaxLength(300)
  service!: string;

  @ApiProperty({ enum: ['allow', 'warn', 'require', 'block'], nullable: true, description: 'null removes the rule.' })
  @IsOptional()
  @IsIn(['allow', 'warn', 'require', 'block', null])
  policy!: 'allow' | 'warn' | 'require' | 'block' | null;
}
