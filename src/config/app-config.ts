import { plainToInstance } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, validateSync, type ValidationError } from 'class-validator';
import ipaddr from 'ipaddr.js';

/**
 * A URL setting without its trailing slashes, by scanning (a regex such as `/\/+$/` is quadratic on a
 * long run of slashes). Config sits below common and imports none of it, so this is its own copy of
 * common/text/trim.ts trimTrailing.
 */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

/** A rate-limit setting: `<requests>/<seconds>` or `off`. */
export interface RatePolicySetting {
  limit: number;
  windowSeconds: number;
  enabled: boolean;
}

const RATE_PATTERN = /^(off|\d{1,7}\/\d{1,6})$/;
const URL_PATTERN = /^https?:\/\/[^\s/]+(\/[^\s]*)?$/;

/**
 * The raw environment as strings, validated with class-validator. Every variable the service
 * reads is declared here; nothing else reads process.env. (The file is over the ~300-line guide
 * because it is the one list of every setting, R9; splitting it would scatter that list.)
 */
class EnvironmentVariables {
  @IsOptional() @Matches(/^\d{1,5}$/, { message: 'must be a port number (0-65535)' }) PORT?: string;
  @IsOptional() @IsString() HOST?: string;
  @IsOptional() @Matches(URL_PATTERN, { message: 'must be an absolute http(s) URL' }) PUBLIC_BASE_URL?: string;
  @IsOptional() @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// URL' }) DATABASE_URL?: string;
  @IsOptional() @IsString() DATA_DIR?: string;
  @IsOptional() @Matches(/^rediss?:\/\/\S+$/, { message: 'must be a redis:// or rediss:// URL' }) REDIS_URL?: string;
  @IsOptional() @Matches(/^[a-z0-9.-]+$/i, { message: 'must be a domain name' }) MAIL_DOMAIN?: string;
  @IsOptional() @Matches(/^[^\s@<>]+@[^\s@<>]+$/, { message: 'must be an email address' }) MAIL_FROM?: string;
  @IsOptional() @Matches(/^smtps?:\/\/\S+$/, { message: 'must be an smtp:// or smtps:// URL' }) SMTP_RELAY_URL?: string;
  @IsOptional() @Matches(/^\d{1,5}$/, { message: 'must be a port number (0 = off)' }) SMTP_PORT?: string;
  @IsOptional() @Matches(/^([1-9]|[1-9]\d{1,2})$/, { message: 'must be 1-999 seconds' }) SMTP_TIMEOUT_SECONDS?: string;
  @IsOptional() @Matches(/^([1-9]|[1-9]\d{1,3})$/, { message: 'must be 1-9999 seconds' }) MAIL_RETRY_DELAY_SECONDS?: string;
  @IsOptional() @IsString() TRUST_PROXY?: string;
  @IsOptional() @IsString() ALLOWED_HOSTS?: string;
  @IsOptional() @IsString() ALLOWED_ORIGINS?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 30/60) or off' })
  RATE_LIMIT_GENERAL?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 2/60) or off' })
  RATE_LIMIT_REGISTER?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 10/60) or off' })
  RATE_LIMIT_RECALL_WRITE?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 200/86400) or off' })
  RATE_LIMIT_RECALL_WRITE_DAILY?: string;
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL?: string;
  // As random as a generated token (32 bytes, 43 base64url characters): a short one could be guessed.
  @IsOptional()
  @Matches(/^mco_[A-Za-z0-9_-]{43,}$/, { message: 'must start with mco_ followed by at least 43 random characters (32 bytes base64url)' })
  OPERATOR_BOOTSTRAP_TOKEN?: string;
  @IsOptional() @Matches(/^[\x21-\x7e]{32,200}$/, { message: 'must be 32-200 visible ASCII characters' }) METRICS_TOKEN?: string;
  @IsOptional() @IsIn(['true', 'false', '1', '0'], { message: 'must be true or false' }) SEED_DEMO?: string;
  @IsOptional() @Matches(URL_PATTERN, { message: 'must be an absolute http(s) URL' }) DMV_LOOKUP_URL?: string;
  @IsOptional() @Matches(/^\d{1,4}$/, { message: 'must be a whole number' }) DMV_DAILY_CAP_PER_EMAIL?: string;
  @IsOptional() @Matches(/^\d{1,6}$/, { message: 'must be a whole number' }) DMV_MAIL_DAILY_CAP_PER_DOMAIN?: string;
  @IsOptional() @Matches(/^\d{1,7}$/, { message: 'must be a whole number' }) DMV_MAIL_DAILY_CAP_TOTAL?: string;
  @IsOptional() @Matches(/^\d{1,3}$/, { message: 'must be a whole number' }) DB_POOL_SIZE?: string;
  @IsOptional() @Matches(/^(\d{1,9}|off)$/, { message: 'must be a whole number or off' }) SEARCH_BUILD_WORKER_ROWS?: string;
  @IsOptional()
  @Matches(/^\S{32,}$/, { message: 'must be at least 32 characters without spaces' })
  BROKER_KEY_ENCRYPTION_KEY?: string;
  @IsOptional() @IsIn(['true', 'false', '1', '0'], { message: 'must be true or false' }) OAUTH_CIMD_ALLOW_LOOPBACK?: string;
  @IsOptional() @IsIn(['true', 'false', '1', '0'], { message: 'must be true or false' }) BROKER_RP_ALLOW_LOOPBACK?: string;
  @IsOptional() @Matches(/^\d{2,6}$/, { message: 'must be a number of seconds (10-999999)' }) OAUTH_ACCESS_TOKEN_TTL?: string;
  @IsOptional()
  @Matches(/^\d{4,9}$/, { message: 'must be a number of seconds (3600-315360000)' })
  OAUTH_REFRESH_MAX_LIFETIME?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 120/60) or off' })
  RATE_LIMIT_OWNER_PAGES?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 600/60) or off' })
  RATE_LIMIT_OAUTH?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 20/60) or off' })
  RATE_LIMIT_OAUTH_REGISTER?: string;
  @IsOptional()
  @IsIn(['allow', 'warn', 'require', 'block'], { message: 'must be one of allow, warn, require, block' })
  BROKER_RP_POLICY?: string;
  @IsOptional() @IsString() BROKER_ATTESTATION_AUTHORITIES?: string;
  @IsOptional() @Matches(/^\d{2,3}$/, { message: 'must be a number of seconds (30-600)' }) BROKER_ASSERTION_TTL?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 10/600) or off' })
  RATE_LIMIT_SIGNIN?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 5/3600) or off' })
  RATE_LIMIT_SIGNIN_EMAIL?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 120/60) or off' })
  RATE_LIMIT_BROKER_AGENT?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 600/60) or off' })
  RATE_LIMIT_BROKER_OWNER?: string;
  @IsOptional() @Matches(/^\d{4,9}$/, { message: 'must be a number of bytes (1000-999999999)' }) INBOX_MAX_MESSAGE_BYTES?: string;
  @IsOptional() @Matches(/^\d{4,9}$/, { message: 'must be a number of bytes (1000-999999999)' }) INBOX_MAX_HEADER_BYTES?: string;
  @IsOptional() @Matches(/^\d{1,4}$/, { message: 'must be a whole number of days (1-9999)' }) INBOX_RETENTION_DAYS?: string;
  @IsOptional()
  @Matches(/^(0|\d{4,12})$/, { message: 'must be a number of bytes (1000 or more; 0 = no quota)' })
  INBOX_MAILBOX_QUOTA_BYTES?: string;
  @IsOptional() @IsString() INBOX_SMTP_TLS_CERT?: string;
  @IsOptional() @IsString() INBOX_SMTP_TLS_KEY?: string;
  @IsOptional() @Matches(/^\d{1,4}$/, { message: 'must be a whole number' }) INBOX_SMTP_MAX_CONNECTIONS_PER_IP?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <messages>/<seconds> (e.g. 60/60) or off' })
  RATE_LIMIT_INBOX_SMTP_IP?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <messages>/<seconds> (e.g. 30/3600) or off' })
  RATE_LIMIT_INBOX_SEND_AGENT?: string;
  @IsOptional()
  @Matches(RATE_PATTERN, { message: 'must be <messages>/<seconds> (e.g. 200/86400) or off' })
  RATE_LIMIT_INBOX_SEND_OWNER?: string;
  @IsOptional() @Matches(/^\d{1,3}$/, { message: 'must be a whole number' }) SSE_MAX_PER_IP?: string;
  @IsOptional() @Matches(/^\d{1,6}$/, { message: 'must be a whole number' }) SSE_MAX_TOTAL?: string;
  @IsOptional() @Matches(/^\d{1,6}$/, { message: 'must be a whole number of seconds' }) SSE_MAX_LIFETIME_SECONDS?: string;
  @IsOptional() @Matches(/^\d{1,6}$/, { message: 'must be a whole number of milliseconds' }) HTTP_REQUEST_TIMEOUT_MS?: string;
  @IsOptional() @IsIn(['true', 'false', '1', '0'], { message: 'must be true or false' }) MAIL_VIEWER?: string;
}

