import './zodConfig';
import { z } from 'zod';
import { defineResource } from '../resource';
import { idFilter } from './common';

/**
 * The portfolio import's fields and automatic column mapping (DESIGN.md §10.1). Shared by the web's
 * mapping step and the API's parser, so no Node API here.
 */

/** The largest file an import accepts (§10.1: "up to 50 MB"). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export interface ImportFieldInfo {
  key: string;
  /** Spanish name for the mapping screen and the error messages. */
  label: string;
  /** Which record the value goes to. */
  entity: 'debtor' | 'debt';
  /** Every row needs it. `dni` and `cuit` are required as a pair instead: see IMPORT_ONE_OF. */
  required: boolean;
  /** Headers that map to the field automatically (compared with normalizeHeader). */
  synonyms: readonly string[];
}

/** §10.1's fields in screen order, with the header synonyms it lists plus obvious ones. */
export const IMPORT_FIELDS = [
  {
    key: 'dni',
    label: 'DNI',
    entity: 'debtor',
    required: false,
    synonyms: [
      'DNI',
      'Documento',
      'Nro Documento',
      'Nº Doc',
      'Num Doc',
      'Doc',
      'Número de Documento',
      'DNI Titular',
      'Documento Titular',
      'Nro DNI',
    ],
  },
  {
    key: 'cuit',
    label: 'CUIT/CUIL',
    entity: 'debtor',
    required: false,
    synonyms: ['CUIT', 'CUIL', 'CUIT/CUIL', 'CUIL/CUIT', 'CUIT Titular', 'CUIL Titular'],
  },
  {
    key: 'fullName',
    label: 'Apellido y nombre',
    entity: 'debtor',
    required: false,
    synonyms: [
      'Apellido y Nombre',
      'Nombre y Apellido',
      'Titular',
      'Deudor',
      'Razón Social',
      'Apellido y Nombres',
      'Nombres y Apellidos',
      'Apellido Nombre',
      'Nombre Completo',
      'Nombre del Titular',
      'Nombre del Deudor',
      'Nombre del Cliente',
      'Nombre Cliente',
    ],
  },
  {
    key: 'lastName',
    label: 'Apellido',
    entity: 'debtor',
    required: false,
    synonyms: ['Apellido', 'Apellidos'],
  },
  { key: 'firstName', label: 'Nombre', entity: 'debtor', required: false, synonyms: ['Nombre', 'Nombres'] },
  {
    key: 'email',
    label: 'Correo electrónico',
    entity: 'debtor',
    required: false,
    synonyms: ['Email', 'E-mail', 'Correo', 'Mail', 'Correo Electrónico'],
  },
  {
    key: 'phone',
    label: 'Teléfono',
    entity: 'debtor',
    required: false,
    synonyms: ['Teléfono', 'Tel', 'Celular', 'Móvil', 'Teléfono 1', 'Tel 1', 'Cel', 'Teléfono Celular'],
  },
  {
    key: 'altPhone',
    label: 'Teléfono alternativo',
    entity: 'debtor',
    required: false,
    synonyms: [
      'Teléfono 2',
      'Tel Alternativo',
      'Tel Laboral',
      'Teléfono Alternativo',
      'Teléfono Laboral',
      'Tel 2',
      'Otro Teléfono',
      'Celular 2',
    ],
  },
  {
    key: 'address',
    label: 'Domicilio',
    entity: 'debtor',
    required: false,
    synonyms: ['Domicilio', 'Dirección', 'Calle', 'Domicilio Particular'],
  },
  { key: 'city', label: 'Localidad', entity: 'debtor', required: false, synonyms: ['Localidad', 'Ciudad'] },
  {
    key: 'province',
    label: 'Provincia',
    entity: 'debtor',
    required: false,
    synonyms: ['Provincia', 'Pcia', 'Prov'],
  },
  {
    key: 'postalCode',
    label: 'Código postal',
    entity: 'debtor',
    required: false,
    synonyms: ['CP', 'Código Postal', 'Cod Postal', 'CPA'],
  },
  {
    key: 'employer',
    label: 'Empleador',
    entity: 'debtor',
    required: false,
    synonyms: ['Empleador', 'Empresa Empleadora', 'Lugar de Trabajo'],
  },
  {
    key: 'birthDate',
    label: 'Fecha de nacimiento',
    entity: 'debtor',
    required: false,
    synonyms: ['Fecha de Nacimiento', 'Fecha Nac', 'Nacimiento', 'F Nac'],
  },
  {
    key: 'reference',
    label: 'Referencia',
    entity: 'debt',
    required: true,
    synonyms: [
      'Referencia',
      'Nro Cuenta',
      'Cuenta',
      'Nro Operación',
      'Operación',
      'Nro Crédito',
      'Contrato',
      'Número de Cuenta',
      'Nro Contrato',
      'Crédito',
      'Préstamo',
      'Nro Préstamo',
      'Nro Referencia',
    ],
  },
  {
    key: 'originalAmount',
    label: 'Importe original',
    entity: 'debt',
    required: true,
    synonyms: [
      'Monto',
      'Importe',
      'Saldo',
      'Deuda',
      'Saldo Deuda',
      'Capital',
      'Monto Adeudado',
      'Importe Adeudado',
      'Importe Original',
      'Monto Original',
      'Monto Deuda',
      'Deuda Total',
      'Total Adeudado',
      'Saldo Adeudado',
      'Saldo Total',
    ],
  },
  { key: 'currency', label: 'Moneda', entity: 'debt', required: false, synonyms: ['Moneda', 'Divisa'] },
  {
    key: 'originDate',
    label: 'Fecha de origen',
    entity: 'debt',
    required: false,
    synonyms: ['Fecha Origen', 'Fecha Alta', 'Fecha Otorgamiento', 'Fecha de Operación'],
  },
  {
    key: 'defaultDate',
    label: 'Fecha de mora',
    entity: 'debt',
    required: false,
    synonyms: [
      'Fecha Mora',
      'Fecha de Mora',
      'Vencimiento',
      'Fecha Vto',
      'Fecha de Vencimiento',
      'Vto',
      'Mora Desde',
      'Fecha Inicio Mora',
    ],
  },
  {
    key: 'collectionType',
    label: 'Tipo de cobranza',
    entity: 'debt',
    required: false,
    synonyms: ['Producto', 'Tipo de Cobranza', 'Tipo Producto', 'Origen de la Deuda'],
  },
  {
    key: 'debtType',
    label: 'Etapa',
    entity: 'debt',
    required: false,
    synonyms: ['Etapa', 'Tipo de Deuda', 'Instancia'],
  },
  {
    key: 'punitiveRate',
    label: 'Tasa punitoria (% anual)',
    entity: 'debt',
    required: false,
    synonyms: ['Tasa Punitoria', 'Interés Punitorio', 'Punitorio', 'Punitorios', 'Tasa Punitorio'],
  },
  {
    key: 'interestRate',
    label: 'Tasa de interés (% anual)',
    entity: 'debt',
    required: false,
    synonyms: ['Tasa de Interés', 'Interés', 'Tasa', 'TNA', 'Tasa Nominal Anual'],
  },
  {
    key: 'notes',
    label: 'Observaciones',
    entity: 'debt',
    required: false,
    synonyms: ['Observaciones', 'Notas', 'Comentarios', 'Obs', 'Observación'],
  },
] as const satisfies readonly ImportFieldInfo[];

