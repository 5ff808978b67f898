/**
 * Trims a run of `ch` from the end (and optionally the start) of `s` by scanning. A regex such as `/\/+$/`
 * is quadratic: every position of a long inner run starts a rescan that fails at its end.
 */
export function trimTrailing(s: string, ch: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === ch) end--;
  return s.slice(0, end);
}

/** Both ends; see {@link trimTrailing}. */
export function trimChar(s: string, ch: string): string {
  let start = 0;
  while (start < s.length && s[start] === ch) start++;
  return trimTrailing(s.slice(start), ch);
}
