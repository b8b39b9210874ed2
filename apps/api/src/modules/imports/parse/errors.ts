import { IMPORT_MAX_BYTES } from '@cobranzas/shared';

/** Why a file cannot be imported at all (as opposed to one bad row). */
export type ImportFileErrorCode =
  | 'EMPTY'
  | 'TOO_LARGE'
  | 'NOT_XLSX'
  | 'NOT_CSV'
  | 'LEGACY_OR_ENCRYPTED'
  | 'CORRUPT'
  | 'UNCOMPRESSED_TOO_LARGE'
  | 'TOO_MANY_TEXTS'
  | 'TOO_SLOW'
  | 'TOO_MANY_ROWS'
  | 'NO_HEADERS'
  | 'NO_DATA'
  | 'CSV_SYNTAX';

/** The whole file is refused; `message` is the Spanish reason shown to the user (the import ends FAILED). */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
  constructor(
    readonly code: ImportFileErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Limits of one read; the defaults are the product's, tests shrink them. */
export interface ReadLimits {
  /** Bytes of the file as uploaded (§10.1: 50 MB). */
  maxFileBytes: number;
  /** Bytes an .xlsx may inflate to (its XML), all parts read counted together. */
  maxUncompressedBytes: number;
  /** Bytes the .xlsx's shared strings may inflate to: they are all kept in memory while reading. */
  maxSharedStringsBytes: number;
  /** Data rows (not counting the header row nor empty rows). */
  maxRows: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxFileBytes: IMPORT_MAX_BYTES,
  maxUncompressedBytes: 512 * 1024 * 1024,
  // A reader's heap is capped at 192 MB (inWorker.ts): texts beyond this would not fit it anyway.
  maxSharedStringsBytes: 96 * 1024 * 1024,
  maxRows: 1_000_000,
};

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const thousands = (n: number) => n.toLocaleString('es-AR');

export const FILE_ERRORS = {
  empty: () => new ImportFileError('EMPTY', 'El archivo está vacío.'),
  tooLarge: (limit: number) =>
    new ImportFileError('TOO_LARGE', `El archivo supera el máximo de ${mb(limit)}. Divídalo en partes.`),
  notXlsx: (detail = '') =>
    new ImportFileError(
      'NOT_XLSX',
      `El archivo no es una planilla de Excel (.xlsx) válida${detail}. Ábralo en Excel y guárdelo como «Libro de Excel (.xlsx)», o súbalo como .csv.`,
    ),
  notCsv: (detail = '') =>
    new ImportFileError(
      'NOT_CSV',
      `El archivo no es un CSV de texto${detail}. Súbalo como .xlsx o como .csv.`,
    ),
  legacyOrEncrypted: () =>
    new ImportFileError(
      'LEGACY_OR_ENCRYPTED',
      'El archivo es un Excel antiguo (.xls) o está protegido con contraseña. Ábralo en Excel y guárdelo como «Libro de Excel (.xlsx)» sin contraseña.',
    ),
  corrupt: (cause?: unknown) =>
    new ImportFileError('CORRUPT', 'El archivo de Excel está dañado y no se puede leer.', { cause }),
  uncompressedTooLarge: (limit: number) =>
    new ImportFileError(
      'UNCOMPRESSED_TOO_LARGE',
      `El archivo de Excel ocupa más de ${mb(limit)} descomprimido y no se procesa (puede estar dañado o ser malicioso). Divídalo en partes o súbalo como .csv.`,
    ),
  tooManyTexts: (limit: number) =>
    new ImportFileError(
      'TOO_MANY_TEXTS',
      `El archivo de Excel tiene más de ${mb(limit)} de textos y no se procesa (puede estar dañado o ser malicioso). Divídalo en partes o súbalo como .csv.`,
    ),
  tooSlow: (seconds: number) =>
    new ImportFileError(
      'TOO_SLOW',
      `El archivo tardó más de ${seconds} segundos en leerse y no se procesa. Divídalo en partes o súbalo como .csv.`,
    ),
  tooManyRows: (limit: number) =>
    new ImportFileError(
      'TOO_MANY_ROWS',
      `El archivo tiene más de ${thousands(limit)} filas. Divídalo en partes.`,
    ),
  noHeaders: () =>
    new ImportFileError('NO_HEADERS', 'El archivo no tiene datos: la primera hoja (o el CSV) está vacía.'),
  noData: () =>
    new ImportFileError(
      'NO_DATA',
      'El archivo solo tiene la fila de encabezados: no hay filas para importar.',
    ),
  csvSyntax: (line: number | undefined, detail: string, cause?: unknown) =>
    new ImportFileError(
      'CSV_SYNTAX',
      `El CSV no se puede leer${line ? ` cerca de la línea ${line}` : ''}: ${detail}.`,
      { cause },
    ),
};
