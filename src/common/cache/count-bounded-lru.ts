import { LRUCache } from 'lru-cache';

/**
 * An LRU cache of at most `maxEntries` entries whose memory grows with what it holds. lru-cache
 * allocates its arrays for `max` entries when it is built (five arrays: 2.8 MB for 100,000 entries,
 * whether one key is ever counted or not); bounded by a total size of one per entry instead, it
 * grows them as entries arrive and evicts exactly as `max` would (the least recently used first).
 */
export function countBoundedLru<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  maxEntries: number,
  options: Omit<LRUCache.Options<K, V, unknown>, 'max' | 'maxSize' | 'sizeCalculation'> = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: maxEntries, sizeCalculation: () => 1 });
}
