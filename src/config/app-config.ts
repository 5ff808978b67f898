import { plainToInstance } from 'class-transformer';
import {
  IsIn,
  IsOptional,
  IsString,
  Matches,
  validateSync,
  type ValidationError,
} from 'class-validator';
import ipaddr from 'ipaddr.js';
import { trimTrailing } from '../common/text/trim.js';

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
 * reads is declared here; nothing else reads process.env.
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
  @IsOptional() @IsString() TRUST_PROXY?: string;
  @IsOptional() @IsString() ALLOWED_HOSTS?: string;
  @IsOptional() @IsString() ALLOWED_ORIGINS?: string;
  @IsOptional() @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 30/60) or off' })
  RATE_LIMIT_GENERAL?: string;
  @IsOptional() @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 2/60) or off' })
  RATE_LIMIT_REGISTER?: string;
  @IsOptional() @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 10/60) or off' })
  RATE_LIMIT_RECALL_WRITE?: string;
  @IsOptional() @Matches(RATE_PATTERN, { message: 'must be <requests>/<seconds> (e.g. 200/86400) or off' })
  RATE_LIMIT_RECALL_WRITE_DAILY?: string;
  @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL?: string;
  // As random as a generated token (32 bytes, 43 base64url characters): a short one could be guessed.
  @IsOptional() @Matches(/^mco_[A-Za-z0-9_-]{43,}$/, { message: 'must start with mco_ followed by at least 43 random characters (32 bytes base64url)' })
  OPERATOR_BOOTSTRAP_TOKEN?: string;
  @IsOptional() @IsIn(['true', 'false', '1', '0'], { message: 'must be true or false' }) SEED_DEMO?: string;
  @IsOptional() @Matches(URL_PATTERN, { message: 'must be an absolute http(s) URL' }) DMV_LOOKUP_URL?: string;
  @IsOptional() @Matches(/^\d{1,4}$/, { message: 'must be a whole number' }) DMV_DAILY_CAP_PER_EMAIL?: string;
  @IsOptional() @Matches(/^\d{1,3}$/, { message: 'must be a whole number' }) DB_POOL_SIZE?: string;
  @IsOptional() @Matches(/^\d{1,3}$/, { message: 'must be a whole number' }) SSE_MAX_PER_IP?: string;
  @IsOptional() @Matches(/^\d{1,6}$/, { message: 'must be a whole number' }) SSE_MAX_TOTAL?: string;
  @IsOptional() @Matches(/^\d{1,6}$/, { message: 'must be a whole number of seconds' }) SSE_MAX_LIFETIME_SECONDS?: string;
  @IsOptional() @Matches(/^\d{1,6}$/, { message: 'must be a whole number of milliseconds' }) HTTP_REQUEST_TIMEOUT_MS?: string;
}

/** A configuration problem that stops boot; its message is one line naming the variable. */
export class ConfigError extends Error {}

/** The validated, typed configuration. The single DI token for configuration. */
export class AppConfig {
  port!: number;
  host!: string;
  publicBaseUrl!: string;
  /** Set by boot: either DATABASE_URL or the embedded database's URL. */
  databaseUrl?: string;
  databaseIsEmbedded!: boolean;
  dbPoolSize!: number;
  dataDir!: string;
  redisUrl?: string;
  mailDomain!: string;
  mailFrom!: string;
  smtpRelayUrl?: string;
  smtpPort!: number;
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
  seedDemo!: boolean;
  /** An external DMV lookup API for verify_certificate; undefined: this service's own lookup, in process. */
  dmvLookupUrl?: string;
  dmvDailyCapPerEmail!: number;
  /** Open GET keepalive streams (SSE): per client address, overall, and the longest one lives. */
  sseLimits!: { perClient: number; total: number; maxLifetimeMs: number };
  /** Longest a client may take to send a whole request (headers within a third of it). */
  httpRequestTimeoutMs!: number;
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
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
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

  const publicBaseUrl = trimTrailing(raw.PUBLIC_BASE_URL ?? `http://localhost:${port}`, '/');
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
    dataDir: raw.DATA_DIR ?? './.data',
    redisUrl: raw.REDIS_URL,
    mailDomain,
    mailFrom: raw.MAIL_FROM ?? `no-reply@${mailDomain}`,
    smtpRelayUrl: raw.SMTP_RELAY_URL,
    smtpPort,
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    allowedHosts: list(raw.ALLOWED_HOSTS) ?? ['localhost', '127.0.0.1', '[::1]', publicHostname, publicHost],
    allowedOrigins: list(raw.ALLOWED_ORIGINS) ?? [
      'http://localhost',
      'http://127.0.0.1',
      'http://[::1]',
      'https://localhost',
      new URL(publicBaseUrl).origin.toLowerCase(),
    ],
    rateLimitGeneral: parseRate(raw.RATE_LIMIT_GENERAL, '30/60'),
    rateLimitRegister: parseRate(raw.RATE_LIMIT_REGISTER, '2/60'),
    rateLimitRecallWrite: parseRate(raw.RATE_LIMIT_RECALL_WRITE, '10/60'),
    rateLimitRecallWriteDaily: parseRate(raw.RATE_LIMIT_RECALL_WRITE_DAILY, '200/86400'),
    logLevel: raw.LOG_LEVEL ?? 'info',
    operatorBootstrapToken: raw.OPERATOR_BOOTSTRAP_TOKEN,
    seedDemo: bool(raw.SEED_DEMO, true),
    dmvLookupUrl: raw.DMV_LOOKUP_URL,
    dmvDailyCapPerEmail: Number(raw.DMV_DAILY_CAP_PER_EMAIL ?? 5),
    sseLimits: {
      perClient: Number(raw.SSE_MAX_PER_IP ?? 4),
      total: Number(raw.SSE_MAX_TOTAL ?? 1000),
      maxLifetimeMs: Number(raw.SSE_MAX_LIFETIME_SECONDS ?? 1800) * 1000,
    },
    httpRequestTimeoutMs: Number(raw.HTTP_REQUEST_TIMEOUT_MS ?? 30_000),
  } satisfies Partial<AppConfig>);
  return config;
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

