import './zodConfig';
import { z } from 'zod';
import { defineCall } from '../call';
import { CURRENCIES, PAYMENT_METHODS } from '../enums';
import { MATCH_CONFIDENCES } from '../reconciliation';
import { defineResource } from '../resource';
import { columnMapper, type MappedField } from './columnMapping';
import {
  idFilter,
  idParamsSchema,
  idSchema,
  optionalNote,
  partialUpdate,
  positiveMoneySchema,
  requiredNote,
  requiredText,
  timestamps,
} from './common';
import { IMPORT_STATUSES } from './imports';

/**
 * Money in (DESIGN.md §11.4, issue 35): statements of a bank, Mercado Pago's released-money report
 * and a payment network's collection file, read by a saved profile, matched against the debts and
 * posted to the ledger line by line. ADMIN only.
 */

// ——— Profiles: how a source's file is read ———

export const RECONCILIATION_SOURCES = ['BANCO', 'MERCADOPAGO', 'RED_DE_PAGOS'] as const;
export type ReconciliationSource = (typeof RECONCILIATION_SOURCES)[number];
export const RECONCILIATION_SOURCE_LABELS: Record<ReconciliationSource, string> = {
  BANCO: 'Extracto bancario',
  MERCADOPAGO: 'Reporte de Mercado Pago (dinero liberado)',
  RED_DE_PAGOS: 'Archivo de una red de cobranza',
};

/** COLUMNAS: a spreadsheet or CSV with headers; ANCHO_FIJO: a text file, each field at fixed positions. */
export const PROFILE_LAYOUTS = ['COLUMNAS', 'ANCHO_FIJO'] as const;
export type ProfileLayout = (typeof PROFILE_LAYOUTS)[number];
export const PROFILE_LAYOUT_LABELS: Record<ProfileLayout, string> = {
  COLUMNAS: 'Planilla o CSV con encabezados',
  ANCHO_FIJO: 'Texto de ancho fijo',
};

/** How a fixed-width file writes its dates (a spreadsheet's are read as the import reads them). */
export const FIXED_DATE_FORMATS = ['AAAAMMDD', 'DDMMAAAA', 'DDMMAA'] as const;
export type FixedDateFormat = (typeof FIXED_DATE_FORMATS)[number];

/** Posted as a payment of the debtor, or as a deposit (a court or bank account toward the debt). */
export const POSTING_KINDS = ['PAYMENT', 'DEPOSIT'] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];
export const POSTING_KIND_LABELS: Record<PostingKind, string> = { PAYMENT: 'Pago', DEPOSIT: 'Depósito' };

/** What a statement line can say, in screen order. */
export const STATEMENT_FIELDS = [
  {
    key: 'date',
    label: 'Fecha',
    required: true,
    synonyms: [
      'Fecha',
      'Fecha Operación',
      'Fecha Valor',
      'Fecha Movimiento',
      'Fecha Mov',
      'Fecha de Acreditación',
      'Fecha Acreditación',
      'Fecha de Pago',
      'Fecha Cobro',
    ],
  },
  {
    key: 'amount',
    label: 'Importe',
    required: false,
    synonyms: ['Importe', 'Monto', 'Importe Cobrado', 'Importe Pagado', 'Monto Cobrado', 'Importe Neto'],
  },
  {
    key: 'credit',
    label: 'Crédito',
    required: false,
    synonyms: ['Crédito', 'Créditos', 'Haber', 'Depósitos', 'Acreditaciones', 'Ingresos'],
  },
  {
    key: 'debit',
    label: 'Débito',
    required: false,
    synonyms: ['Débito', 'Débitos', 'Debe', 'Egresos', 'Extracciones'],
  },
  {
    key: 'description',
    label: 'Concepto',
    required: false,
    synonyms: ['Concepto', 'Descripción', 'Detalle', 'Leyenda', 'Movimiento', 'Leyendas Adicionales'],
  },
  {
    key: 'reference',
    label: 'Referencia',
    required: false,
    synonyms: ['Referencia', 'Ref', 'Comprobante', 'Código', 'Identificador', 'Referencia de Pago'],
  },
  {
    key: 'payerName',
    label: 'Ordenante',
    required: false,
    synonyms: ['Ordenante', 'Originante', 'Pagador', 'Nombre Ordenante', 'Titular Origen', 'Cliente'],
  },
  {
    key: 'payerId',
    label: 'CUIT/DNI del ordenante',
    required: false,
    synonyms: ['CUIT Ordenante', 'CUIT Originante', 'CUIT', 'CUIL', 'DNI', 'Documento', 'Documento Pagador'],
  },
  {
    key: 'transactionId',
    label: 'Número de transacción',
    required: false,
    synonyms: [
      'Número de Transacción',
      'Transacción',
      'ID Transacción',
      'Número de Operación',
      'Operación',
      'ID Operación',
      'Nro Secuencia',
    ],
  },
] as const satisfies readonly MappedField[];

