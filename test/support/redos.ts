// The harness of the ReDoS timing specs (src/**/*.redos.spec.ts): adversarial strings built from the
// fragments that start or extend a match of the patterns under test, and a best-of-three timer. A
// backtracking pattern takes seconds on such input; a linear one a few ms, so a generous budget
// tells them apart even on a busy shared machine.
import fc from 'fast-check';

/**
 * Adversarial strings up to `max` UTF-16 units: one fragment repeated after another one, a few
 * fragments interleaved and repeated, or a short arbitrary string. Repeated, such fragments are what
 * makes a backtracking pattern polynomial.
 */
export function adversarial(fragments: readonly string[], max: number): fc.Arbitrary<string> {
  const repeated = fc
    .tuple(fc.constantFrom(...fragments), fc.constantFrom(...fragments), fc.integer({ min: 1, max }))
    .map(([a, b, n]) => `${b}${a.repeat(Math.ceil(n / a.length))}`.slice(0, max));
  const mixed = fc
    .tuple(fc.array(fc.constantFrom(...fragments), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max }))
    .map(([parts, n]) => {
      const unit = parts.join('');
      return unit.repeat(Math.ceil(n / unit.length)).slice(0, max);
    });
  return fc.oneof(repeated, mixed, fc.string({ maxLength: 200, unit: 'grapheme' }));
}

/** Milliseconds `fn` takes (best of three, so one GC pause or a busy neighbour does not decide). */
export function timed(fn: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}