export type ImportField = (typeof IMPORT_FIELDS)[number]['key'];
export const IMPORT_FIELD_KEYS = IMPORT_FIELDS.map((f) => f.key) as [ImportField, ...ImportField[]];
/** Every row needs at least one field of each group (§10.1: "A row needs dni or cuit"). */
export const IMPORT_ONE_OF: readonly (readonly ImportField[])[] = [['dni', 'cuit']];
export const IMPORT_REQUIRED: readonly ImportField[] = IMPORT_FIELDS.filter((f) => f.required).map(
  (f) => f.key,
);
export const IMPORT_FIELD_LABELS = Object.fromEntries(IMPORT_FIELDS.map((f) => [f.key, f.label])) as Record<
  ImportField,
  string
>;

/** A mapping: import field → the header as written in the file. */
export type ImportMapping = Partial<Record<ImportField, string>>;

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

interface Synonym {
  field: ImportField;
  words: string[];
  /** Position in the field's list: earlier synonyms win a tie between two headers. */
  rank: number;
}

const SYNONYMS: Synonym[] = IMPORT_FIELDS.flatMap((f) =>
  f.synonyms.map((s, rank) => ({ field: f.key as ImportField, words: headerWords(s), rank })),
);
const BY_NORMALIZED = new Map<string, Synonym>();
for (const s of SYNONYMS) {
  const key = s.words.join('');
  if (!BY_NORMALIZED.has(key)) BY_NORMALIZED.set(key, s);
}

/**
 * The automatic mapping of §10.1 for a file's headers: each field at most once, each header at most
 * once. First pass: a header equal (normalised) to a synonym; when two headers match one field, the
 * earlier synonym in the field's list wins, then the earlier column. Second pass, for fields still
 * free: a header whose words start with a synonym's words ("DNI del titular" → dni,
 * "Saldo deuda $" → originalAmount), the longest synonym first, then the earlier column.
 */