export type StatementField = (typeof STATEMENT_FIELDS)[number]['key'];
export const STATEMENT_FIELD_KEYS = STATEMENT_FIELDS.map((f) => f.key) as [
  StatementField,
  ...StatementField[],
];
export const STATEMENT_FIELD_LABELS = Object.fromEntries(
  STATEMENT_FIELDS.map((f) => [f.key, f.label]),
) as Record<StatementField, string>;
/** The import's machine: a line needs a date and its money, as one amount or a credit column. */
export const statementMapper = columnMapper(STATEMENT_FIELDS, [['amount', 'credit']]);

/** A field of a fixed-width line: where it starts (1 = the first character) and how long it is. */
const fixedSlotSchema = z.object({
  start: z
    .number()
    .int()
    .min(1, { error: 'Debe ser 1 o más.' })
    .max(2000, { error: 'Debe ser 2000 o menos.' }),
  length: z
    .number()
    .int()
    .min(1, { error: 'Debe ser 1 o más.' })
    .max(200, { error: 'Debe ser 200 o menos.' }),
});
export type FixedSlot = z.infer<typeof fixedSlotSchema>;
export const fixedLayoutSchema = z
  .partialRecord(z.enum(STATEMENT_FIELD_KEYS), fixedSlotSchema)
  .refine((layout) => layout.date !== undefined && layout.amount !== undefined, {
    error: 'Indique la posición de la fecha y del importe.',
  });
export type FixedLayout = z.infer<typeof fixedLayoutSchema>;

/** The released-money report's columns (Mercado Pago's documentation): a fixed order, read by name. */
export const MERCADOPAGO_COLUMNS = {
  date: 'DATE',
  sourceId: 'SOURCE_ID',
  externalReference: 'EXTERNAL_REFERENCE',
  recordType: 'RECORD_TYPE',
  description: 'DESCRIPTION',
  netCredit: 'NET_CREDIT_AMOUNT',
  netDebit: 'NET_DEBIT_AMOUNT',
  gross: 'GROSS_AMOUNT',
} as const;

export const reconciliationProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.enum(RECONCILIATION_SOURCES),
  layout: z.enum(PROFILE_LAYOUTS),
  /** COLUMNAS: field → header (Mercado Pago's is fixed: null). */
  mapping: z.record(z.string(), z.string()).nullable(),
  /** ANCHO_FIJO: field → position. */
  fixedLayout: z.record(z.string(), fixedSlotSchema).nullable(),
  dateFormat: z.enum(FIXED_DATE_FORMATS).nullable(),
  /** ANCHO_FIJO: the amount's implied decimals («0000012345» with 2 is 123,45). */
  impliedDecimals: z.number().int(),
  /** ANCHO_FIJO: only lines starting with this are payments (headers and trailers are not). */
  recordPrefix: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  postAs: z.enum(POSTING_KINDS),
  method: z.enum(PAYMENT_METHODS),
  active: z.boolean(),
  ...timestamps,
});
export type ReconciliationProfile = z.infer<typeof reconciliationProfileSchema>;

const profileBase = z.object({
  name: requiredText(80),
  source: z.enum(RECONCILIATION_SOURCES),
  layout: z.enum(PROFILE_LAYOUTS).default('COLUMNAS'),
  mapping: statementMapper.schema.nullable().default(null),
  fixedLayout: fixedLayoutSchema.nullable().default(null),
  dateFormat: z.enum(FIXED_DATE_FORMATS).nullable().default(null),
  impliedDecimals: z.union([z.literal(0), z.literal(2)]).default(2),
  recordPrefix: z.string().trim().max(10).nullable().default(null),
  currency: z.enum(CURRENCIES).default('ARS'),
  postAs: z.enum(POSTING_KINDS).default('PAYMENT'),
  method: z.enum(PAYMENT_METHODS).default('TRANSFERENCIA'),
  active: z.boolean().default(true),
});

