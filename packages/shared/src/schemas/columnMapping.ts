import './zodConfig';
import { z } from 'zod';

/**
 * Column mapping of an uploaded spreadsheet: which header holds each field, guessed from the
 * headers by synonyms and checked for what is missing or doubled. One machine for every upload that
 * maps columns: the portfolio import (§10.1) and the statements of money in (§11.4).
 */
export interface MappedField<K extends string = string> {
  key: K;
  /** Spanish name for the mapping screen and the error messages. */
  label: string;
  /** Every row needs it (see also `oneOf`). */
  required: boolean;
  /** Headers that map to the field automatically (compared with normalizeHeader). */
  synonyms: readonly string[];
}

/** A mapping: field → the header as written in the file. */
export type ColumnMapping<K extends string = string> = Partial<Record<K, string>>;

/**
 * Words that only say "number" (Nº, N°, Nro, Num, Número) and the connectors "de"/"del": dropped when
 * the header has other words, so "Nº Doc", "Nro. Doc", "Num Doc" and "Doc" are one header, and so are
 * "Fecha de Mora" and "Fecha Mora". º and ° are read as "o" first (Nº → "no").
 */
const FILLER_WORDS = new Set(['n', 'no', 'nro', 'nros', 'nr', 'num', 'numero', 'de', 'del']);

/**
 * A header reduced for comparison: no case, accents, spaces or punctuation, and without the filler
 * words above. "Nº Doc" → "doc", "Nro. Documento" → "documento", "E-mail" → "email",
 * "CUIT/CUIL" → "cuitcuil", "Fecha de Mora" → "fechamora", "Teléfono 2" → "telefono2".
 */
export function normalizeHeader(text: string): string {
  return headerWords(text).join('');
}

/** The words of a header as normalizeHeader keeps them (for the prefix pass of autoMapping). */
function headerWords(text: string): string[] {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[º°]/g, 'o')
    .replace(/ª/g, 'a')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const kept = words.filter((w) => !FILLER_WORDS.has(w));
  return kept.length > 0 ? kept : words;
}

export interface ColumnMapper<K extends string> {
  autoMapping(headers: readonly string[]): ColumnMapping<K>;
  mappingProblems(mapping: ColumnMapping<K>): string[];
  mappingProblemsForHeaders(mapping: ColumnMapping<K>, headers: readonly string[]): string[];
  /** The mapping as an object: unknown fields refused (a typo would be ignored silently), problems checked. */
  schema: z.ZodType<ColumnMapping<K>>;
  /** The same mapping as it arrives in a multipart field: a JSON text. */
  jsonSchema: z.ZodType<ColumnMapping<K>, string>;
}

/**
 * The mapper of a list of fields. `oneOf`: every row needs at least one field of each group
 * (§10.1: "A row needs dni or cuit").
 */
