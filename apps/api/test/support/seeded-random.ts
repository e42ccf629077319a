/**
 * A repeatable pseudo-random integer in [0, n) from a seed (mulberry32): every step of a randomised
 * test is the same on each run, and all its choices vary (a plain modulo-2^31 LCG's low bits cycle
 * with a short period, so `next() % 4` took one value).
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), state | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}
