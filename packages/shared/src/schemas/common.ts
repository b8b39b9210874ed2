import './zodConfig';
import { z } from 'zod';
import { isValidCuit, isValidDni, normalizeDni, onlyDigits } from '../ids';
import { MESSAGES } from '../messages';
import { compareMoney, isMoney, normalizeMoney } from '../money';
import { NOT_IN_LINE, NOT_IN_NOTE, normalizeLineBreaks } from '../text';

/** The largest id a PostgreSQL integer column holds. */
const MAX_ID = 2_147_483_647;

/**
 * An id in its canonical form: a JSON integer, or the decimal digits of one with no sign, spaces,
 * exponent, fraction, hexadecimal prefix or leading zeros ("12", never "012", "+12", "1e1", "0xc").
 * Anything else names no record and is refused rather than guessed at.
 */
export function parseId(value: unknown): number | undefined {
  let id: number;
  if (typeof value === 'number') id = value;
  else if (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value)) id = Number(value);
  else return undefined;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : undefined;
}

const canonicalId = z.unknown().transform((value, ctx) => {
  const id = parseId(value);
  if (id !== undefined) return id;
  ctx.issues.push({ code: 'custom', message: MESSAGES.invalidId, input: value });
  return z.NEVER;
});

/** Database ids (bodies, route params): see parseId. */
export const idSchema = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { error: MESSAGES.required })
  .pipe(canonicalId);
export const idParamsSchema = z.object({ id: idSchema });

/** One line of text (a name, a reference): no line break, control character or bidi mark (text.ts). */
export const requiredText = (max: number) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(max, { error: MESSAGES.tooLong(max) })
    .refine((v) => !NOT_IN_LINE.test(v), { error: MESSAGES.notOneLine });

/** Optional one-line text: empty strings become null so the database keeps one "absent" value. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.tooLong(max) })
    .refine((v) => !NOT_IN_LINE.test(v), { error: MESSAGES.notOneLine })
    .nullish()
    .transform((v) => (v ? v : null));

/** A note of several lines: line breaks kept (as LF) with tabs; no other control or bidi mark. */
const note = (max: number) =>
  z
    .string()
    .transform(normalizeLineBreaks)
    .pipe(
      z
        .string()
        .trim()
        .max(max, { error: MESSAGES.tooLong(max) })
        .refine((v) => !NOT_IN_NOTE.test(v), { error: MESSAGES.notANote }),
    );

export const requiredNote = (max: number) =>
  z
    .string({ error: MESSAGES.required })
    .pipe(note(max))
    .refine((v) => v !== '', { error: MESSAGES.required });

/** Optional note: empty becomes null, as optionalText. */
export const optionalNote = (max: number) =>
  note(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const optionalEmail = z
  .string()
  .trim()
  .max(254, { error: MESSAGES.tooLong(254) })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || z.email().safeParse(v).success, { error: MESSAGES.invalidEmail });

export const cuitSchema = z
  .string({ error: MESSAGES.required })
  .transform(onlyDigits)
  .refine(isValidCuit, { error: MESSAGES.invalidCuit });

/** A DNI as typed ("01.234.567") → as stored ("1234567"): see normalizeDni. */
export const dniSchema = z
  .string({ error: MESSAGES.required })
  .transform(normalizeDni)
  .refine(isValidDni, { error: MESSAGES.invalidDni });

/** Decimal numbers travel as strings ("12.50") so no float ever touches them. */
export const percentSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && compareMoney(v, '100') <= 0, {
    error: 'Debe ser un porcentaje entre 0 y 100 con hasta dos decimales.',
  });

export const timestamps = {
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** Money in: "1500", "1500.5" or a JSON number with up to two decimals; out: "1500.00". */
export const moneySchema = z
  .union([z.string(), z.number()], { error: 'Ingrese un importe.' })
  .transform((v) => String(v).trim())
  .refine(isMoney, { error: 'Importe inválido: use números con hasta dos decimales (ej. 1500.50).' })
  .transform(normalizeMoney);

export const positiveMoneySchema = moneySchema.refine((v) => !v.startsWith('-') && v !== '0.00', {
  error: 'El importe debe ser mayor que cero.',
});

export const nonNegativeMoneySchema = moneySchema.refine((v) => !v.startsWith('-'), {
  error: 'El importe no puede ser negativo.',
});

/** Years a date of this business can have; outside them a date is a typo (and 0000 is no year). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;
const inYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};
const yearsMessage = { error: `La fecha debe estar entre los años ${MIN_YEAR} y ${MAX_YEAR}.` };

/** Calendar dates travel as YYYY-MM-DD (DESIGN.md §7). */
export const dateSchema = z.iso
  .date({ error: 'Fecha inválida (use AAAA-MM-DD).' })
  .refine(inYears, yearsMessage);
export const optionalDate = dateSchema.nullish().transform((v) => v ?? null);

/** Instants travel as ISO 8601 (DESIGN.md §7); stored and answered in UTC. */
export const instantSchema = z.iso
  .datetime({ offset: true, error: 'Fecha y hora inválidas (ISO 8601).' })
  .refine(inYears, yearsMessage);

/** A filter on a foreign key, from the query string: a canonical id (parseId). */
export const idFilter = canonicalId.optional();

/** A boolean filter from the query string ("true" / "false"). */
export const boolFilter = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

/** Name + description catalogs (debt types, collection types, event types, …). */
export const catalogSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const catalogCreateSchema = z.object({ name: requiredText(80), description: optionalNote(500) });
export const catalogUpdateSchema = partialUpdate(catalogCreateSchema);
export type Catalog = z.infer<typeof catalogSchema>;
export type CatalogCreate = z.input<typeof catalogCreateSchema>;

/**
 * The PATCH schema of a create schema: every field optional and without its default, because zod's
 * `.partial()` still fills defaults and a partial update must write only what was sent.
 */
export function partialUpdate<T extends z.ZodObject>(schema: T): ReturnType<T['partial']> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? field.unwrap() : field).optional(),
    ]),
  );
  return z.object(shape) as unknown as ReturnType<T['partial']>;
}
