import './zodConfig';
import { z } from 'zod';
import { defineResource } from '../resource';
import { type ColumnMapping, columnMapper, type MappedField } from './columnMapping';
import { idFilter } from './common';

/**
 * The portfolio import's fields and automatic column mapping (DESIGN.md §10.1). Shared by the web's
 * mapping step and the API's parser, so no Node API here.
 */

/** The largest file an import accepts (§10.1: "up to 50 MB"). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export interface ImportFieldInfo extends MappedField {
  /** Which record the value goes to. */
  entity: 'debtor' | 'debt';
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
export type ImportMapping = ColumnMapping<ImportField>;

const importMapper = columnMapper(IMPORT_FIELDS, IMPORT_ONE_OF);
/** The automatic mapping of §10.1 for a file's headers (see columnMapper). */
export const autoMapping = importMapper.autoMapping;
export const mappingProblems = importMapper.mappingProblems;
export const mappingProblemsForHeaders = importMapper.mappingProblemsForHeaders;
/** The `mapping` of POST /api/imports (§10.1): `{field: "header as in the file"}`. */
export const importMappingSchema = importMapper.schema;
/** The same mapping as it arrives in a multipart field: a JSON text. */
export const importMappingJsonSchema = importMapper.jsonSchema;

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
