import { ApiProperty, ApiPropertyOptional } from '../../common/http/swagger.js';
import { IsArray, IsIn, IsOptional, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { IntQueryParam } from '../../common/validation/int-query-param.decorator.js';

export class BrokerListQuery {
  @IntQueryParam({ name: 'limit', min: 1, max: 200, default: 50 }) limit = 50;
  @IntQueryParam({ name: 'offset', min: 0, max: 1_000_000, default: 0 }) offset = 0;
}

export class OwnersQuery extends BrokerListQuery {
  @ApiPropertyOptional({ enum: ['active', 'suspended'] })
  @IsOptional()
  @IsIn(['active', 'suspended'], { message: 'status must be active or suspended' })
  status?: string;
}

export class AgentsQuery extends BrokerListQuery {
  @ApiPropertyOptional({ enum: ['active', 'revoked', 'suspended'] })
  @IsOptional()
  @IsIn(['active', 'revoked', 'suspended'], { message: 'status must be active, revoked or suspended' })
  status?: string;
}

export class TokensQuery extends BrokerListQuery {
  @ApiPropertyOptional({ description: "Only this owner's tokens." })
  @IsOptional()
  @IsUUID('all', { message: 'owner_id must be a UUID' })
  owner_id?: string;
  @ApiPropertyOptional({ description: "Only this client's tokens (the client row id)." })
  @IsOptional()
  @IsUUID('all', { message: 'client_id must be a UUID' })
  client_id?: string;
}

export class StatusChangeDto {
  @ApiPropertyOptional({ description: 'Why (shown to operators; at most 300 characters).' })
  @IsOptional()
  @IsString({ message: 'reason must be a string' })
  @MaxLength(300, { message: 'reason must be at most 300 characters' })
  reason?: string;
}

export class PublishAgreementDto {
  @ApiProperty({ example: '1.1' })
  @IsString({ message: 'version must be a string' })
  @Length(1, 20, { message: 'version must be 1-20 characters' })
  version!: string;
  @ApiProperty({ description: 'The agreement text (Markdown).' })
  @IsString({ message: 'text must be a string' })
  @Length(20, 100_000, { message: 'text must be 20 to 100,000 characters' })
  text!: string;
}

export class PreregisterClientDto {
  @ApiProperty({ example: 'Acme desktop host' })
  @IsString({ message: 'client_name must be a string' })
  @Length(1, 200, { message: 'client_name must be 1-200 characters' })
  client_name!: string;
  @ApiProperty({ example: ['http://127.0.0.1/callback'] })
  @IsArray({ message: 'redirect_uris must be an array of URLs' })
  @IsString({ each: true, message: 'redirect_uris must be an array of URLs' })
  redirect_uris!: string[];
  @ApiPropertyOptional({ enum: ['none', 'client_secret_basic', 'client_secret_post'] })
  @IsOptional()
  @IsIn(['none', 'client_secret_basic', 'client_secret_post'], {
    message: 'token_endpoint_auth_method must be none, client_secret_basic or client_secret_post',
  })
  token_endpoint_auth_method?: string;
  @ApiPropertyOptional({ example: ['authorization_code', 'refresh_token'] })
  @IsOptional()
  @IsArray({ message: 'grant_types must be an array' })
  @IsString({ each: true, message: 'grant_types must be an array of strings' })
  grant_types?: string[];
  @ApiPropertyOptional({ example: 'identity:read inbox:read' })
  @IsOptional()
  @IsString({ message: 'scope must be a string' })
  @MaxLength(500, { message: 'scope must be at most 500 characters' })
  scope?: string;
}