/** What each layout needs: its mapping or positions (Mercado Pago's report needs neither). */
export function profileProblems(profile: {
  source: ReconciliationSource;
  layout: ProfileLayout;
  mapping: Record<string, string> | null;
  fixedLayout: Record<string, FixedSlot> | null;
  dateFormat: FixedDateFormat | null;
}): { field: string; message: string }[] {
  if (profile.source === 'MERCADOPAGO')
    return profile.layout === 'COLUMNAS'
      ? []
      : [{ field: 'layout', message: 'El reporte de Mercado Pago es una planilla con encabezados.' }];
  if (profile.layout === 'COLUMNAS')
    return profile.mapping ? [] : [{ field: 'mapping', message: 'Indique la asignación de columnas.' }];
  const problems: { field: string; message: string }[] = [];
  if (!profile.fixedLayout)
    problems.push({ field: 'fixedLayout', message: 'Indique la posición de cada campo.' });
  if (!profile.dateFormat)
    problems.push({ field: 'dateFormat', message: 'Indique cómo están escritas las fechas.' });
  return problems;
}

export const reconciliationProfileCreateSchema = profileBase.superRefine((profile, ctx) => {
  for (const { field, message } of profileProblems(profile))
    ctx.addIssue({ code: 'custom', path: [field], message });
});
export const reconciliationProfileUpdateSchema = partialUpdate(profileBase.omit({ source: true }));

export const reconciliationProfilesResource = defineResource({
  path: 'reconciliation-profiles',
  label: 'perfiles de conciliación',
  item: reconciliationProfileSchema,
  create: reconciliationProfileCreateSchema,
  update: reconciliationProfileUpdateSchema,
  sortable: ['name', 'id'],
  filters: { source: z.enum(RECONCILIATION_SOURCES).optional(), active: z.stringbool().optional() },
});

// ——— A file and its lines ———

/** A file's status: its job's, in the words an import's uses. */
export const RECONCILIATION_STATUSES = IMPORT_STATUSES;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/**
 * A line's status. A_REVISAR: it has candidates, none posted yet; SIN_COINCIDENCIA: none;
 * CONCILIADA: posted by this line (new ledger rows, or a payment already typed by hand confirmed);
 * YA_CONCILIADA: the same movement was posted from another file; IGNORADA: not ours.
 */
export const LINE_STATUSES = [
  'A_REVISAR',
  'SIN_COINCIDENCIA',
  'CONCILIADA',
  'YA_CONCILIADA',
  'IGNORADA',
] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];
export const LINE_STATUS_LABELS: Record<LineStatus, string> = {
  A_REVISAR: 'A revisar',
  SIN_COINCIDENCIA: 'Sin coincidencia',
  CONCILIADA: 'Conciliada',
  YA_CONCILIADA: 'Ya conciliada en otro archivo',
  IGNORADA: 'No es nuestra',
};
/** Lines that still wait for a person: what the export lists. */
export const OPEN_LINE_STATUSES: readonly LineStatus[] = ['A_REVISAR', 'SIN_COINCIDENCIA'];

export const reconciliationCountsSchema = z.object({
  posted: z.number().int(),
  toReview: z.number().int(),
  unmatched: z.number().int(),
  ignored: z.number().int(),
});

