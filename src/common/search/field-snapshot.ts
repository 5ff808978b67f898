/**
 * A copy of an object's own fields that can cross to another thread (worker_threads' postMessage) and
 * be put back into another instance of the same class: how an index built in a worker is handed to
 * the main thread. Generic on purpose — it walks whatever fields the instance has, so it keeps working
 * when the index's internal layout changes:
 * - typed arrays go as they are, their buffers in the transfer list (moved, not copied), also inside
 *   arrays and as Map values;
 * - arrays, Maps and Sets whose elements (or keys) are strings go as one string (their concatenation)
 *   and an Int32Array of lengths: structured clone copies one flat string instead of writing and
 *   reading a million small ones, and the receiver cuts them out again;
 * - anything else goes by structured clone.
 *
 * Strings are not deduplicated across fields: a class holding the same strings in several fields (a
 * key in an array and in a Map, say) leaves the copies out of the snapshot (`leaveOut`) and rebuilds
 * them from the field it kept after the restore, so each string is written once and the rebuilt
 * fields share the restored strings, as they did in the instance the snapshot was taken of.
 */

/** `lengths[i]` is the length of string i in `text`, -1 for `undefined`. */
type Encoded =
  | { kind: 'value'; value: unknown }
  | { kind: 'strings'; text: string; lengths: Int32Array }
  | { kind: 'map'; keys: Encoded; values: Encoded }
  | { kind: 'set'; values: Encoded };

export interface FieldSnapshot {
  fields: Record<string, Encoded>;
  /** The buffers to list in postMessage's transfer list. */
  transfer: ArrayBuffer[];
}

function stringsOnly(values: readonly unknown[]): boolean {
  let any = false;
  for (const v of values) {
    if (typeof v === 'string') any = true;
    else if (v !== undefined) return false;
  }
  return any;
}

function transferable(value: unknown, transfer: Set<ArrayBuffer>): void {
  if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer && value.buffer.byteLength > 0) transfer.add(value.buffer);
}

function encodeList(values: unknown[], transfer: Set<ArrayBuffer>): Encoded {
  if (!stringsOnly(values)) return encodeValue(values, transfer);
  const lengths = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    lengths[i] = typeof v === 'string' ? v.length : -1;
  }
  transfer.add(lengths.buffer);
  // join() writes `undefined` as ''.
  return { kind: 'strings', text: values.join(''), lengths };
}

function encodeValue(value: unknown, transfer: Set<ArrayBuffer>): Encoded {
  if (ArrayBuffer.isView(value)) {
    transferable(value, transfer);
    return { kind: 'value', value };
  }
  if (Array.isArray(value)) {
    if (stringsOnly(value)) return encodeList(value, transfer);
    for (const v of value) transferable(v, transfer);
    return { kind: 'value', value };
  }
  if (value instanceof Map) {
    return { kind: 'map', keys: encodeList([...value.keys()], transfer), values: encodeList([...value.values()], transfer) };
  }
  if (value instanceof Set) return { kind: 'set', values: encodeList([...value], transfer) };
  return { kind: 'value', value };
}

function decodeList(encoded: Encoded): unknown[] {
  return decode(encoded) as unknown[];
}

function decode(encoded: Encoded): unknown {
  switch (encoded.kind) {
    case 'value':
      return encoded.value;
    case 'strings': {
      const { text, lengths } = encoded;
      const out = new Array<string | undefined>(lengths.length);
      let at = 0;
      for (let i = 0; i < lengths.length; i++) {
        const n = lengths[i];
        if (n < 0) continue;
        out[i] = text.slice(at, at + n);
        at += n;
      }
      return out;
    }
    case 'map': {
      const keys = decodeList(encoded.keys);
      const values = decodeList(encoded.values);
      const map = new Map<unknown, unknown>();
      for (let i = 0; i < keys.length; i++) map.set(keys[i], values[i]);
      return map;
    }
    case 'set':
      return new Set(decodeList(encoded.values));
  }
}

/**
 * A transferable copy of `target`'s own enumerable fields but those in `leaveOut` (the target is left
 * unusable: its buffers move).
 */
export function snapshotFields(target: object, leaveOut: readonly string[] = []): FieldSnapshot {
  const transfer = new Set<ArrayBuffer>();
  const fields: Record<string, Encoded> = {};
  for (const [name, value] of Object.entries(target)) if (!leaveOut.includes(name)) fields[name] = encodeValue(value, transfer);
  return { fields, transfer: [...transfer] };
}

/** Puts a {@link snapshotFields} copy into `target` (an instance of the same class), field by field. */
export function restoreFields(target: object, snapshot: Omit<FieldSnapshot, 'transfer'>): void {
  const values: Record<string, unknown> = {};
  for (const [name, encoded] of Object.entries(snapshot.fields)) values[name] = decode(encoded);
  Object.assign(target, values);
}
