/**
 * The portfolio file as it arrives (DESIGN.md §10.1): stored, its kind decided, and read once from
 * end to end (on a worker thread) before anything is queued, so a file that cannot be imported at all (not a spreadsheet,
 * empty, headers only, a zip bomb, more rows than allowed) is a Spanish 4xx that changes nothing.
 * That read keeps the rows it reads (parse/staged.ts): the job works from them and the file goes.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extensionOf, IMPORT_MAX_BYTES, MESSAGES } from '@cobranzas/shared';
import { cellToJson } from '@cobranzas/shared/imports';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../errors';
import { firstBytes } from '../../sniff';
import { type DocumentStorage, withLocalFile } from '../../storage';
import { receiveUpload, type StoredUpload } from '../../uploads';
import { ImportFileError } from './parse/errors';
import { scanFile } from './parse/inWorker';
import type { FileKind, ImportKind, SheetRow } from './parse/rows';

export const UPLOAD_MESSAGES = {
  tooLarge: 'El archivo supera el máximo de 50 MB. Divídalo en partes.',
  notSpreadsheet:
    'El archivo debe ser una planilla de Excel (.xlsx) o un archivo de texto separado por comas o punto y coma (.csv).',
};

const ZIP_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');

/** .xlsx by its name or its zip signature; .csv/.txt, or any other text, as CSV. */
export async function kindOf({ clientName, isText }: StoredUpload, path: string): Promise<FileKind> {
  const extension = extensionOf(clientName);
  if (extension === 'xlsx') return 'xlsx';
  if (extension === 'csv' || extension === 'txt') return 'csv';
  const head = await firstBytes(path, 4);
  if (head.equals(ZIP_MAGIC)) return 'xlsx';
  // Old .xls and other binaries are told to save as .xlsx (readRows words it for an .xlsx name).
  if (extension === 'xls') return 'xlsx';
  if (isText) return 'csv';
  throw new HttpError(415, UPLOAD_MESSAGES.notSpreadsheet, { file: [UPLOAD_MESSAGES.notSpreadsheet] });
}

/** A file-level refusal as the 4xx it is (413 for size, 400 otherwise). */
export function fileRefusal(error: unknown): unknown {
  if (!(error instanceof ImportFileError)) return error;
  const status = error.code === 'TOO_LARGE' ? 413 : 400;
  return new HttpError(status, error.message, { file: [error.message] });
}

export interface UploadedFile {
  /** The stored file, or (`scan: 'all'`) the rows read from it, staged for the job (kind `rows`). */
  key: string;
  kind: ImportKind;
  fileName: string;
  headers: string[];
  /** The first rows, as read. */
  sample: SheetRow[];
  /** Every data row, when the whole file was read (`scan: 'all'`). */
  totalRows: number | null;
}

/** The preview's read of a file (the mapping step's headers and first rows), its cells as JSON. */
export const previewOf = (file: UploadedFile) => ({
  fileName: file.fileName,
  headers: file.headers,
  sample: file.sample.map((row) => ({
    rowNumber: row.rowNumber,
    cells: Object.fromEntries(Object.entries(row.cells).map(([k, v]) => [k, cellToJson(v)])),
  })),
});

/**
 * Receives the form and its file. `scan: 'all'` reads every row (the import) and stores them staged
 * in the file's place; `scan: n`, only the first n (the preview). What is stored is the caller's to
 * keep or remove.
 */
export async function receiveImportFile(
  request: FastifyRequest,
  storage: DocumentStorage,
  { scan, sampleRows }: { scan: 'all' | 'sample'; sampleRows: number },
): Promise<{ fields: Record<string, string>; file: UploadedFile }> {
  const stageDir = scan === 'all' ? await mkdtemp(join(tmpdir(), 'cobranzas-rows-')) : null;
  const stageTo = stageDir ? join(stageDir, 'rows') : undefined;
  try {
    const { fields, file } = await receiveFile(request, storage, { scan, sampleRows, stageTo });
    if (!stageTo) return { fields, file };
    const rowsKey = `${file.key}.rows`;
    try {
      await storage.put(rowsKey, createReadStream(stageTo));
    } catch (error) {
      await storage.remove(rowsKey).catch(() => {});
      throw error;
    } finally {
      await storage.remove(file.key).catch(() => {});
    }
    return { fields, file: { ...file, key: rowsKey, kind: 'rows' } };
  } finally {
    if (stageDir) await rm(stageDir, { recursive: true, force: true });
  }
}

async function receiveFile(
  request: FastifyRequest,
  storage: DocumentStorage,
  { scan, sampleRows, stageTo }: { scan: 'all' | 'sample'; sampleRows: number; stageTo?: string },
) {
  const { fields, stored } = await receiveUpload(request, storage, {
    maxBytes: IMPORT_MAX_BYTES,
    tooLargeMessage: UPLOAD_MESSAGES.tooLarge,
    keyPrefix: 'imports',
    // The mapping travels as JSON: two dozen fields and their headers.
    fieldSize: 16 * 1024,
    async inspect(upload, storage) {
      // One local copy (none on a local disk) serves both the kind's sniff and the scan.
      return withLocalFile(storage, upload.key, async (path) => {
        const kind = await kindOf(upload, path);
        const read = await scanFile(path, kind, { sampleRows, all: scan === 'all', stageTo }).catch(
          (error) => {
            throw fileRefusal(error);
          },
        );
        return { kind, fileName: cleanName(upload.clientName), ...read };
      });
    },
  }).catch((error: unknown) => {
    throw emptyFileRefusal(error);
  });
  return { fields, file: stored satisfies UploadedFile };
}

/**
 * An empty file part is refused by receiveUpload as a form fault (the generic message, the reason
 * under `file`); every other file-level refusal of an import says its reason in `message`, and the
 * import screen shows that: so does this one.
 */
function emptyFileRefusal(error: unknown): unknown {
  if (
    error instanceof HttpError &&
    error.statusCode === 400 &&
    error.errors?.file?.length === 1 &&
    error.errors.file[0] === MESSAGES.fileEmpty
  )
    return new HttpError(400, MESSAGES.fileEmpty, { file: [MESSAGES.fileEmpty] });
  return error;
}

/** The name to show: no folders, no control characters, at most 200 characters. */
export function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (clean || 'archivo').slice(0, 200);
}

export const requireCompanyId = (value: string | undefined) => {
  const id = value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw badRequest('companyId', 'Elija la compañía.');
  return id;
};