/** A configuration problem that stops boot; its message is one line naming the variable. */
export class ConfigError extends Error {}

/** A public (https) deployment must bring its own key: a generated key file would sit beside the database it protects. */
export const MISSING_KEY_ENCRYPTION_KEY =
  'Invalid configuration: BROKER_KEY_ENCRYPTION_KEY must be set when PUBLIC_BASE_URL is https (32+ random characters; it encrypts the stored signing keys and secrets)';

/** The validated, typed configuration. The single DI token for configuration. */
export class AppConfig {
  port!: number;
  host!: string;
  publicBaseUrl!: string;
  /** Set by boot: either DATABASE_URL or the embedded database's URL. */
  databaseUrl?: string;
  databaseIsEmbedded!: boolean;
  dbPoolSize!: number;
  /** A search index build over at least this many rows runs in a worker thread (null: never). */
  searchBuildWorkerRows!: number | null;
  dataDir!: string;
  redisUrl?: string;
  mailDomain!: string;
  mailFrom!: string;
  smtpRelayUrl?: string;
  smtpPort!: number;
  /** Longest wait for the relay to answer (socket inactivity); connecting and its greeting get at most 5 s of it. */
  smtpTimeoutSeconds!: number;
  /** First retry delay of the outbox (doubled per retry), and the worker's backstop for queued mail. */
  mailRetryDelaySeconds!: number;
  /**
   * Which peers may set X-Forwarded-For: false (none), a hop count (the nearest N proxies), or proxy
   * addresses/CIDRs (and proxy-addr's names loopback, linklocal, uniquelocal). Never "everyone".
   */
  trustProxy!: false | number | string[];
  allowedHosts!: string[];
  allowedOrigins!: string[];
  rateLimitGeneral!: RatePolicySetting;
  rateLimitRegister!: RatePolicySetting;
  /** Recall writes per credential: a short window and a daily budget. */
  rateLimitRecallWrite!: RatePolicySetting;
  rateLimitRecallWriteDaily!: RatePolicySetting;
  logLevel!: string;
  operatorBootstrapToken?: string;
  /** A bearer token for Prometheus scrapes of /metrics (operator tokens work too). */
  metricsToken?: string;
  seedDemo!: boolean;
  /** An external DMV lookup API for verify_certificate; undefined: this service's own lookup, in process. */
  dmvLookupUrl?: string;
  dmvDailyCapPerEmail!: number;
  /** DMV verification emails per recipient domain per 24 hours (over it: registered, not mailed). */
  dmvMailDailyCapPerDomain!: number;
  /** DMV verification emails in total per 24 hours, all instances together. */
  dmvMailDailyCapTotal!: number;
  /**
   * Encrypts stored private keys and secrets (AES-256-GCM). Required with an https PUBLIC_BASE_URL;
   * otherwise, when unset, a generated key file under DATA_DIR is used (common/secrets/key-file.ts).
   */
  brokerKeyEncryptionKey?: string;
  /** Tests and local development only: CIMD documents may be fetched from loopback over http. */
  oauthCimdAllowLoopback!: boolean;
  /** Tests and local development only: relying parties and authorities on loopback over http. */
  brokerRpAllowLoopback!: boolean;
  oauthAccessTokenTtlSeconds!: number;
  /**
   * The absolute lifetime of a refresh-token chain, counted from the owner's consent: rotation
   * never carries a chain past it (each refresh token also lapses after 30 days unused).
   */
  oauthRefreshMaxLifetimeSeconds!: number;
  /** Owner pages per client address (sign-in, account, agreement, consent answers): human-sized. */
  rateLimitOwnerPages!: RatePolicySetting;
  /** OAuth endpoints per client address (/authorize, /token, /revoke, /register, metadata). */
  rateLimitOauth!: RatePolicySetting;
  /** Dynamic client registrations per client address (on top of the OAuth endpoints' budget). */
  rateLimitOauthRegister!: RatePolicySetting;
  /** The operator's default relying-party policy (owners and per-service rules refine it). */
  brokerRpPolicy!: 'allow' | 'warn' | 'require' | 'block';
  /** Attestation authorities configured in the environment (trust roots besides those registered by operators). */
  brokerAttestationAuthorities!: { issuer: string; jwks_uri: string }[];
  /** Lifetime of identity assertions, seconds (30-600). */
  brokerAssertionTtlSeconds!: number;
  rateLimitSignin!: RatePolicySetting;
  rateLimitSigninEmail!: RatePolicySetting;
  rateLimitBrokerAgent!: RatePolicySetting;
  rateLimitBrokerOwner!: RatePolicySetting;
  /** The largest inbound or outbound message, in bytes (SMTP SIZE; 552 past it). */
  inboxMaxMessageBytes!: number;
  /** Largest header section of an inbound message (552 5.3.4 past it). */
  inboxMaxHeaderBytes!: number;
  /** How long mail (and its raw source) is kept before the scheduled cleanup removes it. */
  inboxRetentionDays!: number;
  /** The most bytes one mailbox holds (its messages' sizes summed); mail past it is refused with 452/552. 0 = no quota. */
  inboxMailboxQuotaBytes!: number;
  /** PEM files: with both set, the SMTP listener offers STARTTLS. */
  inboxSmtpTlsCert?: string;
  inboxSmtpTlsKey?: string;
  inboxSmtpMaxConnectionsPerIp!: number;
  rateLimitInboxSmtpIp!: RatePolicySetting;
  rateLimitInboxSendAgent!: RatePolicySetting;
  rateLimitInboxSendOwner!: RatePolicySetting;
  /** Open GET keepalive streams (SSE): per client address, overall, and the longest one lives. */
  sseLimits!: { perClient: number; total: number; maxLifetimeMs: number };
  /** Longest a client may take to send a whole request (headers within a third of it). */
  httpRequestTimeoutMs!: number;
  /**
   * The local mail viewer at /dev/mail (every outbound message in full). MAIL_VIEWER=true/false
   * decides; unset, it is on only without SMTP_RELAY_URL and with HOST on loopback.
   */
  mailViewer!: boolean;
}

