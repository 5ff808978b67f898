/**
 * A copy of an object's own fields that can cross to another thread (worker_threads' postMessage) and
 * be put back into another instance of the same class: how an index built in a worker is handed to
 * the main thread. Generic on purpose — it walks whatever fields the instance has, so it keeps working
 * when the index's internal layout changes:
 * - typed arrays go as they are, their buffers in the transfer list (moved, not copied);
 * - arrays, Maps and Sets whose elements (or keys) are strings are written against one table of
 *   distinct strings, so a string held in several places (a key in an array, a Map and a sort order)
 *   is one string again after the restore, as it was in the index that was built — structured clone
 *   alone would make a copy per place, hundreds of megabytes at a million documents;
 * - anything else goes by structured clone.
 */

/** String slots are indexes into {@link FieldSnapshot.strings}; -1 is `undefined`. */
type Encoded =
  | { kind: 'value'; value: unknown }
  | { kind: 'strings'; refs: Int32Array }
  | { kind: 'map'; keys: Encoded; values: Encoded }
  | { kind: 'set'; values: Encoded };

export interface FieldSnapshot {
  fields: Record<string, Encoded>;
  /** Every distinct string of the string-valued collections, once. */
  strings: string[];
  /** The buffers to list in postMessage's transfer list. */
  transfer: ArrayBuffer[];
}

class StringTable {
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();

  ref(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(s);
      this.index.set(s, i);
    }
    return i;
  }
}

function stringsOnly(values: readonly unknown[]): boolean {
  let any = false;
  for (const v of values) {
    if (typeof v === 'string') any = true;
    else if (v !== undefined) return false;
  }
  return any;
}

function encodeList(values: unknown[], table: StringTable, transfer: Set<ArrayBuffer>): Encoded {
  if (!stringsOnly(values)) return encodeValue(values, table, transfer);
  const refs = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    refs[i] = typeof v === 'string' ? table.ref(v) : -1;
  }
  transfer.add(refs.buffer);
  return { kind: 'strings', refs };
}

function encodeValue(value: unknown, table: StringTable, transfer: Set<ArrayBuffer>): Encoded {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer && value.buffer.byteLength > 0) transfer.add(value.buffer);
    return { kind: 'value', value };
  }
  if (Array.isArray(value) && stringsOnly(value)) return encodeList(value, table, transfer);
  if (value instanceof Map) {
    return { kind: 'map', keys: encodeList([...value.keys()], table, transfer), values: encodeList([...value.values()], table, transfer) };
  }
  if (value instanceof Set) return { kind: 'set', values: encodeList([...value], table, transfer) };
  return { kind: 'value', value };
}

function decodeList(encoded: Encoded, strings: readonly string[]): unknown[] {
  const value = decode(encoded, strings);
  return value as unknown[];
}

function decode(encoded: Encoded, strings: readonly string[]): unknown {
  switch (encoded.kind) {
    case 'value':
      return encoded.value;
    case 'strings': {
      const { refs } = encoded;
      const out = new Array<string | undefined>(refs.length);
      for (let i = 0; i < refs.length; i++) out[i] = refs[i] < 0 ? undefined : strings[refs[i]];
      return out;
    }
    case 'map': {
      const keys = decodeList(encoded.keys, strings);
      const values = decodeList(encoded.values, strings);
      const map = new Map<unknown, unknown>();
      for (let i = 0; i < keys.length; i++) map.set(keys[i], values[i]);
      return map;
    }
    case 'set':
      return new Set(decodeList(encoded.values, strings));
  }
}

/** A transferable copy of `target`'s own enumerable fields (the target is left unusable: its buffers move). */
export function snapshotFields(target: object): FieldSnapshot {
  const table = new StringTable();
  const transfer = new Set<ArrayBuffer>();
  const fields: Record<string, Encoded> = {};
  for (const [name, value] of Object.entries(target)) fields[name] = encodeValue(value, table, transfer);
  return { fields, strings: table.strings, transfer: [...transfer] };
}

/** Puts a {@link snapshotFields} copy into `target` (an instance of the same class), field by field. */
export function restoreFields(target: object, snapshot: Omit<FieldSnapshot, 'transfer'>): void {
  const values: Record<string, unknown> = {};
  for (const [name, encoded] of Object.entries(snapshot.fields)) values[name] = decode(encoded, snapshot.strings);
  Object.assign(target, values);
}
