/**
 * An import's rows as the upload read them (issue 38: the file is parsed once). The upload's scan
 * reads every row anyway, to refuse a file that cannot be imported before anything is queued; it
 * writes them here as it counts them, and the job reads this instead of parsing the .xlsx or .csv
 * again. The file is ours, never the user's: records of v8.serialize (numbers, texts and dates come
 * back as they were read), each behind its length; the first holds the headers.
 */
import { open } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import type { CellValue } from '@cobranzas/shared/imports';
import type { RowSource, SheetRow } from './rows';

/** Rows per record: one write and one read of a few hundred KB each. */
const ROWS_PER_RECORD = 1000;
const LENGTH_BYTES = 4;

type StagedRow = [rowNumber: number, values: CellValue[]];

export class StagedWriter {
  private pending: StagedRow[] = [];

  private constructor(
    private readonly file: Awaited<ReturnType<typeof open>>,
    private readonly headers: string[],
  ) {}

  static async create(path: string, headers: string[]): Promise<StagedWriter> {
    const writer = new StagedWriter(await open(path, 'wx'), headers);
    await writer.record(headers);
    return writer;
  }

  async add(row: SheetRow): Promise<void> {
    this.pending.push([row.rowNumber, this.headers.map((header) => row.cells[header] ?? null)]);
    if (this.pending.length >= ROWS_PER_RECORD) await this.flush();
  }

  /** Writes what is left and closes the file. */
  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.file.close();
    }
  }

  /** Closes without finishing (the read failed: the caller removes the file). */
  async abandon(): Promise<void> {
    await this.file.close().catch(() => {});
  }

  private async flush() {
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    await this.record(rows);
  }

  private async record(value: unknown) {
    const body = serialize(value);
    const head = Buffer.alloc(LENGTH_BYTES);
    head.writeUInt32LE(body.length);
    await this.file.writev([head, body]);
  }
}

/** The staged rows of `path`, as the file's own reader gives them (headers, then rows in order). */
export async function stagedRows(path: string): Promise<RowSource> {
  const file = await open(path, 'r');
  let position = 0;
  const readRecord = async <T>(): Promise<T | null> => {
    const head = Buffer.alloc(LENGTH_BYTES);
    const { bytesRead } = await file.read(head, 0, LENGTH_BYTES, position);
    if (bytesRead === 0) return null;
    const length = head.readUInt32LE();
    const body = Buffer.alloc(length);
    const read = await file.read(body, 0, length, position + LENGTH_BYTES);
    if (bytesRead < LENGTH_BYTES || read.bytesRead < length)
      throw new Error('Las filas guardadas de la importación están incompletas.');
    position += LENGTH_BYTES + length;
    return deserialize(body) as T;
  };
  try {
    const headers = await readRecord<string[]>();
    if (!headers) throw new Error('Las filas guardadas de la importación están incompletas.');
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await file.close();
    };
    return {
      headers,
      close,
      async *[Symbol.asyncIterator]() {
        try {
          for (let rows = await readRecord<StagedRow[]>(); rows; rows = await readRecord<StagedRow[]>())
            for (const [rowNumber, values] of rows) {
              const cells: Record<string, CellValue> = {};
              headers.forEach((header, i) => {
                cells[header] = values[i] ?? null;
              });
              yield { rowNumber, cells };
            }
        } finally {
          await close();
        }
      },
    };
  } catch (error) {
    await file.close();
    throw error;
  }
}
