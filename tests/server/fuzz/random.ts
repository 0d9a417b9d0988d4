/**
 * Seeded wrong values for the fuzz test: each run draws other ones (the seed is printed, and
 * FUZZ_SEED=<seed> draws the same ones again), on top of the fixed sets in ./targets.
 */
import type { BadValue } from './targets';

/** mulberry32: a small, fast generator whose whole state is the seed. */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of this run: FUZZ_SEED when set, else a new one. */
export function runSeed(): number {
  const given = Number(process.env.FUZZ_SEED);
  return Number.isInteger(given) && given > 0 ? given : 1 + Math.floor(Math.random() * 2 ** 31);
}

const STRINGS = [
  'fuzz',
  '',
  ' ',
  '0',
  '-0',
  '1.5',
  '1e3',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  '2026-13-01',
  '2026-12-01T24:00:00',
  '25:61:00',
  '9999-12-31T23:59:59',
  "'; select 1; --",
  '%00',
  '\u202eevil',
  '😀',
  'ÅÄÖ',
  '\ud800',
  'a'.repeat(257),
];

/** A value of a random kind: fractions, large and negative numbers, odd strings, booleans, null, arrays, objects. */
export function randomJson(next: () => number, depth = 0): unknown {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const kinds = depth < 2 ? 9 : 7;
  switch (Math.floor(next() * kinds)) {
    case 0:
      return Math.round((next() * 2 - 1) * 1e6) / 1000 + 0.001;
    case 1:
      return pick([2 ** 31, -(2 ** 31) - 1, 2 ** 53, -1, 0, 1e308, -1e-7]);
    case 2:
      return Math.floor(next() * 1000);
    case 3:
    case 4:
      return pick(STRINGS);
    case 5:
      return next() < 0.5;
    case 6:
      return null;
    case 7:
      return Array.from({ length: 1 + Math.floor(next() * 3) }, () => randomJson(next, depth + 1));
    default:
      return { Id: randomJson(next, depth + 1), [pick(['Name', 'Value', 'x', '__proto__'])]: randomJson(next, depth + 1) };
  }
}

/** A random wrong value, in JSON and as text (objects and arrays as their JSON). */
export function randomValue(next: () => number): BadValue {
  const json = randomJson(next);
  const text = typeof json === 'string' ? json : JSON.stringify(json);
  return { name: `random ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`, json, text };
}
