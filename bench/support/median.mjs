// The median of a list of numbers (the mean of the two middle ones for an even count), as every bench
// reports its slices and rounds.
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
