// The identity module's transaction-scoped advisory locks (released at commit or rollback).

/** Serialises signing-key rotation and first-key creation across instances. */
export const SIGNING_KEY_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('identity_signing_key'))`;

/** Serialises identical signup requests (same agent, service and terms). $1 = the request key. */
export const SIGNUP_REQUEST_LOCK_SQL = 'SELECT pg_advisory_xact_lock(hashtext($1))';
