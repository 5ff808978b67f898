import { ApiProperty, ApiPropertyOptional } from '../../common/http/swagger.js';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../../common/validation/is-email-address.decorator.js';
import { PageQueryDto } from '../../common/validation/page-query.dto.js';
import { DMV_REGISTRATION_SOURCES, type DmvRegistrationSource } from '../dmv.types.js';

/** POST /api/v1/dmv/registrations */
export class RegisterAgentDto {
  @ApiProperty({
    description:
      'The proposed name: a DNS label (1-63 of a-z, 0-9, hyphen). It is lower-cased, trimmed, spaces and underscores become hyphens, and a trailing .agent is dropped.',
    example: 'support-bot',
    maxLength: 253,
  })
  @IsString()
  @Length(1, 253)
  agent_name!: string;

  @ApiProperty({ description: 'The contact address; it receives one verification email.', format: 'email', example: 'ops@example.com' })
  @IsString()
  @IsEmailAddress()
  email!: string;

  @ApiProperty({ description: 'Who runs the agent.', minLength: 1, maxLength: 100, example: 'Example Operator' })
  @IsString()
  @Length(1, 100)
  operator_name!: string;

  @ApiPropertyOptional({ description: 'What the agent does.', maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;
}

/** POST /api/v1/dmv/registrations/:certificateId/resend-verification */
export class ResendVerificationDto {
  @ApiProperty({ description: "The registration's contact address (the same one given at registration).", format: 'email' })
  @IsString()
  @IsEmailAddress()
  email!: string;
}

export class ResendVerificationResultDto {
  @ApiProperty({ example: 'DMV-0000-014S-C0PJ-V' }) certificate_id!: string;
  @ApiProperty({ enum: [true] }) accepted!: true;
  @ApiProperty({ description: 'The same answer whether or not the address matches, so nothing is revealed.' }) message!: string;
}

/** The registration result (REST and MCP alike). */
export class RegistrationResultDto {
  @ApiProperty({ example: 'DMV-0000-014S-C0PJ-V' }) certificate_id!: string;
  @ApiProperty({ example: 'support-bot' }) agent_name!: string;
  @ApiProperty({ example: 'support-bot.agent' }) domain!: string;
  @ApiProperty({ enum: ['pre_registration'] }) registration_type!: 'pre_registration';
  @ApiProperty({ format: 'uri' }) certificate_url!: string;
  @ApiProperty({ format: 'uri' }) badge_url!: string;
  @ApiProperty({ description: 'The fixed non-binding notice shown on every certificate page.' }) message!: string;
  @ApiProperty({
    description:
      'Whether the mail relay accepted the verification email during this request. When false, email_note says why: already recorded, queued (retried automatically), held (no relay), refused, or not sent because a daily verification-mail cap (per recipient domain or in total) is reached.',
  })
  email_sent!: boolean;
  @ApiPropertyOptional({ description: 'Why no email was sent (yet), when email_sent is false.' }) email_note?: string;
  @ApiPropertyOptional({
    enum: [true],
    description: 'Present when this name and address were already registered; the existing certificate is returned.',
  })
  already_recorded?: true;
}

/** GET /dmv/api/lookup */
export class LookupQueryDto {
  @ApiProperty({ description: 'A certificate ID, in any case, with or without hyphens.', example: 'DMV-0000-014S-C0PJ-V', maxLength: 100 })
  // Decorators run bottom-up: a missing id is reported as missing, not as too long.
  @MaxLength(100, { message: 'certificate_id must be at most 100 characters' })
  @IsNotEmpty({ message: 'certificate_id must not be empty' })
  @IsString({ message: 'certificate_id is required: pass the certificate ID as ?certificate_id=' })
  certificate_id!: string;
}

export class LookupResultDto {
  @ApiProperty({ description: 'Canonical form, or the input as given when it is not a valid ID.' }) certificate_id!: string;
  @ApiProperty({ enum: ['issued', 'not_found', 'invalid_format'] }) status!: string;
  @ApiProperty({ type: String, nullable: true }) agent_name!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'support-bot.agent' }) domain!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) issued_at!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) certificate_url!: string | null;
}

/** GET /dmv/certificates?certificate_id=… (the DMV page's form) */
export class FindCertificateQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) certificate_id?: string;
}

/** GET /dmv/verify?token=… */
export class VerifyContactQueryDto {
  @ApiPropertyOptional({ description: 'The token from the verification email.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  token?: string;
}

/** GET /admin/dmv/registrations */
/** GET /admin/dmv/registrations filters (the page parameters follow them in the document). */
class RegistrationFiltersDto {
  @ApiPropertyOptional({ description: 'Part of the normalized name.' }) @IsOptional() @IsString() @MaxLength(100) name?: string;
  @ApiPropertyOptional({ description: 'The whole contact address (case-insensitive).' })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string;
  @ApiPropertyOptional({ enum: DMV_REGISTRATION_SOURCES })
  @IsOptional()
  @IsIn(DMV_REGISTRATION_SOURCES)
  source?: DmvRegistrationSource;
  @ApiPropertyOptional({ description: 'Only registrations created at or after this time (ISO 8601).' })
  @IsOptional()
  @IsISO8601()
  since?: string;
}

/** GET /admin/dmv/registrations: the filters, then `?limit&offset` (1-100, default 50). */
export class ListRegistrationsQueryDto extends PageQueryDto({ maxLimit: 100, schemaType: 'number' }, RegistrationFiltersDto) {}

export class WithdrawRegistrationDto {
  @ApiProperty({ description: 'Why it is withdrawn (kept with the record).', minLength: 1, maxLength: 500 })
  @IsString()
  @Length(1, 500)
  @Matches(/\S/, { message: 'reason must not be empty' })
  reason!: string;
}

export class ReservedNameDto {
  @ApiProperty({ example: 'acme' }) @IsString() @Length(1, 253) name!: string;
}

export class ReservedNamesDto {
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMaxSize(10000)
  @IsString({ each: true })
  @MaxLength(253, { each: true })
  names!: string[];
}

export class AdminRegistrationDto {
  @ApiProperty() certificate_id!: string;
  @ApiProperty() agent_name!: string;
  @ApiProperty() domain!: string;
  @ApiProperty() registration_type!: string;
  @ApiProperty() operator_name!: string;
  @ApiProperty() contact_email!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ enum: ['mcp', 'chatgpt', 'rest'] }) source!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) contact_verified_at!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) withdrawn_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) withdrawn_reason!: string | null;
  @ApiProperty({ type: String, nullable: true }) withdrawn_by!: string | null;
  @ApiProperty({ format: 'uri' }) certificate_url!: string;
}

export class AdminRegistrationListDto {
  @ApiProperty({ type: [AdminRegistrationDto] }) registrations!: AdminRegistrationDto[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
