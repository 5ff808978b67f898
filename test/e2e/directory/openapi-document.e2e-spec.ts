// The OpenAPI document itself: lint-clean under Redocly `recommended` and Spectral `spectral:oas`,
// security schemes that say how each operation is really authenticated, stable operationIds, a
// generated client that type-checks and matches the document byte for byte, docs that cannot drift.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REFERENCE_FILE, CLIENT_TYPES_FILE, clientTypes, withOperationsTable } from '../../../scripts/openapi-generate.mjs';
import { lintOpenApiDocument } from '../../../scripts/openapi-lint.mjs';
import { readBuiltOpenApiDocument } from '../../../src/common/http/openapi.js';
import { SCOPES } from '../../../src/oauth/domain/scopes.js';
import type { paths } from '../../support/openapi/agentry-api.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { insertMembers, SAMPLE_MEMBERS } from './directory-support.js';

const OPERATOR = 'mco_openapi_document_test_operator_token_000000';
type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every operation and its operationId. A published name: generated clients call these methods, so a
 * class or handler rename must never change one (they were Nest's `<Class>_<method>` defaults before).
 */
const OPERATION_IDS: Array<[string, string]> = [
  ['GET /healthz', 'getHealth'],
  ['GET /readyz', 'getReadiness'],
  ['GET /', 'getHomePage'],
  ['GET /admin/whoami', 'adminWhoami'],
  ['GET /admin/operators', 'adminListOperators'],
  ['POST /admin/operators', 'adminCreateOperator'],
  ['POST /admin/operators/{id}/revoke', 'adminRevokeOperator'],
  ['GET /admin/mail', 'adminListMail'],
  ['POST /admin/mail/{id}/retry', 'adminRetryMail'],
  ['GET /api/v1/members', 'listMembers'],
  ['GET /api/v1/members/{slug}', 'getMember'],
  ['GET /api/v1/search', 'searchMembers'],
  ['GET /api/v1/profiles', 'listProfiles'],
  ['GET /api/v1/globe', 'getGlobe'],
  ['GET /api/v1/content-search', 'searchContent'],
  ['GET /api/v1/stats', 'getStats'],
  ['GET /api/map/search', 'searchMembersDeprecated'],
  ['GET /api/map/profiles', 'listProfilesDeprecated'],
  ['GET /api/map/globe', 'getGlobeDeprecated'],
  ['GET /api/content-search', 'searchContentDeprecated'],
  ['GET /admin/members', 'adminListMembers'],
  ['POST /admin/members', 'adminCreateMember'],
  ['GET /admin/members/audit', 'adminListMemberAudit'],
  ['GET /admin/members/{slug}', 'adminGetMember'],
  ['PATCH /admin/members/{slug}', 'adminUpdateMember'],
  ['DELETE /admin/members/{slug}', 'adminDeleteMember'],
  ['POST /admin/members/{slug}/hide', 'adminHideMember'],
  ['POST /admin/members/{slug}/show', 'adminShowMember'],
  ['POST /admin/members/import', 'adminImportMembers'],
  ['GET /admin/categories', 'adminListCategories'],
  ['GET /dmv/api/lookup', 'lookupCertificate'],
  ['POST /api/v1/dmv/registrations', 'createDmvRegistration'],
  ['POST /api/v1/dmv/registrations/{certificateId}/resend-verification', 'resendDmvVerification'],
  ['GET /admin/dmv/registrations', 'adminListDmvRegistrations'],
  ['POST /admin/dmv/registrations/{certificateId}/withdraw', 'adminWithdrawDmvRegistration'],
  ['GET /admin/dmv/reserved-names', 'adminListReservedNames'],
  ['POST /admin/dmv/reserved-names', 'adminAddReservedName'],
  ['PUT /admin/dmv/reserved-names', 'adminReplaceReservedNames'],
  ['DELETE /admin/dmv/reserved-names/{name}', 'adminRemoveReservedName'],
  ['GET /.well-known/jwks.json', 'getJwks'],
  ['GET /api/v1/broker/whoami', 'brokerWhoami'],
  ['POST /api/v1/broker/signup', 'brokerSignup'],
  ['POST /api/v1/broker/record-signup', 'brokerRecordSignup'],
  ['GET /admin/broker/attestation-authorities', 'adminListAttestationAuthorities'],
  ['POST /admin/broker/attestation-authorities', 'adminRegisterAttestationAuthority'],
  ['DELETE /admin/broker/attestation-authorities/{id}', 'adminRemoveAttestationAuthority'],
  ['GET /admin/broker/rp-policies', 'adminListRpPolicies'],
  ['PUT /admin/broker/rp-policies', 'adminSetRpPolicy'],
  ['GET /admin/broker/owners/{ownerId}/rp-policies', 'adminListOwnerRpPolicies'],
  ['GET /admin/broker/signing-keys', 'adminListSigningKeys'],
  ['POST /admin/broker/signing-keys/rotate', 'adminRotateSigningKey'],
  ['GET /api/v1/broker/inbox/messages', 'listInboxMessages'],
  ['GET /api/v1/broker/inbox/messages/{id}', 'readInboxMessage'],
  ['POST /api/v1/broker/inbox/wait', 'waitForInboxEmail'],
  ['POST /api/v1/broker/inbox/send', 'sendInboxEmail'],
  ['GET /admin/inbox/mailboxes', 'adminListMailboxes'],
  ['GET /admin/inbox/mailboxes/{handle}', 'adminGetMailbox'],
  ['POST /admin/inbox/mailboxes/{handle}/suspend', 'adminSuspendMailbox'],
  ['POST /admin/inbox/mailboxes/{handle}/restore', 'adminRestoreMailbox'],
  ['GET /admin/inbox/held', 'adminListHeldMail'],
  ['GET /admin/inbox/suppressions', 'adminListSuppressions'],
  ['POST /admin/inbox/suppressions', 'adminAddSuppression'],
  ['DELETE /admin/inbox/suppressions/{id}', 'adminRemoveSuppression'],
  ['GET /admin/inbox/audit', 'adminListInboxAudit'],
  ['GET /.well-known/oauth-authorization-server', 'getAuthorizationServerMetadata'],
  ['GET /.well-known/oauth-protected-resource/broker/mcp', 'getProtectedResourceMetadata'],
  ['POST /token', 'exchangeToken'],
  ['POST /register', 'registerClient'],
  ['POST /revoke', 'revokeToken'],
  ['GET /authorize', 'authorize'],
  ['GET /admin/broker/owners', 'adminListOwners'],
  ['GET /admin/broker/owners/{id}', 'adminGetOwner'],
  ['POST /admin/broker/owners/{id}/suspend', 'adminSuspendOwner'],
  ['POST /admin/broker/owners/{id}/restore', 'adminRestoreOwner'],
  ['GET /admin/broker/owners/{id}/passkeys', 'adminListOwnerPasskeys'],
  ['POST /admin/broker/owners/{id}/passkeys/revoke', 'adminRevokeOwnerPasskeys'],
  ['GET /admin/broker/agents', 'adminListAgents'],
  ['POST /admin/broker/agents/{id}/suspend', 'adminSuspendAgent'],
  ['POST /admin/broker/agents/{id}/restore', 'adminRestoreAgent'],
  ['GET /admin/broker/clients', 'adminListClients'],
  ['POST /admin/broker/clients', 'adminRegisterClient'],
  ['POST /admin/broker/clients/{id}/revoke', 'adminRevokeClient'],
  ['GET /admin/broker/tokens', 'adminListTokens'],
  ['POST /admin/broker/tokens/{id}/revoke', 'adminRevokeToken'],
  ['GET /admin/broker/agreements', 'adminListAgreements'],
  ['POST /admin/broker/agreements', 'adminPublishAgreement'],
  ['GET /admin/broker/audit', 'adminListBrokerAudit'],
  ['GET /recall/api/v1/categories', 'listRecallCategories'],
  ['POST /recall/api/v1/categories', 'createRecallCategory'],
  ['GET /recall/api/v1/categories/{slug}/topics', 'listRecallTopics'],
  ['GET /recall/api/v1/messages', 'readRecallMessages'],
  ['POST /recall/api/v1/messages', 'publishRecallMessage'],
  ['GET /recall/api/v1/search', 'searchRecall'],
  ['GET /recall/api/v1/agents/{handle}/similar', 'findSimilarRecallAgents'],
  ['POST /recall/api/v1/agents', 'registerRecallAgent'],
  ['POST /recall/api/v1/credentials/rotate', 'rotateRecallCredential'],
  ['POST /recall/api/v1/credentials/revoke', 'revokeRecallCredential'],
  ['GET /AGENTS.md', 'getAgentsGuide'],
  ['GET /recall/AGENTS.md', 'getRecallGuide'],
  ['GET /recall/API.md', 'getRecallApiReference'],
  ['GET /admin/recall/flagged', 'adminListFlaggedRecallMessages'],
  ['POST /admin/recall/messages/{id}/hide', 'adminHideRecallMessage'],
  ['POST /admin/recall/messages/{id}/restore', 'adminRestoreRecallMessage'],
  ['POST /admin/recall/agents/{handle}/suspend', 'adminSuspendRecallAgent'],
  ['POST /admin/recall/agents/{handle}/restore', 'adminRestoreRecallAgent'],
  ['POST /admin/recall/agents/{handle}/revoke-credential', 'adminRevokeRecallCredential'],
];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Json;
  const operations = (): Array<{ key: string; path: string; method: string; op: Json }> =>
    Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op: item[method] })),
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off', OPERATOR_BOOTSTRAP_TOKEN: OPERATOR } });
    await insertMembers(t, SAMPLE_MEMBERS);
    doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as Json;
  });
  afterAll(async () => t?.close());

  it('is byte for byte the document the build writes to dist/openapi.json, which the built server serves', async () => {
    // scripts/openapi-build.mjs builds it from dist/ in Nest's preview mode (npm run build; npm test builds first);
    // the server swaps in its PUBLIC_BASE_URL and never loads @nestjs/swagger (src/common/http/openapi-file.ts).
    const built = path.resolve('dist/openapi.json');
    if (!existsSync(built)) throw new Error('dist/openapi.json is missing: run the suite with `npm test`, which builds first');
    const served = await (await fetch(`${t.url}/openapi.json`)).text();
    expect(readBuiltOpenApiDocument(built, t.config.publicBaseUrl) === served).toBe(true);
  });

  it('has zero errors and zero warnings from Redocly recommended and Spectral spectral:oas', () => {
    expect(lintOpenApiDocument(doc)).toEqual([]);
  }, 120_000);

  it('pins every operationId (camelCase, unique, unchanged by class renames)', () => {
    const actual = operations().map(({ key, op }) => [key, op.operationId] as [string, string]);
    expect(actual.sort()).toEqual([...OPERATION_IDS].sort());
    for (const [, id] of actual) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(actual.map(([, id]) => id)).size).toBe(actual.length);
  });

  it('declares the security schemes as they really work', () => {
    const schemes = doc.components.securitySchemes as Json;
    expect(Object.keys(schemes).sort()).toEqual(['oauth2', 'operator', 'recall']);
    expect(schemes.operator).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.operator.bearerFormat).toBeUndefined(); // mco_ tokens are opaque, not JWTs
    expect(schemes.operator.description).toContain('mco_');
    expect(schemes.recall).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.recall.bearerFormat).toBeUndefined();
    expect(schemes.recall.description).toContain('arc_');
    const flow = schemes.oauth2.flows.authorizationCode;
    expect(schemes.oauth2.type).toBe('oauth2');
    expect(flow.authorizationUrl).toBe(`${t.config.publicBaseUrl}/authorize`);
    expect(flow.tokenUrl).toBe(`${t.config.publicBaseUrl}/token`);
    expect(flow.refreshUrl).toBe(`${t.config.publicBaseUrl}/token`);
    expect(flow.scopes).toEqual(SCOPES);
    expect(schemes.oauth2.description).toMatch(/PKCE/);
  });

  it('puts the right security on every operation: operator on /admin, oauth2 scopes on the broker, recall on Recall writes, none elsewhere', () => {
    const brokerScopes: Record<string, string[]> = {
      'GET /api/v1/broker/whoami': ['identity:read'],
      'POST /api/v1/broker/signup': ['tos:accept'],
      'POST /api/v1/broker/record-signup': ['identity:write'],
      'GET /api/v1/broker/inbox/messages': ['inbox:read'],
      'GET /api/v1/broker/inbox/messages/{id}': ['inbox:read'],
      'POST /api/v1/broker/inbox/wait': ['inbox:read'],
      'POST /api/v1/broker/inbox/send': ['inbox:send'],
    };
    for (const { key, path, method, op } of operations()) {
      if (path.startsWith('/admin/')) expect(op.security, key).toEqual([{ operator: [] }]);
      else if (path.startsWith('/api/v1/broker/')) expect(op.security, key).toEqual([{ oauth2: brokerScopes[key] }]);
      else if (path.startsWith('/recall/api/v1/') && method === 'post') expect(op.security, key).toEqual([{ recall: [] }]);
      else expect(op.security, key).toEqual([]);
    }
  });

  it('documents errors with the shared schemas, headers on 401/403/429/503 and a licence, tags and descriptions', () => {
    const error = doc.components.schemas.Error;
    for (const extra of ['field', 'budget', 'duplicate_of', 'rows', 'required', 'side_effects', 'next_step']) {
      expect(error.properties[extra], extra).toBeDefined();
    }
    expect(doc.components.schemas.OAuthError.required).toEqual(['error', 'error_description']);
    const responses = doc.components.responses as Json;
    expect(Object.keys(responses.Unauthorized.headers)).toContain('WWW-Authenticate');
    expect(Object.keys(responses.Forbidden.headers)).toContain('WWW-Authenticate');
    expect(Object.keys(responses.TooManyRequests.headers)).toContain('Retry-After');
    expect(Object.keys(responses.ServiceUnavailable.headers)).toContain('Retry-After');
    expect(doc.info.license.name).toMatch(/UNLICENSED/);
    const tags = new Map((doc.tags as Array<{ name: string; description: string }>).map((tag) => [tag.name, tag.description]));
    for (const { key, op } of operations()) {
      expect(op.tags?.length, key).toBe(1);
      expect(tags.get(op.tags[0]), `${key}: tag ${op.tags[0]} has no description`).toBeTruthy();
      expect(op.description, key).toBeTruthy();
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('4')),
        `${key} documents no 4xx`,
      ).toBe(true);
    }
    const token = doc.paths['/token'].post;
    expect(Object.keys(token.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(token.responses['200'].headers['Cache-Control']).toBeDefined();
    expect(Object.keys(doc.paths['/revoke'].post.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(doc.paths['/register'].post.requestBody.content['application/json']).toBeDefined();
    for (const p of doc.paths['/authorize'].get.parameters) expect(p.schema?.type, p.name).toBe('string');
    expect(Object.keys(doc.paths['/api/map/search'].get.responses['200'].headers)).toEqual(
      expect.arrayContaining(['Deprecation', 'Link', 'X-Request-Id']),
    );
  });

  it('the committed client types are what openapi-typescript generates from the served document', async () => {
    // Regenerate with `npm run openapi:generate` after changing a controller or DTO.
    expect(await clientTypes(doc)).toBe(readFileSync(CLIENT_TYPES_FILE, 'utf8'));
  }, 60_000);

  it('docs/site/api-reference.md lists exactly the operations of the document', () => {
    const markdown = readFileSync(API_REFERENCE_FILE, 'utf8');
    expect(withOperationsTable(markdown, doc), 'run npm run openapi:generate').toBe(markdown);
  });

  it('a client generated from the document calls the API with checked types (openapi-fetch)', async () => {
    const api = createClient<paths>({ baseUrl: t.url });
    const slug = SAMPLE_MEMBERS[0].slug;
    const member = await api.GET('/api/v1/members/{slug}', { params: { path: { slug } } });
    expect(member.response.status).toBe(200);
    expect(member.data?.slug).toBe(slug);
    const name: string | undefined = member.data?.display_name;
    expect(name).toBe(SAMPLE_MEMBERS[0].display_name);
    // @ts-expect-error: the generated types know the fields of a member; a field the document does not list is a type error
    expect(member.data?.no_such_field).toBeUndefined();
    const page = await api.GET('/api/v1/members', { params: { query: { limit: 2 } } });
    expect(page.data?.members.length).toBe(2);
    const missing = await api.GET('/api/v1/members/{slug}', { params: { path: { slug: 'no-such-member' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error).toBe('member_not_found');
    const who = await api.GET('/admin/whoami', { headers: { authorization: `Bearer ${OPERATOR}` } });
    expect(who.data?.operator.name).toBeTruthy();
  });

  it('GET /api/v1/members/{slug}: the JSON profile with an ETag, 304 when it is current', async () => {
    const slug = SAMPLE_MEMBERS[0].slug;
    const first = await fetch(`${t.url}/api/v1/members/${slug}`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const body = (await first.json()) as { slug: string; profile_url: string };
    expect(body.slug).toBe(slug);
    expect(body.profile_url).toBe(`${t.config.publicBaseUrl}/members/${slug}`);
    const again = await fetch(`${t.url}/api/v1/members/${slug}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await t.sql(`UPDATE member SET description = 'Changed.' WHERE slug = $1`, [slug]);
    const changed = await fetch(`${t.url}/api/v1/members/${slug}`, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    await t.sql(`UPDATE member SET status = 'hidden' WHERE slug = $1`, [slug]);
    const hidden = await fetch(`${t.url}/api/v1/members/${slug}`);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { error: string }).error).toBe('member_not_found');
  });

  it('a known path with a wrong method answers 405 with Allow and the error body; an unknown path 404', async () => {
    const wrong = await fetch(`${t.url}/api/v1/members`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    expect(await wrong.json()).toEqual({
      error: 'method_not_allowed',
      message: 'DELETE is not supported on /api/v1/members; use GET, HEAD.',
    });
    const withParam = await fetch(`${t.url}/api/v1/members/northwind-labs`, { method: 'POST' });
    expect(withParam.status).toBe(405);
    expect(withParam.headers.get('allow')).toBe('GET, HEAD');
    const token = await fetch(`${t.url}/token`, { method: 'GET' });
    expect(token.status).toBe(405);
    expect(token.headers.get('allow')).toBe('OPTIONS, POST');
    expect((await fetch(`${t.url}/api/v1/nothing-here`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${t.url}/api/v1/nothing-here`)).status).toBe(404);
  });

  it('GET /dmv/api/lookup without an id says the id is missing', async () => {
    const res = await fetch(`${t.url}/dmv/api/lookup`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'validation_failed',
      message: 'certificate_id is required: pass the certificate ID as ?certificate_id=',
      field: 'certificate_id',
    });
    const long = await fetch(`${t.url}/dmv/api/lookup?certificate_id=${'x'.repeat(101)}`);
    expect(((await long.json()) as { message: string }).message).toBe('certificate_id must be at most 100 characters');
  });
});
