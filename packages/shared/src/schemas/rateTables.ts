import { z } from 'zod';
import { MESSAGES } from '../messages';
import { defineResource } from '../resource';
import { dateSchema, optionalNote, partialUpdate, requiredText, timestamps } from './common';

/**
 * Rate tables (issue 17, DESIGN.md §10.2): dated annual rates, e.g. the Banco Nación active rate.
 * An entry holds from its `from` until the next entry's `from`.
 */

/** An annual rate as stored (NUMERIC(5,2)): 0 to 999.99, up to two decimals. */
const ANNUAL_RATE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * "45.25", "45,25", "45", " 45.5 " → "45.25", "45.25", "45.00", "45.50"; null when it is no rate
 * (negative, over 999.99, more than two decimals, thousands separators, exponents).
 */
export function normalizeAnnualRate(value: string): string | null {
  const text = value.trim().replace(',', '.');
  if (!ANNUAL_RATE_PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return `${Number(whole)}.${fraction.padEnd(2, '0')}`;
}

/** The most rates a table holds: fifty years of daily rates (the BNA publishes one per business day). */
export const RATE_TABLE_MAX_ENTRIES = 20_000;

export const annualRateSchema = z
  .union([z.string(), z.number()], { error: MESSAGES.annualRateInvalid })
  .transform((value, ctx) => {
    const rate = normalizeAnnualRate(String(value));
    if (rate !== null) return rate;
    const empty = String(value).trim() === '';
    ctx.issues.push({
      code: 'custom',
      message: empty ? MESSAGES.required : MESSAGES.annualRateInvalid,
      input: value,
    });
    return z.NEVER;
  });

export const rateTableEntrySchema = z.object({ from: z.string(), annualRate: z.string() });
export type RateTableEntry = z.infer<typeof rateTableEntrySchema>;

/** A row without its date (the form's null) is told so, not that its date is malformed. */
export const rateTableEntryInputSchema = z.object({
  from: z.string({ error: MESSAGES.required }).pipe(dateSchema),
  annualRate: annualRateSchema,
});
export type RateTableEntryInput = z.input<typeof rateTableEntryInputSchema>;

/** Entries as sent → sorted by `from`; two entries with the same `from` are a 400. */
export const rateTableEntriesSchema = z
  .array(rateTableEntryInputSchema)
  .max(RATE_TABLE_MAX_ENTRIES, { error: MESSAGES.rateTableTooManyEntries(RATE_TABLE_MAX_ENTRIES) })
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.from))
        ctx.addIssue({
          code: 'custom',
          message: MESSAGES.rateTableDuplicateFrom(entry.from),
          path: [index, 'from'],
        });
      seen.add(entry.from);
    });
  })
  .transform((entries) => [...entries].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0)));

export const rateTableSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Sorted by `from`; `from` is YYYY-MM-DD, `annualRate` a decimal string ("45.25"). */
  entries: z.array(rateTableEntrySchema),
  ...timestamps,
});
export type RateTable = z.infer<typeof rateTableSchema>;

export const rateTableCreateSchema = z.object({
  name: requiredText(120),
  description: optionalNote(500),
  entries: rateTableEntriesSchema.default([]),
});
/** `entries`, when sent, replaces every entry of the table. */
export const rateTableUpdateSchema = partialUpdate(rateTableCreateSchema);
export type RateTableCreate = z.input<typeof rateTableCreateSchema>;
export type RateTableUpdate = z.input<typeof rateTableUpdateSchema>;

export const rateTablesResource = defineResource({
  path: 'rate-tables',
  label: 'tablas de tasas',
  item: rateTableSchema,
  create: rateTableCreateSchema,
  update: rateTableUpdateSchema,
  sortable: ['name', 'id', 'createdAt'],
});

/** The CSV import (POST /api/rate-tables/{id}/import): at most 1 MB of `fecha;tasa` lines. */
export const RATE_IMPORT_MAX_BYTES = 1024 * 1024;

export const rateImportResultSchema = z.object({
  /** Entries added (a date the table did not have). */
  created: z.number().int(),
  /** Entries whose rate the file replaced (a date the table had). */
  updated: z.number().int(),
  /** Lines not imported, numbered from 1 as a text editor shows them, with the reason in Spanish. */
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type RateImportResult = z.infer<typeof rateImportResultSchema>;
