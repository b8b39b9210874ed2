/**
 * The list's free text as people type it (issues 20 and 32, DESIGN.md §11.2): one case per shape, at
 * random among the generated debtors (apps/api/bench/data.ts). `npm run bench` measures each against
 * its budget, bench/growth.ts how each grows with the portfolio.
 */
import { formatDni } from '@cobranzas/shared';
import { BENCH_FIRST_NAMES, BENCH_LAST_NAMES } from '../apps/api/bench/data';

const random = (max: number) => 1 + Math.floor(Math.random() * max);
const any = (list: readonly string[]) => list[random(list.length) - 1] ?? '';
const unaccented = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

export const freeTextShapes = (debtors: number): [string, () => string][] => [
  ['{apellido}', () => unaccented(any(BENCH_LAST_NAMES)).toLowerCase()],
  ['{Apellido, Nombre}', () => `${any(BENCH_LAST_NAMES)}, ${any(BENCH_FIRST_NAMES)}`],
  ['{nom ape}', () => `${any(BENCH_FIRST_NAMES).slice(0, 4)} ${any(BENCH_LAST_NAMES).slice(0, 4)}`],
  ['{dni con puntos}', () => formatDni(String(10_000_000 + random(debtors)))],
];
