import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/app-config.js';
import { HostOriginPolicy } from './host-origin-policy.js';

const config = loadConfig({ ALLOWED_HOSTS: 'agentry.example,[::1]', ALLOWED_ORIGINS: 'https://agentry.example' });
const ok = 'agentry.example:8443';
const evil = 'https://evil.example';

describe('HostOriginPolicy', () => {
  it('serves allowed Hosts (port ignored) and nothing without a Host', () => {
    const sut = new HostOriginPolicy(config, { check: 'writes' });
    expect(sut.hostAllowed('AGENTRY.example:80')).toBe(true);
    expect(sut.hostAllowed('[::1]:3000')).toBe(true);
    expect(sut.hostAllowed('evil.example')).toBe(false);
    expect(sut.hostAllowed(undefined)).toBe(false);
    // A remembered verdict answers the same.
    expect(sut.hostAllowed('evil.example')).toBe(false);
  });

  it('the app: Host first; Origin only on writes, except the paths that answer CORS themselves', () => {
    const sut = new HostOriginPolicy(config, { check: 'writes', crossOriginWritePaths: new Set(['/token']) });
    expect(sut.refusal('POST', '/x', 'evil.example', evil)).toBe('host');
    expect(sut.refusal('GET', '/x', ok, evil)).toBeUndefined();
    expect(sut.refusal('POST', '/x', ok, evil)).toBe('origin');
    expect(sut.refusal('POST', '/x', ok, 'not a url')).toBe('origin');
    expect(sut.refusal('POST', '/token?grant=1', ok, evil)).toBeUndefined();
    expect(sut.refusal('POST', '/x', ok, 'https://agentry.example')).toBeUndefined();
    expect(sut.refusal('POST', '/x', ok, undefined)).toBeUndefined();
  });

  it('the MCP endpoints: any disallowed Origin first, then the Host', () => {
    const sut = new HostOriginPolicy(config, { check: 'every-method' });
    expect(sut.refusal('GET', '/mcp', 'evil.example', evil)).toBe('origin');
    expect(sut.refusal('GET', '/mcp', ok, evil)).toBe('origin');
    expect(sut.refusal('POST', '/mcp', 'evil.example', undefined)).toBe('host');
    expect(sut.refusal('POST', '/mcp', ok, 'https://agentry.example')).toBeUndefined();
  });

  it('by default allows only the origin of PUBLIC_BASE_URL: no localhost page on another port', () => {
    const sut = new HostOriginPolicy(loadConfig({ PUBLIC_BASE_URL: 'http://127.0.0.1:3000' }), { check: 'writes' });
    expect(sut.originAllowed('http://127.0.0.1:3000')).toBe(true);
    for (const origin of ['http://localhost:9999', 'http://127.0.0.1:9999', 'http://[::1]:9999', 'https://localhost', 'http://localhost']) {
      expect(sut.originAllowed(origin), origin).toBe(false);
    }
    const https = new HostOriginPolicy(
      loadConfig({ PUBLIC_BASE_URL: 'https://agentry.example', BROKER_KEY_ENCRYPTION_KEY: 'k'.repeat(32) }),
      { check: 'writes' },
    );
    expect(https.originAllowed('https://agentry.example')).toBe(true);
    expect(https.originAllowed('https://agentry.example:8443')).toBe(false);
    expect(https.originAllowed('http://localhost:3000')).toBe(false);
  });

  it('loopback on any port only when ALLOWED_ORIGINS names it without a port (development and tests)', () => {
    const sut = new HostOriginPolicy(loadConfig({ ALLOWED_ORIGINS: 'http://localhost,https://app.example' }), { check: 'writes' });
    expect(sut.originAllowed('http://localhost:6274')).toBe(true);
    expect(sut.originAllowed('http://localhost')).toBe(true);
    expect(sut.originAllowed('https://app.example')).toBe(true);
    expect(sut.originAllowed('https://app.example:8443')).toBe(false);
    expect(sut.originAllowed('http://127.0.0.1:6274')).toBe(false);
  });
});
