import { randomBytes } from 'node:crypto';

const HEX = '0123456789abcdef';
/** Where the counter's 12 hex digits start in `xxxxxxxx-xxxx-4xxx-yxxx-cccccccccccc`. */
const COUNTER_AT = 24;
const LENGTH = 36;

interface Latin1Buffer extends Buffer {
  /** Node's own one-call decoder behind buf.toString('latin1') (no encoding lookup). */
  latin1Slice(start: number, end: number): string;
}

/**
 * Request ids (x-request-id, the access log's reqId): UUID-shaped, version 4 layout, lower-case hex —
 * a random prefix drawn once per generator (74 random bits: instances never share one) followed by a
 * 48-bit counter that starts at a random value. Unique within the process and, in practice, across
 * instances; not secret and not meant to be (nothing authorizes by a request id).
 *
 * Why not crypto.randomUUID() per request: it builds its answer from 20 concatenations, a string V8
 * must flatten the first time it is read as a whole (Node validates every header value with a
 * regular expression, which then leaves its compiled fast path): 290 ns per id with that check,
 * against 82 ns here (docs/benchmarks.md, "Issue 25: session 12"). Here the id is one buffer whose
 * counter digits are bumped in place and decoded in one call into a flat string.
 */
export class RequestIds {
  private readonly buffer: Latin1Buffer;

  constructor(random: Buffer = randomBytes(16)) {
    if (random.length < 16) throw new Error('RequestIds needs 16 random bytes');
    const buffer = Buffer.alloc(LENGTH) as Latin1Buffer;
    let at = 0;
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) buffer[at++] = 0x2d; // '-'
      let byte = random[i];
      if (i === 6) byte = (byte & 0x0f) | 0x40; // version 4
      if (i === 8) byte = (byte & 0x3f) | 0x80; // RFC 4122 variant
      buffer[at++] = HEX.charCodeAt(byte >> 4);
      buffer[at++] = HEX.charCodeAt(byte & 0x0f);
    }
    this.buffer = buffer;
  }

  /** The next id. */
  next(): string {
    const buffer = this.buffer;
    // Adds one to the 12 hex digits at the end, carrying leftwards (f + 1 = 0, carry); wraps at 16^12.
    for (let i = LENGTH - 1; i >= COUNTER_AT; i--) {
      const digit = buffer[i];
      if (digit === 0x66) {
        buffer[i] = 0x30; // 'f' -> '0', carry on
        continue;
      }
      buffer[i] = digit === 0x39 ? 0x61 : digit + 1; // '9' -> 'a', else the next digit
      break;
    }
    return buffer.latin1Slice(0, LENGTH);
  }
}
