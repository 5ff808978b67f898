import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/**
 * Encrypts secrets at rest with AES-256-GCM under a key from the environment
 * (BROKER_KEY_ENCRYPTION_KEY). Without a key, values are stored as they are (`plain:` prefix is
 * not needed: anything without `enc:v1:` is plaintext), and a key added later still reads them.
 */
export class SecretBox {
  private readonly key?: Buffer;

  constructor(passphrase: string | undefined) {
    if (passphrase) this.key = createHash('sha256').update(passphrase, 'utf8').digest();
  }

  get encrypts(): boolean {
    return this.key !== undefined;
  }

  seal(plaintext: string): string {
    if (!this.key) return plaintext;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    if (!this.key) throw new Error('A stored secret is encrypted but BROKER_KEY_ENCRYPTION_KEY is not set');
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
