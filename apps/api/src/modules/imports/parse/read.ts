/**
 * The two reads of an import's file, wherever they run (a worker thread for big files, this thread
 * for small ones: inWorker.ts decides): the upload's scan, and the job's validated batches.
 */
import type { ImportMapping } from '@cobranzas/shared';
import { cellText, toImportRow } from '@cobranzas/shared/imports';
import type { BatchRow } from '../apply';
import type { ReadLimits } from './errors';
import { type ImportKind, readRows, type SheetRow } from './rows';
import { StagedWriter } from './staged';

export interface ScanOptions {
  sampleRows: number;
  /** Read to the end to count every row (the upload); otherwise stop after the sample (the preview). */
  all: boolean;
  limits?: Partial<ReadLimits>;
  /** A new file to write every row to as it is read (the import's staged rows: staged.ts). */
  stageTo?: string;
}

export interface ScanResult {
  headers: string[];
  sample: SheetRow[];
  totalRows: number | null;
}

export async function scanRows(path: string, kind: ImportKind, options: ScanOptions): Promise<ScanResult> {
  const source = await readRows({ path }, kind, options.limits);
  const staged = options.stageTo ? await StagedWriter.create(options.stageTo, source.headers) : null;
  try {
    const sample: SheetRow[] = [];
    let totalRows = 0;
    for await (const row of source) {
      totalRows++;
      await staged?.add(row);
      if (sample.length < options.sampleRows) sample.push(row);
      else if (!options.all) break;
    }
    await staged?.close();
    return { headers: source.headers, sample, totalRows: options.all ? totalRows : null };
  } catch (error) {
    await staged?.abandon();
    throw error;
  } finally {
    await source.close();
  }
}

export interface BatchOptions {
  mapping: ImportMapping;
  /** The file's headers in order (each row's cells are kept as text in that order). */
  headers: string[];
  /** Rows already imported (a resumed import). */
  skip: number;
  batchRows: number;
  limits?: Partial<ReadLimits>;
}

export interface Batch {
  rows: BatchRow[];
  /** Rows of the file read so far, this batch included: the import's checkpoint. */
  processedRows: number;
}

export async function* readBatches(
  path: string,
  kind: ImportKind,
  options: BatchOptions,
): AsyncGenerator<Batch> {
  const source = await readRows({ path }, kind, options.limits);
  try {
    let index = 0;
    let rows: BatchRow[] = [];
    for await (const row of source) {
      index++;
      if (index <= options.skip) continue;
      rows.push({
        rowNumber: row.rowNumber,
        cellsJson: JSON.stringify(options.headers.map((h) => cellText(row.cells[h]))),
        read: toImportRow(row.cells, options.mapping),
      });
      if (rows.length >= options.batchRows) {
        yield { rows, processedRows: index };
        rows = [];
      }
    }
    if (rows.length > 0) yield { rows, processedRows: index };
  } finally {
    await source.close();
  }
}
