import { isIP } from 'node:net';

// The WebAuthn rules the broker applies, as pure functions (unit-tested in passkey-rules.spec.ts).

/** Where passkeys live: the RP ID (a registrable host name) and the one origin ceremonies may come from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * The relying party of a deployment, from PUBLIC_BASE_URL: its host is the RP ID and its origin
 * the only expected origin. Undefined where passkeys cannot work: an IP address is never a valid
 * RP ID, and plain http is a secure context only on localhost.
 */
export function relyingPartyFor(publicBaseUrl: string): RelyingParty | undefined {
  let url: URL;
  try {
    url = new URL(publicBaseUrl);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  if (host.startsWith('[') || isIP(host)) return undefined;
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return undefined;
  return { id: host, origin: url.origin, name: 'Agentry' };
}

/**
 * A signature counter check (WebAuthn §6.1.1): authenticators that keep a counter must increase
 * it, so a stored counter and a new one that is not greater (unless both are 0, as synced passkeys
 * report) means two copies of one credential exist.
 */
export function counterVerdict(stored: number, received: number): 'ok' | 'cloned' {
  if (stored === 0 && received === 0) return 'ok';
  return received > stored ? 'ok' : 'cloned';
}

/**
 * Backup eligibility is fixed when a credential is made: a single-device credential that turns up
 * as a multi-device one (or the reverse) is not the authenticator that registered.
 */
export function deviceTypeVerdict(stored: string, received: string): 'ok' | 'changed' {
  return stored === received ? 'ok' : 'changed';
}

/** A passkey's display name: trimmed, 1–60 characters, no control characters. */
export function passkeyName(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex
  const name = input.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name.length >= 1 && name.length <= 60 ? name : undefined;
}

/** The WebAuthn user handle of an owner: the 16 bytes of their id (stable, not personal data). */
export function userHandleOf(ownerId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(ownerId.replace(/-/g, ''), 'hex'));
}

/** The owner id a user handle names, or undefined. */
export function ownerIdOfHandle(handle: string): string | undefined {
  const bytes = Buffer.from(handle, 'base64url');
  if (bytes.length !== 16) return undefined;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
