import { fromCents } from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Money in reports: SQL sums arrive as decimal strings and are added or divided as BigInt cents.
 * Unlike shared's toCents there is no 13-digit cap: a whole portfolio's total may pass it.
 */
export function cents(value: string | null | undefined): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new RangeError(`Importe inválido: ${value}`);
  const abs = BigInt(match[2] as string) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -abs : abs;
}

export const money = (value: bigint): string => fromCents(value);

/** part ÷ whole × 100, rounded half up to two decimals; "0.00" when there is no whole. */
export function percent(part: bigint, whole: bigint): string {
  if (whole <= 0n || part <= 0n) return '0.00';
  const hundredths = (part * 10_000n * 2n + whole) / (2n * whole);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** SUM of a money column or expression as exact decimal text ("0" when no rows), never a float. */
export const sumText = (expression: SQL | PgColumn) => sql<string>`coalesce(sum(${expression}), 0)::text`;
