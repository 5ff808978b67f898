import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/app-config.js';
import { KEY_FILE_NAME, resolveKeyEncryptionKey } from './key-file.js';

describe('resolveKeyEncryptionKey: the key that encrypts stored secrets', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'agentry-key-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const local = (extra: { brokerKeyEncryptionKey?: string; publicBaseUrl?: string } = {}) => ({
    publicBaseUrl: 'http://localhost:3000',
    dataDir: path.join(dataDir, 'data'),
    ...extra,
  });

  it('generates a key file under DATA_DIR with mode 0600 once, and reuses it on every later start', () => {
    const first = resolveKeyEncryptionKey(local());
    const file = path.join(dataDir, 'data', KEY_FILE_NAME);
    expect(first).toMatchObject({ source: 'file', file, created: true });
    expect(first.key.length).toBeGreaterThanOrEqual(43);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(first.key);
    const second = resolveKeyEncryptionKey(local());
    expect(second).toEqual({ ...first, created: false });
    // Nothing is left beside it (the pending file it was linked from is gone).
    expect(readdirSync(path.join(dataDir, 'data'))).toEqual([KEY_FILE_NAME]);
  });

  it('tightens a key file someone made readable to others', () => {
    const { file } = resolveKeyEncryptionKey(local());
    chmodSync(file!, 0o644);
    resolveKeyEncryptionKey(local());
    expect(statSync(file!).mode & 0o777).toBe(0o600);
  });

  it('uses BROKER_KEY_ENCRYPTION_KEY when set and writes no file', () => {
    const key = 'e'.repeat(40);
    expect(resolveKeyEncryptionKey(local({ brokerKeyEncryptionKey: key }))).toEqual({ key, source: 'environment', created: false });
    expect(existsSync(path.join(dataDir, 'data'))).toBe(false);
  });

  it('never generates a key for an https deployment', () => {
    expect(() => resolveKeyEncryptionKey(local({ publicBaseUrl: 'https://agents.example.org' }))).toThrow(ConfigError);
    expect(existsSync(path.join(dataDir, 'data'))).toBe(false);
  });
});
