import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, MISSING_KEY_ENCRYPTION_KEY, type AppConfig } from '../../config/app-config.js';

/** The generated key of a local installation, beside the embedded database's password. */
export const KEY_FILE_NAME = 'broker-key.secret';

export interface ResolvedKey {
  key: string;
  source: 'environment' | 'file';
  /** The key file (source `file`). */
  file?: string;
  /** Whether this call generated the key file. */
  created: boolean;
}

/**
 * The key encryption key: BROKER_KEY_ENCRYPTION_KEY, or — for a local installation (PUBLIC_BASE_URL
 * not https) — a random key generated once into `<DATA_DIR>/broker-key.secret` (mode 0600) and reused
 * on every later start, as the embedded database keeps its password. An https PUBLIC_BASE_URL without
 * the variable is refused by loadConfig; this checks again for callers that build their config by hand.
 * Several instances sharing one database must share the key: set the variable.
 */
export function resolveKeyEncryptionKey(config: Pick<AppConfig, 'brokerKeyEncryptionKey' | 'publicBaseUrl' | 'dataDir'>): ResolvedKey {
  if (config.brokerKeyEncryptionKey) return { key: config.brokerKeyEncryptionKey, source: 'environment', created: false };
  if (config.publicBaseUrl.startsWith('https:')) throw new ConfigError(MISSING_KEY_ENCRYPTION_KEY);
  const root = path.resolve(config.dataDir);
  const file = path.join(root, KEY_FILE_NAME);
  if (existsSync(file)) return { key: readKeyFile(file), source: 'file', file, created: false };
  mkdirSync(root, { recursive: true });
  // Written aside and linked into place: link() fails if another process created the file meanwhile,
  // and nobody ever reads a half-written key.
  const pending = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(pending, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(pending, file);
    return { key: readKeyFile(file), source: 'file', file, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: readKeyFile(file), source: 'file', file, created: false };
  } finally {
    unlinkSync(pending);
  }
}

function readKeyFile(file: string): string {
  // Keep it private even if someone loosened it (the embedded database's password file is treated the same way).
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new ConfigError(`Invalid configuration: the key file ${file} must hold at least 32 characters`);
  return key;
}
