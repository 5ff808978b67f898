import { describe, expect, it } from 'vitest';
import { isAdminPath, normalisedPath } from './admin-gate.js';

describe('the admin gate path check', () => {
  it('sees every spelling the router would route to /admin (and a few more), whatever the raw URL looks like', () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin?x=1',
      '/admin#x',
      '/admin/broker/owners',
      '/%61dmin/broker/owners',
      '/%61%64%6d%69%6e',
      '/%2561dmin/x',
      '/ADMIN/x',
      '/Admin',
      '//admin/x',
      '/x/../admin/x',
      '/./admin',
      '/x/%2e%2e/admin',
      '/x\\..\\admin',
      '/admin;x',
    ]) {
      expect(isAdminPath(url), url).toBe(true);
    }
  });

  it('leaves other paths alone', () => {
    for (const url of ['/', '/administrator', '/api/v1/admin', '/signin?return_to=/admin', '/a/admin', '/docs/%61bc', '/globe.js']) {
      expect(isAdminPath(url), url).toBe(false);
    }
  });

  it('normalises without ever climbing above the root', () => {
    expect(normalisedPath('/../../admin/../x/./y//z?q')).toBe('/x/y/z');
    expect(normalisedPath('/%zz/a')).toBe('/%zz/a');
  });
});
