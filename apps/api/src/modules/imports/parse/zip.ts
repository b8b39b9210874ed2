/**
 * An .xlsx is a zip. yauzl reads it by its central directory (the zip's table of contents, at its
 * end), never by scanning for local headers, and checks while inflating that each part inflates to
 * exactly the size the directory declares: so the declared sizes, checked against the caps before
 * anything is inflated, are the real ones, and a zip bomb stops at its own declared size.
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import yazl from 'yazl';

/** What can go wrong reading the container; xlsx.ts turns each into a Spanish ImportFileError. */
export class ZipFormatError extends Error {
  constructor(
    readonly reason: 'not-zip' | 'corrupt' | 'encrypted' | 'unsupported',
    message: string,
  ) {
    super(message);
  }
}

const MAX_ENTRIES = 10_000;

export interface Zip {
  /** The entries by name (a leading "/" dropped). */
  entries: Map<string, Entry>;
  /** The inflated bytes of one entry (an error past or short of its declared size). */
  open(entry: Entry): Promise<Readable>;
  close(): void;
}

/** The zip at `path`, its directory read. Close it when done. */
export async function openZip(path: string): Promise<Zip> {
  let zipfile: ZipFile;
  try {
    zipfile = await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
    });
  } catch (error) {
    throw new ZipFormatError('not-zip', (error as Error).message);
  }
  const entries = new Map<string, Entry>();
  try {
    if (zipfile.entryCount > MAX_ENTRIES) throw new ZipFormatError('unsupported', 'too many entries');
    await new Promise<void>((resolve, reject) => {
      zipfile.on('entry', (entry: Entry) => {
        entries.set(entry.fileName.replace(/^\//, ''), entry);
        zipfile.readEntry();
      });
      zipfile.once('end', resolve);
      zipfile.once('error', reject);
      zipfile.readEntry();
    });
  } catch (error) {
    zipfile.close();
    throw error instanceof ZipFormatError ? error : new ZipFormatError('corrupt', (error as Error).message);
  }
  return {
    entries,
    async open(entry) {
      checkReadable(entry);
      return zipfile.openReadStreamPromise(entry);
    },
    close: () => zipfile.close(),
  };
}

/** Refuses an entry yauzl cannot inflate: encrypted, or compressed by other than deflate. */
export function checkReadable(entry: Entry): void {
  if (entry.isEncrypted()) throw new ZipFormatError('encrypted', 'encrypted entry');
  if (!entry.canDecodeFileData()) throw new ZipFormatError('unsupported', 'compression method');
}

/** A part of the zip ExcelJS reads, under the name ExcelJS looks for. */
export interface RepackedPart {
  name: string;
  /** The original entry, inflated (and its size checked) only when the reader gets to it. */
  entry?: Entry;
  /** Or bytes of our own (an empty shared-strings table). */
  bytes?: Buffer;
}

/**
 * A new zip (yazl, stored, not compressed again) holding `parts` in this order. ExcelJS's public
 * streaming reader walks a zip in file order and copies a sheet that comes before the shared strings
 * (Excel writes them after the sheets) to a temporary file, inflated; given the parts it needs in the
 * order it needs them, it reads the sheet straight from the stream. `onError` hears what fails inside
 * (a part that inflates to more or less than it declares, a damaged deflate stream): the reader
 * itself does not, as ExcelJS pipes its input without passing errors on.
 */
export function repack(zip: Zip, parts: RepackedPart[], onError: (error: Error) => void): Readable {
  const out = new yazl.ZipFile();
  const output = out.outputStream as Readable;
  const fail = (error: Error) => {
    onError(error);
    // Without the error: nobody listens for the output's errors (ExcelJS only pipes it), and an
    // 'error' nobody hears would be thrown out of the process.
    output.destroy();
  };
  out.on('error', fail);
  for (const { name, entry, bytes } of parts) {
    if (bytes) out.addBuffer(bytes, name, { compress: false });
    else if (entry)
      out.addReadStreamLazy(name, { compress: false, size: entry.uncompressedSize }, (callback) => {
        // yazl does not listen for a lazy stream's errors itself.
        zip.open(entry).then((stream) => callback(null, stream.on('error', fail)), fail);
      });
  }
  out.end();
  return output;
}