export const reconciliationSchema = z.object({
  id: z.number().int(),
  status: z.enum(RECONCILIATION_STATUSES),
  fileName: z.string(),
  profileId: z.number().int(),
  profileName: z.string().nullable(),
  source: z.enum(RECONCILIATION_SOURCES).nullable(),
  /** Rows of the file read so far, and in all (null until known). */
  processedRows: z.number().int(),
  totalRows: z.number().int().nullable(),
  /** Rows that are not money in (debits, Mercado Pago's fees and withdrawals, headers of a network file). */
  skippedRows: z.number().int(),
  /** Rows that could not be read (a date or an amount that is not one): each says why in `problems`. */
  rejectedRows: z.number().int(),
  problems: z.array(z.string()),
  counts: reconciliationCountsSchema,
  error: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const reconciliationsResource = defineResource({
  path: 'reconciliations',
  label: 'conciliaciones',
  item: reconciliationSchema,
  sortable: ['createdAt', 'id'],
  filters: { profileId: idFilter, status: z.enum(RECONCILIATION_STATUSES).optional() },
  operations: ['list', 'read'],
});

export const candidateSchema = z.object({
  debtId: z.number().int(),
  confidence: z.enum(MATCH_CONFIDENCES),
  /** Why, in Spanish («DNI 20.123.456 del ordenante», «Referencia de la deuda PR-1»). */
  reason: z.string(),
  debtorName: z.string(),
  dni: z.string(),
  companyName: z.string(),
  reference: z.string().nullable(),
  /** «Ya registrado»: a payment or deposit typed by hand that this line is (confirming it adds no money). */
  existing: z
    .object({
      kind: z.enum(POSTING_KINDS),
      id: z.number().int(),
      date: z.string(),
      amount: z.string(),
      /** Posted already by a line (of this file or another): probably this same money, counted once. */
      postedBy: z.object({ reconciliationId: z.number().int(), rowNumber: z.number().int() }).nullable(),
    })
    .nullable(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const postingSchema = z.object({
  debtId: z.number().int(),
  kind: z.enum(POSTING_KINDS),
  /** The payment's or deposit's id. */
  recordId: z.number().int(),
  amount: z.string(),
  /** True: a record typed by hand, confirmed; false: written by this line. */
  existing: z.boolean(),
});

export const reconciliationLineSchema = z.object({
  id: z.number().int(),
  reconciliationId: z.number().int(),
  /** The row of the file (as Excel shows it; a text file's line). */
  rowNumber: z.number().int(),
  date: z.string(),
  amount: z.string(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  payerName: z.string().nullable(),
  payerId: z.string().nullable(),
  transactionId: z.string().nullable(),
  status: z.enum(LINE_STATUSES),
  confidence: z.enum(MATCH_CONFIDENCES),
  candidates: z.array(candidateSchema),
  postings: z.array(postingSchema),
  /** YA_CONCILIADA: the line of the other file that posted it. */
  postedBy: z.object({ lineId: z.number().int(), reconciliationId: z.number().int() }).nullable(),
  note: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ReconciliationLine = z.infer<typeof reconciliationLineSchema>;

const lineParams = z.object({ id: idSchema, lineId: idSchema });
const TAG = 'conciliaciones';

export const reconciliationLinesQuerySchema = z.object({
  status: z.enum(LINE_STATUSES).optional(),
  confidence: z.enum(MATCH_CONFIDENCES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const reconciliationLinesCall = defineCall({
  method: 'GET',
  path: '/reconciliations/:id/lines',
  tag: TAG,
  summary: 'Líneas de un archivo con sus candidatos (filtro por estado y confianza)',
  params: idParamsSchema,
  query: reconciliationLinesQuerySchema,
  answer: z.object({ data: z.array(reconciliationLineSchema), total: z.number().int() }),
  errors: { 403: 'Solo un administrador.', 404: 'El archivo no existe.' },
});

export const approveLinesCall = defineCall({
  method: 'POST',
  path: '/reconciliations/:id/approve',
  tag: TAG,
  summary:
    'Aprobar en bloque: cada línea a revisar cuyo mejor candidato es único y de confianza cierta o alta (o las indicadas)',
  params: idParamsSchema,
  body: z.object({
    /** Only these lines (at most 1000 a call); none: every line of the file that qualifies. */
    lineIds: z.array(idSchema).max(1000).optional(),
    confidences: z
      .array(z.enum(['CIERTA', 'ALTA']))
      .min(1)
      .default(['CIERTA', 'ALTA']),
  }),
  answer: z.object({
    posted: z.number().int(),
    /** Lines that qualified and could not post, each with why (a debt closed meanwhile…). */
    failed: z.array(z.object({ lineId: z.number().int(), message: z.string() })),
  }),
  errors: { 403: 'Solo un administrador.', 404: 'El archivo no existe.' },
});

export const postLineBodySchema = z.union([
  z.object({
    /** One part: the candidate chosen; several: the line split across debts (they add up to it). */
    parts: z
      .array(z.object({ debtId: idSchema, amount: positiveMoneySchema }))
      .min(1, { error: 'Indique al menos una deuda.' })
      .max(20, { error: 'Como máximo 20 deudas.' }),
    /** The user checked that a payment typed by hand of that amount is another one: post it anyway. */
    notRecorded: z.boolean().optional(),
  }),
  z.object({ existing: z.object({ kind: z.enum(POSTING_KINDS), id: idSchema }) }),
]);

export const postLineCall = defineCall({
  method: 'POST',
  path: '/reconciliations/:id/lines/:lineId/post',
  tag: TAG,
  summary: 'Conciliar una línea: a una deuda, repartida entre varias, o como un pago ya registrado',
  params: lineParams,
  body: postLineBodySchema,
  answer: reconciliationLineSchema,
  errors: {
    400: 'Las partes no suman el importe de la línea, o una deuda no existe.',
    403: 'Solo un administrador.',
    404: 'La línea no existe.',
    409: 'La línea ya está conciliada o ignorada, el movimiento ya se concilió, o una deuda no puede recibirlo.',
  },
});

export const ignoreLineCall = defineCall({
  method: 'POST',
  path: '/reconciliations/:id/lines/:lineId/ignore',
  tag: TAG,
  summary: 'Marcar una línea como ajena (no es dinero de nuestras deudas)',
  params: lineParams,
  body: z.object({ note: optionalNote(500) }),
  answer: reconciliationLineSchema,
  errors: { 403: 'Solo un administrador.', 404: 'La línea no existe.', 409: 'La línea ya está conciliada.' },
});

export const restoreLineCall = defineCall({
  method: 'POST',
  path: '/reconciliations/:id/lines/:lineId/restore',
  tag: TAG,
  summary: 'Volver a revisar una línea marcada como ajena',
  params: lineParams,
  answer: reconciliationLineSchema,
  errors: { 403: 'Solo un administrador.', 404: 'La línea no existe.', 409: 'La línea no está ignorada.' },
});

export const unpostLineCall = defineCall({
  method: 'POST',
  path: '/reconciliations/:id/lines/:lineId/unpost',
  tag: TAG,
  summary:
    'Deshacer la conciliación de una línea: contrasientos (REVERSAL) de lo que escribió, con el motivo',
  params: lineParams,
  body: z.object({ reason: requiredNote(500) }),
  answer: reconciliationLineSchema,
  errors: {
    403: 'Solo un administrador.',
    404: 'La línea no existe.',
    409: 'La línea no está conciliada, o una rendición cerrada ya incluye su dinero.',
  },
});

export const RECONCILIATION_MESSAGES = {
  notFound: 'El archivo de conciliación no existe.',
  lineNotFound: 'La línea no existe.',
  profileNotFound: 'El perfil no existe.',
  profileInactive: 'El perfil está inactivo: actívelo antes de usarlo.',
  alreadyPosted: 'La línea ya está conciliada.',
  ignored: 'La línea está marcada como ajena: vuelva a revisarla antes de conciliarla.',
  notIgnored: 'La línea no está marcada como ajena.',
  notPosted: 'La línea no está conciliada.',
  movementPosted: (reconciliationId: number, rowNumber: number) =>
    `Este movimiento ya se concilió en el archivo N.º ${reconciliationId}, fila ${rowNumber}.`,
  partsTotal: (sum: string, amount: string) =>
    `Las partes suman ${sum} y la línea es de ${amount}: deben sumar lo mismo.`,
  existingGone: 'El pago indicado no existe o fue anulado.',
  existingTaken: 'Ese pago ya está conciliado con otra línea.',
  existingAmount: 'El pago indicado no es del importe de la línea.',
  notCandidate: 'Esa deuda no es de la moneda de la línea.',
  settled: 'Una rendición cerrada ya incluye este dinero: no se puede deshacer.',
  recordedReason: 'Pago registrado a mano después de subir el archivo',
  recordedMeanwhile: (debtId: number, amount: string, date: string) =>
    `La deuda N.º ${debtId} ya tiene un pago de ${amount} del ${date.split('-').reverse().join('/')} sin conciliar: se propone en la línea como ya registrado. Confírmelo, o indique que es otro pago.`,
  postedNote: (reconciliationId: number, rowNumber: number, text: string) =>
    `Conciliación N.º ${reconciliationId}, fila ${rowNumber}${text ? `: ${text}` : ''}`.slice(0, 1000),
  fixedNeedsText: 'El perfil es de ancho fijo: suba el archivo de texto (.txt) de la red de cobranza.',
  row: (rowNumber: number, message: string) => `Fila ${rowNumber}: ${message}`,
  badDate: 'la fecha no es válida.',
  futureDate: 'la fecha es posterior a hoy.',
  badAmount: 'el importe no es válido.',
} as const;
