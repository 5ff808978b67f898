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
});
