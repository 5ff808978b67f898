import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const SEALED_PREFIX = 'enc:v1:';

/** The command that encrypts rows stored before encryption was always on. */
export const ENCRYPT_COMMAND = 'npm run cli -- secrets:encrypt';

/** A stored secret is not encrypted: refused, never used (ENCRYPT_COMMAND encrypts such rows once). */
export class PlaintextSecretError extends Error {
  constructor() {
    super(`A stored secret is not encrypted; plaintext rows are refused. Run \`${ENCRYPT_COMMAND}\` once to encrypt them.`);
    this.name = 'PlaintextSecretError';
  }
}

/** A stored secret does not open with the configured key (another key sealed it, or it was altered). */
export class SecretKeyMismatchError extends Error {
  constructor() {
    super(
      'A stored secret could not be decrypted: BROKER_KEY_ENCRYPTION_KEY (or the key file under DATA_DIR) is not the key it was sealed with, or the row was altered.',
    );
    this.name = 'SecretKeyMismatchError';
  }
}

/**
 * Encrypts secrets at rest with AES-256-GCM under the key encryption key (BROKER_KEY_ENCRYPTION_KEY,
 * or the generated key file of a local installation: key-file.ts). There is no plaintext mode: every
 * value is sealed, and a stored value without the `enc:v1:` prefix is refused, never read as it is.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(passphrase: string) {
    if (!passphrase) throw new Error('SecretBox needs a key');
    this.key = createHash('sha256').update(passphrase, 'utf8').digest();
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(SEALED_PREFIX);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** @throws PlaintextSecretError for an unsealed value, SecretKeyMismatchError when the key does not open it */
  open(stored: string): string {
    if (!SecretBox.isSealed(stored)) throw new PlaintextSecretError();
    const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretKeyMismatchError();
    }
  }
}
