import { fromCents } from '@cobranzas/shared';

/**
 * A seeded PRNG (mulberry32): the same seed gives the same portfolio. Money is drawn as whole
 * cents (integers), never by float arithmetic on amounts.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick de una lista vacía');
    return item;
  }

  /** One of the keys, with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const keys = Object.keys(weights).filter((key): key is K => Object.hasOwn(weights, key));
    const total = keys.reduce((sum, key) => sum + weights[key], 0);
    let roll = this.next() * total;
    for (const key of keys) {
      roll -= weights[key];
      if (roll < 0) return key;
    }
    const last = keys.at(-1);
    if (last === undefined) throw new Error('weighted() needs at least one key');
    return last;
  }

  /** An amount between two whole-peso bounds, with cents: "123456.78". */
  money(minPesos: number, maxPesos: number): string {
    return fromCents(BigInt(this.int(minPesos * 100, maxPesos * 100)));
  }

  /** `count` digits as a string (leading zeros allowed). */
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }
}
