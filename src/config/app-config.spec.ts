import { describe, expect, it } from 'vitest';
import { ConfigError, describeDatabaseUrl, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.publicBaseUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.databaseIsEmbedded).toBe(true);
    expect(c.dataDir).toBe('./.data');
    expect(c.redisUrl).toBeUndefined();
    expect(c.mailDomain).toBe('agents.localhost');
    expect(c.mailFrom).toBe('no-reply@agents.localhost');
    expect(c.smtpPort).toBe(2525);
    expect(c.trustProxy).toBe(false);
    expect(c.allowedHosts).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '[::1]']));
    expect(c.rateLimitGeneral).toEqual({ limit: 30, windowSeconds: 60, enabled: true });
    expect(c.rateLimitRegister).toEqual({ limit: 2, windowSeconds: 60, enabled: true });
    expect(c.logLevel).toBe('info');
  });

  it('reads SEARCH_BUILD_WORKER_ROWS as a row count (default 20,000) or off', () => {
    expect(loadConfig({}).searchBuildWorkerRows).toBe(20_000);
    expect(loadConfig({ SEARCH_BUILD_WORKER_ROWS: '0' }).searchBuildWorkerRows).toBe(0);
    expect(loadConfig({ SEARCH_BUILD_WORKER_ROWS: 'off' }).searchBuildWorkerRows).toBeNull();
    expect(() => loadConfig({ SEARCH_BUILD_WORKER_ROWS: 'many' })).toThrow(/SEARCH_BUILD_WORKER_ROWS/);
  });

  it('derives PUBLIC_BASE_URL from PORT and trusts the host of PUBLIC_BASE_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    const c = loadConfig({ PUBLIC_BASE_URL: 'https://agents.example.org/', BROKER_KEY_ENCRYPTION_KEY: 'k'.repeat(32) });
    expect(c.publicBaseUrl).toBe('https://agents.example.org');
    expect(c.allowedHosts).toContain('agents.example.org');
    expect(c.allowedOrigins).toContain('https://agents.example.org');
  });

  it('reads rate limits as requests/seconds or off', () => {
    expect(loadConfig({ RATE_LIMIT_GENERAL: '100/10' }).rateLimitGeneral).toEqual({
      limit: 100,
      windowSeconds: 10,
      enabled: true,
    });
    expect(loadConfig({ RATE_LIMIT_REGISTER: 'off' }).rateLimitRegister.enabled).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_BASE_URL: 'not a url' }, 'PUBLIC_BASE_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ SMTP_RELAY_URL: 'http://relay' }, 'SMTP_RELAY_URL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '99' }, 'TRUST_PROXY'],
    [{ RATE_LIMIT_GENERAL: '30 per minute' }, 'RATE_LIMIT_GENERAL'],
    [{ RATE_LIMIT_REGISTER: '0/60' }, 'RATE_LIMIT_REGISTER'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ OPERATOR_BOOTSTRAP_TOKEN: 'secret-token-without-prefix' }, 'OPERATOR_BOOTSTRAP_TOKEN'],
    [{ OPERATOR_BOOTSTRAP_TOKEN: 'mco_sixteen_chars_xx' }, 'OPERATOR_BOOTSTRAP_TOKEN'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ PUBLIC_BASE_URL: 'https://agents.example.org' }, 'BROKER_KEY_ENCRYPTION_KEY'],
    [{ PUBLIC_BASE_URL: 'https://agents.example.org', BROKER_KEY_ENCRYPTION_KEY: 'too-short' }, 'BROKER_KEY_ENCRYPTION_KEY'],
  ])('refuses %o with one line naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env as NodeJS.ProcessEnv);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(variable);
    expect(message).not.toContain('\n');
    // The value of a secret must never be echoed back.
    if (variable === 'OPERATOR_BOOTSTRAP_TOKEN') expect(message).not.toContain('secret-token');
  });

  it('an https PUBLIC_BASE_URL needs BROKER_KEY_ENCRYPTION_KEY; a local http one may go without (a key file is generated)', () => {
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'https://agents.example.org' })).toThrow(
      /^Invalid configuration: BROKER_KEY_ENCRYPTION_KEY must be set when PUBLIC_BASE_URL is https/,
    );
    const key = 'k'.repeat(40);
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://agents.example.org', BROKER_KEY_ENCRYPTION_KEY: key }).brokerKeyEncryptionKey).toBe(key);
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://localhost:3000' }).brokerKeyEncryptionKey).toBeUndefined();
  });

  it('describes a database URL without its password', () => {
    expect(describeDatabaseUrl('postgres://u:hunter2@db:5432/app')).toBe('postgres://u@db:5432/app');
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses/CIDRs, never "everyone"', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
    ]);
  });
});
