import { Allow } from 'class-validator';
import { FormText } from '../../common/http/form-body.js';

// The bodies of the OAuth endpoints (RFC 6749 / 7009 / 7591). Read by OAuthParams / ClientMetadata
// (controllers/oauth-params.ts), which refuse with RFC 6749 errors, never the REST error body.

/** POST /token: the grant_type selects the exchange (OauthService.tokenRequest). */
export class TokenRequestDto {
  @FormText() grant_type?: string;
  @FormText() code?: string;
  @FormText() code_verifier?: string;
  @FormText() redirect_uri?: string;
  @FormText() refresh_token?: string;
  @FormText() scope?: string;
  @FormText() resource?: string;
  /** Client authentication (none / client_secret_post); read by the ClientCredentials decorator too. */
  @FormText() client_id?: string;
  @FormText() client_secret?: string;
}

/** POST /revoke (RFC 7009). */
export class RevokeRequestDto {
  @FormText() token?: string;
  @FormText() token_type_hint?: string;
  @FormText() client_id?: string;
  @FormText() client_secret?: string;
}

/**
 * POST /register (RFC 7591): the client metadata the broker reads. Values stay as sent: the
 * registration checks them and answers invalid_redirect_uri / invalid_client_metadata (RFC 7591 §3.2.2)
 * with its own descriptions; other members are ignored (§2).
 */
export class ClientRegistrationDto {
  @Allow() redirect_uris?: unknown;
  @Allow() token_endpoint_auth_method?: unknown;
  @Allow() grant_types?: unknown;
  @Allow() response_types?: unknown;
  @Allow() client_name?: unknown;
  @Allow() scope?: unknown;
  @Allow() client_uri?: unknown;
  @Allow() logo_uri?: unknown;
  @Allow() tos_uri?: unknown;
  @Allow() policy_uri?: unknown;
  @Allow() software_id?: unknown;
  @Allow() software_version?: unknown;
  @Allow() application_type?: unknown;
  @Allow() contacts?: unknown;
}