export function autoMapping(headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const usedHeaders = new Set<number>();
  const candidates: { field: ImportField; rank: number; column: number }[] = [];
  headers.forEach((header, column) => {
    const synonym = BY_NORMALIZED.get(normalizeHeader(header));
    if (synonym) candidates.push({ field: synonym.field, rank: synonym.rank, column });
  });
  candidates.sort((a, b) => a.rank - b.rank || a.column - b.column);
  for (const c of candidates) {
    if (mapping[c.field] !== undefined || usedHeaders.has(c.column)) continue;
    mapping[c.field] = headers[c.column];
    usedHeaders.add(c.column);
  }

  const prefixes: { field: ImportField; length: number; column: number }[] = [];
  headers.forEach((header, column) => {
    if (usedHeaders.has(column)) return;
    const words = headerWords(header);
    for (const s of SYNONYMS) {
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
export function mappingProblems(mapping: ImportMapping): string[] {
  const problems: string[] = [];
  for (const field of IMPORT_REQUIRED)
    if (!mapping[field]) problems.push(`Falta indicar la columna de «${IMPORT_FIELD_LABELS[field]}».`);
  for (const group of IMPORT_ONE_OF)
    if (!group.some((field) => mapping[field]))
      problems.push(
        `Falta indicar la columna de ${group.map((f) => `«${IMPORT_FIELD_LABELS[f]}»`).join(' o ')}.`,
      );
  const byHeader = new Map<string, ImportField[]>();
  for (const [field, header] of Object.entries(mapping) as [ImportField, string][]) {
    if (!header) continue;
    byHeader.set(header, [...(byHeader.get(header) ?? []), field]);
  }
  for (const [header, fields] of byHeader)
    if (fields.length > 1)
      problems.push(
        `La columna «${header}» está asignada a más de un campo: ${fields.map((f) => IMPORT_FIELD_LABELS[f]).join(', ')}.`,
      );
  return problems;
}

/** The problems of a mapping against a file's headers: mappingProblems plus columns not in the file. */
export function mappingProblemsForHeaders(mapping: ImportMapping, headers: readonly string[]): string[] {
  const present = new Set(headers);
  const missing = (Object.entries(mapping) as [ImportField, string][])
    .filter(([, header]) => header && !present.has(header))
    .map(
      ([field, header]) => `La columna «${header}» (${IMPORT_FIELD_LABELS[field]}) no está en el archivo.`,
    );
  return [...mappingProblems(mapping), ...missing];
}

/**
 * The `mapping` of POST /api/imports (§10.1): `{field: "header as in the file"}`. Unknown fields are
 * refused (a typo would otherwise be ignored silently); required fields and duplicate columns are
 * checked with mappingProblems.
 */
export const importMappingSchema = z
  .partialRecord(
    z.enum(IMPORT_FIELD_KEYS),
    z
      .string({ error: 'Indique el encabezado de la columna.' })
      .trim()
      .min(1, { error: 'Indique el encabezado de la columna.' })
      .max(200, { error: 'Debe tener como máximo 200 caracteres.' }),
  )
  .superRefine((mapping, ctx) => {
    for (const message of mappingProblems(mapping as ImportMapping))
      ctx.addIssue({ code: 'custom', message });
  });

/** The same mapping as it arrives in a multipart field: a JSON text. */
export const importMappingJsonSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'La asignación de columnas no es un JSON válido.' });
      return z.NEVER;
    }
  })
  .pipe(importMappingSchema);

/** §10.1's statuses of an import (contract). */
export const IMPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  QUEUED: 'En espera',
  RUNNING: 'En curso',
  DONE: 'Terminada',
  FAILED: 'Falló',
  CANCELLED: 'Cancelada',
};
/** An import still working: its page keeps asking how far it got. */
export const importIsActive = (status: ImportStatus) => status === 'QUEUED' || status === 'RUNNING';

/**
 * GET /api/imports/{id} (§10.1, contract), plus what the screens show beside it: the company's and
 * author's names, the file's kind and headers, and `error`, the Spanish reason of a FAILED import.
 * Counts are of rows: `rejected` rows were not imported; `warnings` rows were, with a remark.
 */
export const importSchema = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  companyId: z.number().int(),
  companyName: z.string().nullable(),
  dryRun: z.boolean(),
  mapping: z.record(z.string(), z.string()),
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  created: z.object({ debtors: z.number().int(), debts: z.number().int() }),
  updatedDebtors: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  warnings: z.number().int(),
  error: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

/** Listed (newest first) and read by the generic calls; created by the multipart upload, cancelled by DELETE. */
export const importsResource = defineResource({
  path: 'imports',
  label: 'importaciones',
  item: importSchema,
  sortable: ['createdAt', 'id'],
  filters: {
    companyId: idFilter,
    dryRun: z.stringbool().optional(),
    status: z.enum(IMPORT_STATUSES).optional(),
  },
  operations: ['list', 'read'],
});

/** A cell of the preview's sample rows: a date cell travels as `{ date: ISO }` (see cellToJson). */
const cellJsonSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.object({ date: z.string() }),
]);

/**
 * POST /api/imports/preview (multipart `file`, optional `companyId`): what the mapping step shows
 * before anything is imported. `mapping` is the company's last mapping when every column it names is
 * in this file (`mappingSource: 'company'`), else the automatic one.
 */
export const importPreviewSchema = z.object({
  fileName: z.string(),
  headers: z.array(z.string()),
  sample: z.array(z.object({ rowNumber: z.number().int(), cells: z.record(z.string(), cellJsonSchema) })),
  mapping: z.record(z.string(), z.string()),
  mappingSource: z.enum(['company', 'auto']),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** Rows the preview shows. */
export const IMPORT_PREVIEW_ROWS = 10;
