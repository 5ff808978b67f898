import { randomBytes } from 'node:crypto';
import { trimChar, trimTrailing } from '../../common/text/trim.js';

/**
 * A mailbox-safe handle from a display name: lower-case letters, digits and single hyphens,
 * 3-40 characters, with a random suffix so two agents named alike never collide.
 */
export function handleFromName(name: string): string {
  const base = trimTrailing(
    trimChar(
      name
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-'),
      '-',
    ).slice(0, 30),
    '-',
  );
  const suffix = randomBytes(3).toString('hex');
  return `${base.length >= 2 ? base : 'agent'}-${suffix}`;
}

/** Display names: 1-100 printable characters, trimmed, no control characters. */
export function cleanAgentName(name: string): string | undefined {
  const clean = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 100);
  return clean.length > 0 ? clean : undefined;
}
