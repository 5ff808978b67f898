// A software WebAuthn authenticator (ES256, attestation "none") for the server checks of the passkey
// ceremonies without a browser: it builds real clientDataJSON, authenticator data and signatures, so
// the server verifies them exactly as it verifies a browser's. Knobs for the attacks: another origin
// or RP ID, user verification off, any signature counter, backup flags. The browser tests use
// Chromium's virtual authenticator instead (test/e2e/oauth/passkeys.e2e-spec.ts).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/** A minimal CBOR encoder: unsigned/negative integers, byte and text strings, maps (enough for COSE keys and attestation objects). */
export function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  if (value && typeof value === 'object') return cbor(new Map(Object.entries(value)));
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

export interface CeremonyKnobs {
  /** The origin written into clientDataJSON (default: the authenticator's origin). */
  origin?: string;
  /** The RP ID hashed into the authenticator data (default: the authenticator's RP ID). */
  rpId?: string;
  /** User verified (UV flag); default true. */
  userVerified?: boolean;
  /** clientDataJSON type; default the ceremony's own. */
  type?: string;
  /** The counter to report (default: the internal counter, incremented per use). */
  counter?: number;
  /** Backup eligible / backed up flags; default false / false. */
  backupEligible?: boolean;
  backedUp?: boolean;
}

/** One credential on a software authenticator. */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Buffer;
  /** The signature counter this authenticator keeps (0 = it keeps none, like synced passkeys). */
  counter: number;
  userHandle?: string;

  constructor(
    readonly rpId: string,
    readonly origin: string,
    options: { counter?: number } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cosePublicKey = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    this.counter = options.counter ?? 0;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private flags(k: CeremonyKnobs, attested: boolean): number {
    let f = 0x01; // user present
    if (k.userVerified !== false) f |= 0x04;
    if (k.backupEligible) f |= 0x08;
    if (k.backedUp) f |= 0x10;
    if (attested) f |= 0x40;
    return f;
  }

  private nextCounter(k: CeremonyKnobs): number {
    if (k.counter !== undefined) return k.counter;
    if (this.counter > 0) this.counter += 1;
    return this.counter;
  }

  private authData(k: CeremonyKnobs, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.nextCounter(k));
    const parts: Buffer[] = [sha256(k.rpId ?? this.rpId), Buffer.from([this.flags(k, attested)]), count];
    if (attested) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), len, this.credentialId, this.cosePublicKey);
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, k: CeremonyKnobs): Buffer {
    return Buffer.from(JSON.stringify({ type: k.type ?? type, challenge, origin: k.origin ?? this.origin, crossOrigin: false }));
  }

  /** The answer to registration options, as the browser script posts it (JSON text). */
  create(options: { challenge: string; user: { id: string } }, knobs: CeremonyKnobs = {}): string {
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, knobs);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(knobs, true)],
      ]),
    );
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
    });
  }

  /** The answer to authentication options, as the browser script posts it (JSON text). */
  get(options: { challenge: string }, knobs: CeremonyKnobs = {}): string {
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, knobs);
    const authenticatorData = this.authData(knobs, false);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    });
  }
}
