/**
 * Seeded randomness for the seeds: the same sequence on every machine, so the demo and stress data (and the
 * screenshots and tests that rely on them) agree everywhere.
 */

/** Deterministic pseudo-random numbers in [0, 1) from a seed (mulberry32). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The draws the seeds make from one sequence; each takes one number of it (digits one per digit). */
export function draws(random: () => number) {
  return {
    random,
    int: (min: number, max: number) => min + Math.floor(random() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T,
    chance: (p: number) => random() < p,
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join(''),
  };
}
export type Draws = ReturnType<typeof draws>;

/** Picks by weight with a precomputed cumulative table (binary search): fast enough for a million picks. */
export function weighted<T>(items: readonly T[], weight: (item: T, index: number) => number) {
  const cumulative: number[] = [];
  let total = 0;
  items.forEach((item, i) => cumulative.push((total += weight(item, i))));
  return (random: () => number): T => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo] as T;
  };
}

/** A name's letters for an e-mail address or a website: 'De Luca' -> 'deluca'. */
export const slug = (s: string): string => s.toLowerCase().replace(/[^a-z]+/g, '');

/** The value a seed's own data must hold; a missing one is a mistake in the data, said in Italian as the CLI speaks. */
export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`dati dimostrativi incoerenti: manca ${what}`);
  return value;
}

/** Inserts rows in chunks of `size`: one statement per chunk, under every driver's bound-parameter limit. */
export async function insertChunks<T>(
  rows: readonly T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Inserts rows in statements of as many rows as fit under SQLite's 32,766 bound parameters (and pg's 65,535). */
export async function insertAll<T extends object>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  const first = rows[0];
  if (!first) return;
  await insertChunks(rows, Math.max(1, Math.floor(30_000 / Object.keys(first).length)), insert);
}