function parseRate(value: string | undefined, fallback: string): RatePolicySetting {
  const raw = value ?? fallback;
  if (raw === 'off') return { limit: Number.MAX_SAFE_INTEGER, windowSeconds: 60, enabled: false };
  const [limit, windowSeconds] = raw.split('/').map(Number);
  return { limit, windowSeconds, enabled: true };
}

function list(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return value === 'true' || value === '1';
}

function parseRefreshMaxLifetime(value: string | undefined): number {
  const seconds = Number(value ?? 90 * 24 * 3600);
  if (seconds < 3600 || seconds > 315_360_000) {
    throw new ConfigError('Invalid configuration: OAUTH_REFRESH_MAX_LIFETIME must be a number of seconds (3600-315360000)');
  }
  return seconds;
}

function parseAssertionTtl(value: string | undefined): number {
  const ttl = Number(value ?? 300);
  if (ttl < 30 || ttl > 600) throw new ConfigError('Invalid configuration: BROKER_ASSERTION_TTL must be a number of seconds (30-600)');
  return ttl;
}

/** `[{"issuer":"https://…","jwks_uri":"https://…"}, …]` */
function parseAuthorities(value: string | undefined): { issuer: string; jwks_uri: string }[] {
  if (value === undefined || value.trim() === '') return [];
  const fail = () =>
    new ConfigError(
      'Invalid configuration: BROKER_ATTESTATION_AUTHORITIES must be a JSON array of {"issuer","jwks_uri"} with absolute URLs',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw fail();
  }
  if (!Array.isArray(parsed)) throw fail();
  return parsed.map((entry: unknown) => {
    const e = entry as { issuer?: unknown; jwks_uri?: unknown };
    if (typeof e?.issuer !== 'string' || typeof e.jwks_uri !== 'string' || !URL_PATTERN.test(e.issuer) || !URL_PATTERN.test(e.jwks_uri)) {
      throw fail();
    }
    return { issuer: withoutTrailingSlashes(e.issuer), jwks_uri: e.jwks_uri };
  });
}