export function columnMapper<const F extends readonly MappedField[]>(
  fields: F,
  oneOf: readonly (readonly F[number]['key'][])[] = [],
): ColumnMapper<F[number]['key']> {
  type K = F[number]['key'];
  const labels = Object.fromEntries(fields.map((f) => [f.key, f.label])) as Record<K, string>;
  const required = fields.filter((f) => f.required).map((f) => f.key as K);
  const synonyms = fields.flatMap((f) =>
    f.synonyms.map((s, rank) => ({ field: f.key as K, words: headerWords(s), rank })),
  );
  const byNormalized = new Map<string, (typeof synonyms)[number]>();
  for (const s of synonyms) {
    const key = s.words.join('');
    if (!byNormalized.has(key)) byNormalized.set(key, s);
  }

  /**
   * Each field at most once, each header at most once. First pass: a header equal (normalised) to a
   * synonym; when two headers match one field, the earlier synonym in the field's list wins, then the
   * earlier column. Second pass, for fields still free: a header whose words start with a synonym's
   * words ("DNI del titular" → dni, "Saldo deuda $" → originalAmount), the longest synonym first,
   * then the earlier column.
   */
  function autoMapping(headers: readonly string[]): ColumnMapping<K> {
    const mapping: ColumnMapping<K> = {};
    const usedHeaders = new Set<number>();
    const candidates: { field: K; rank: number; column: number }[] = [];
    headers.forEach((header, column) => {
      const synonym = byNormalized.get(normalizeHeader(header));
      if (synonym) candidates.push({ field: synonym.field, rank: synonym.rank, column });
    });
    candidates.sort((a, b) => a.rank - b.rank || a.column - b.column);
    for (const c of candidates) {
      if (mapping[c.field] !== undefined || usedHeaders.has(c.column)) continue;
      mapping[c.field] = headers[c.column];
      usedHeaders.add(c.column);
    }

    const prefixes: { field: K; length: number; column: number }[] = [];
    headers.forEach((header, column) => {
      if (usedHeaders.has(column)) return;
      const words = headerWords(header);
      for (const s of synonyms) {
        if (s.words.length < words.length && s.words.every((w, i) => words[i] === w))
          prefixes.push({ field: s.field, length: s.words.length, column });
      }
    });
    prefixes.sort((a, b) => b.length - a.length || a.column - b.column);
    for (const p of prefixes) {
      if (mapping[p.field] !== undefined || usedHeaders.has(p.column)) continue;
      mapping[p.field] = headers[p.column];
      usedHeaders.add(p.column);
    }
    return mapping;
  }

  /** Spanish problems of a mapping by itself: required fields missing, a column used twice. */
  function mappingProblems(mapping: ColumnMapping<K>): string[] {
    const problems: string[] = [];
    for (const field of required)
      if (!mapping[field]) problems.push(`Falta indicar la columna de «${labels[field]}».`);
    for (const group of oneOf)
      if (!group.some((field) => mapping[field]))
        problems.push(`Falta indicar la columna de ${group.map((f) => `«${labels[f]}»`).join(' o ')}.`);
    const byHeader = new Map<string, K[]>();
    for (const [field, header] of Object.entries(mapping) as [K, string][]) {
      if (!header) continue;
      byHeader.set(header, [...(byHeader.get(header) ?? []), field]);
    }
    for (const [header, doubled] of byHeader)
      if (doubled.length > 1)
        problems.push(
          `La columna «${header}» está asignada a más de un campo: ${doubled.map((f) => labels[f]).join(', ')}.`,
        );
    return problems;
  }

  /** mappingProblems plus columns not in the file. */
  function mappingProblemsForHeaders(mapping: ColumnMapping<K>, headers: readonly string[]): string[] {
    const present = new Set(headers);
    const missing = (Object.entries(mapping) as [K, string][])
      .filter(([, header]) => header && !present.has(header))
      .map(([field, header]) => `La columna «${header}» (${labels[field]}) no está en el archivo.`);
    return [...mappingProblems(mapping), ...missing];
  }

  const keys = fields.map((f) => f.key as K) as [K, ...K[]];
  const schema = z
    .partialRecord(
      z.enum(keys),
      z
        .string({ error: 'Indique el encabezado de la columna.' })
        .trim()
        .min(1, { error: 'Indique el encabezado de la columna.' })
        .max(200, { error: 'Debe tener como máximo 200 caracteres.' }),
    )
    .superRefine((mapping, ctx) => {
      for (const message of mappingProblems(mapping as ColumnMapping<K>))
        ctx.addIssue({ code: 'custom', message });
    }) as unknown as z.ZodType<ColumnMapping<K>>;

  const jsonSchema = z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'La asignación de columnas no es un JSON válido.' });
        return z.NEVER;
      }
    })
    .pipe(schema) as unknown as z.ZodType<ColumnMapping<K>, string>;

  return { autoMapping, mappingProblems, mappingProblemsForHeaders, schema, jsonSchema };
}
