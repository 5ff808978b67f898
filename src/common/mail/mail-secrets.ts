import { SecretBox } from '../secrets/secret-box.js';
import type { SecretsService } from '../secrets/secrets.service.js';

/**
 * One-time secrets in outgoing mail (verification tokens, sign-in codes and links) never sit in the
 * outbox in plaintext: the stored subject and bodies carry them redacted, and the message as it must
 * be sent is kept sealed (AES-256-GCM) beside them until it is sent, dead or refused, then erased.
 */

/** The parts of a message that may carry a secret. */
export interface MailContent {
  subject: string;
  text: string;
  html: string | null;
}

/** `dmvv_[redacted]` keeps a token's kind readable; anything else becomes `[redacted]`. */
function placeholder(secret: string): string {
  const underscore = secret.indexOf('_');
  return underscore >= 3 && underscore <= 5 && /^[a-z]+$/.test(secret.slice(0, underscore))
    ? `${secret.slice(0, underscore + 1)}[redacted]`
    : '[redacted]';
}

/**
 * `text` with every occurrence of each secret (and of its URL-encoded form) replaced by a
 * placeholder; longer secrets first, so a code that happens to sit inside a token goes with it.
 * Plain substring replacement: linear in the text, no pattern built from input.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
  }
  let redacted = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) {
    redacted = redacted.split(form).join(placeholder(form));
  }
  return redacted;
}

export function redactContent(content: MailContent, secrets: readonly string[]): MailContent {
  return {
    subject: redactSecrets(content.subject, secrets),
    text: redactSecrets(content.text, secrets),
    html: content.html === null ? null : redactSecrets(content.html, secrets),
  };
}

/**
 * Seals and opens message content under a key of its own (`outbound-mail`, an app secret shared by
 * every instance and itself encrypted at rest under the key encryption key), so the sealed copy is
 * ciphertext under two keys.
 */
export class MailSealer {
  constructor(private readonly secrets: SecretsService) {}

  /**
   * Reads the key at boot. Sealing happens inside the callers' transactions: a first read there would
   * wait for a second pool connection while holding one, and a burst of such callers drains the pool.
   */
  async warm(): Promise<void> {
    await this.box();
  }

  async seal(content: MailContent): Promise<string> {
    return (await this.box()).seal(JSON.stringify(content));
  }

  async open(sealed: string): Promise<MailContent> {
    return JSON.parse((await this.box()).open(sealed)) as MailContent;
  }

  /** The key is read once per instance (SecretsService caches it); the box only hashes it. */
  private async box(): Promise<SecretBox> {
    return new SecretBox((await this.secrets.secret('outbound-mail')).toString('base64url'));
  }
}