function firstError(errors: ValidationError[]): string {
  const e = errors[0];
  const message = Object.values(e.constraints ?? {})[0] ?? 'is invalid';
  return `${e.property} ${message}`;
}

const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset/false/0/off, a hop count 1-10, or a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === '0' || text === 'off') return false;
  const refuse = (): never => {
    throw new ConfigError(
      'Invalid configuration: TRUST_PROXY must be a hop count (1-10) or a comma-separated list of proxy addresses/CIDRs ' +
        '(e.g. 10.0.0.0/8,loopback); "true" (trust every peer) is not allowed',
    );
  };
  if (/^\d{1,2}$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? hops : refuse();
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) refuse();
  for (const entry of entries) {
    if (PROXY_ADDR_NAMES.has(entry)) continue;
    const valid = entry.includes('/') ? isValidCidr(entry) : ipaddr.isValid(entry);
    if (!valid) refuse();
  }
  return entries;
}

function isValidCidr(entry: string): boolean {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/** Reads and validates the environment once. Throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = plainToInstance(EnvironmentVariables, { ...env }, { excludeExtraneousValues: false });
  const errors = validateSync(raw, { skipMissingProperties: false, forbidUnknownValues: false });
  if (errors.length > 0) throw new ConfigError(`Invalid configuration: ${firstError(errors)}`);

  const port = Number(raw.PORT ?? 3000);
  if (port > 65535) throw new ConfigError('Invalid configuration: PORT must be a port number (0-65535)');
  const smtpPort = Number(raw.SMTP_PORT ?? 2525);
  if (smtpPort > 65535) throw new ConfigError('Invalid configuration: SMTP_PORT must be a port number (0 = off)');
  if (raw.RATE_LIMIT_GENERAL && raw.RATE_LIMIT_GENERAL !== 'off' && /^0+\//.test(raw.RATE_LIMIT_GENERAL)) {
    throw new ConfigError('Invalid configuration: RATE_LIMIT_GENERAL must allow at least one request (or be off)');
  }
  if (raw.RATE_LIMIT_REGISTER && raw.RATE_LIMIT_REGISTER !== 'off' && /^0+\//.test(raw.RATE_LIMIT_REGISTER)) {
    throw new ConfigError('Invalid configuration: RATE_LIMIT_REGISTER must allow at least one request (or be off)');
  }

  if ((raw.INBOX_SMTP_TLS_CERT === undefined) !== (raw.INBOX_SMTP_TLS_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: INBOX_SMTP_TLS_CERT and INBOX_SMTP_TLS_KEY must be set together');
  }

  const publicBaseUrl = withoutTrailingSlashes(raw.PUBLIC_BASE_URL ?? `http://localhost:${port}`);
  if (publicBaseUrl.startsWith('https:') && raw.BROKER_KEY_ENCRYPTION_KEY === undefined) throw new ConfigError(MISSING_KEY_ENCRYPTION_KEY);
  const publicHost = new URL(publicBaseUrl).host.toLowerCase();
  const publicHostname = new URL(publicBaseUrl).hostname.toLowerCase();
  const mailDomain = (raw.MAIL_DOMAIN ?? 'agents.localhost').toLowerCase();

  const config = new AppConfig();
  Object.assign(config, {
    port,
    host: raw.HOST ?? '127.0.0.1',
    publicBaseUrl,
    databaseUrl: raw.DATABASE_URL,
    databaseIsEmbedded: raw.DATABASE_URL === undefined,
    dbPoolSize: Number(raw.DB_POOL_SIZE ?? 10),
    searchBuildWorkerRows: raw.SEARCH_BUILD_WORKER_ROWS === 'off' ? null : Number(raw.SEARCH_BUILD_WORKER_ROWS ?? 20_000),
    dataDir: raw.DATA_DIR ?? './.data',
    redisUrl: raw.REDIS_URL,
    mailDomain,
    mailFrom: raw.MAIL_FROM ?? `no-reply@${mailDomain}`,
    smtpRelayUrl: raw.SMTP_RELAY_URL,
    smtpPort,
    smtpTimeoutSeconds: Number(raw.SMTP_TIMEOUT_SECONDS ?? 15),
    mailRetryDelaySeconds: Number(raw.MAIL_RETRY_DELAY_SECONDS ?? 5),
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    allowedHosts: list(raw.ALLOWED_HOSTS) ?? ['localhost', '127.0.0.1', '[::1]', publicHostname, publicHost],
    // Only the service's own origin by default: loopback origins on any port are a development
    // setting (ALLOWED_ORIGINS=http://localhost,…), never a default (login CSRF from a local page).
    allowedOrigins: list(raw.ALLOWED_ORIGINS) ?? [new URL(publicBaseUrl).origin.toLowerCase()],
    rateLimitGeneral: parseRate(raw.RATE_LIMIT_GENERAL, '30/60'),
    rateLimitRegister: parseRate(raw.RATE_LIMIT_REGISTER, '2/60'),
    rateLimitRecallWrite: parseRate(raw.RATE_LIMIT_RECALL_WRITE, '10/60'),
    rateLimitRecallWriteDaily: parseRate(raw.RATE_LIMIT_RECALL_WRITE_DAILY, '200/86400'),
    logLevel: raw.LOG_LEVEL ?? 'info',
    operatorBootstrapToken: raw.OPERATOR_BOOTSTRAP_TOKEN,
    metricsToken: raw.METRICS_TOKEN,
    seedDemo: bool(raw.SEED_DEMO, true),
    dmvLookupUrl: raw.DMV_LOOKUP_URL,
    dmvDailyCapPerEmail: Number(raw.DMV_DAILY_CAP_PER_EMAIL ?? 5),
    dmvMailDailyCapPerDomain: Number(raw.DMV_MAIL_DAILY_CAP_PER_DOMAIN ?? 100),
    dmvMailDailyCapTotal: Number(raw.DMV_MAIL_DAILY_CAP_TOTAL ?? 1000),
    brokerKeyEncryptionKey: raw.BROKER_KEY_ENCRYPTION_KEY,
    oauthCimdAllowLoopback: bool(raw.OAUTH_CIMD_ALLOW_LOOPBACK, false),
    brokerRpAllowLoopback: bool(raw.BROKER_RP_ALLOW_LOOPBACK, false),
    oauthAccessTokenTtlSeconds: Number(raw.OAUTH_ACCESS_TOKEN_TTL ?? 3600),
    oauthRefreshMaxLifetimeSeconds: parseRefreshMaxLifetime(raw.OAUTH_REFRESH_MAX_LIFETIME),
    rateLimitOwnerPages: parseRate(raw.RATE_LIMIT_OWNER_PAGES, '120/60'),
    rateLimitOauth: parseRate(raw.RATE_LIMIT_OAUTH, '600/60'),
    rateLimitOauthRegister: parseRate(raw.RATE_LIMIT_OAUTH_REGISTER, '20/60'),
    brokerRpPolicy: (raw.BROKER_RP_POLICY ?? 'warn') as AppConfig['brokerRpPolicy'],
    brokerAttestationAuthorities: parseAuthorities(raw.BROKER_ATTESTATION_AUTHORITIES),
    brokerAssertionTtlSeconds: parseAssertionTtl(raw.BROKER_ASSERTION_TTL),
    // Per address (an office behind one NAT): ten colleagues signing in at once, with room for retries.
    rateLimitSignin: parseRate(raw.RATE_LIMIT_SIGNIN, '30/600'),
    rateLimitSigninEmail: parseRate(raw.RATE_LIMIT_SIGNIN_EMAIL, '5/3600'),
    rateLimitBrokerAgent: parseRate(raw.RATE_LIMIT_BROKER_AGENT, '120/60'),
    rateLimitBrokerOwner: parseRate(raw.RATE_LIMIT_BROKER_OWNER, '600/60'),
    inboxMaxMessageBytes: Number(raw.INBOX_MAX_MESSAGE_BYTES ?? 10 * 1024 * 1024),
    inboxMaxHeaderBytes: Number(raw.INBOX_MAX_HEADER_BYTES ?? 64 * 1024),
    inboxRetentionDays: Math.max(1, Number(raw.INBOX_RETENTION_DAYS ?? 30)),
    inboxMailboxQuotaBytes: Number(raw.INBOX_MAILBOX_QUOTA_BYTES ?? 100 * 1024 * 1024),
    inboxSmtpTlsCert: raw.INBOX_SMTP_TLS_CERT,
    inboxSmtpTlsKey: raw.INBOX_SMTP_TLS_KEY,
    inboxSmtpMaxConnectionsPerIp: Math.max(1, Number(raw.INBOX_SMTP_MAX_CONNECTIONS_PER_IP ?? 10)),
    rateLimitInboxSmtpIp: parseRate(raw.RATE_LIMIT_INBOX_SMTP_IP, '120/60'),
    rateLimitInboxSendAgent: parseRate(raw.RATE_LIMIT_INBOX_SEND_AGENT, '30/3600'),
    rateLimitInboxSendOwner: parseRate(raw.RATE_LIMIT_INBOX_SEND_OWNER, '200/86400'),
    sseLimits: {
      perClient: Number(raw.SSE_MAX_PER_IP ?? 4),
      total: Number(raw.SSE_MAX_TOTAL ?? 1000),
      maxLifetimeMs: Number(raw.SSE_MAX_LIFETIME_SECONDS ?? 1800) * 1000,
    },
    httpRequestTimeoutMs: Number(raw.HTTP_REQUEST_TIMEOUT_MS ?? 30_000),
    mailViewer: bool(raw.MAIL_VIEWER, raw.SMTP_RELAY_URL === undefined && isLoopbackHost(raw.HOST ?? '127.0.0.1')),
  } satisfies Partial<AppConfig>);
  return config;
}

/** Whether a listen address is on loopback only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (!ipaddr.isValid(h)) return false;
  const addr = ipaddr.process(h);
  return addr.range() === 'loopback';
}

/** A loggable description of where the database is, with any password removed. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return '(unparseable database URL)';
  }
}
