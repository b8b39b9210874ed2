/**
 * An .xlsx is a zip. yauzl reads it by its central directory (the zip's table of contents, at its
 * end), never by scanning for local headers, and checks while inflating that each part inflates to
 * exactly the size the directory declares: so the declared sizes, checked against the caps before
 * anything is inflated, are the real ones, and a zip bomb stops at its own declared size.
 */
import { type Readable, Transform } from 'node:stream';
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
export function repack(
  zip: Zip,
  parts: RepackedPart[],
  onError: (error: Error) => void,
): { stream: Readable; close(): void } {
  const out = new yazl.ZipFile();
  const output = out.outputStream as Readable;
  const opened: Readable[] = [];
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
        zip.open(entry).then((stream) => {
          opened.push(stream);
          // yazl does not listen for a lazy stream's errors itself.
          callback(null, stream.on('error', fail).pipe(xmlBytesOnly()).on('error', fail));
        }, fail);
      });
  }
  out.end();
  return {
    stream: output,
    // The parts' streams hold the zip's file open until destroyed (a reader that stops early).
    close() {
      output.destroy();
      for (const stream of opened) stream.destroy();
    },
  };
}

/**
 * XML never holds a byte below 0x20 but tab, LF and CR. One in a part is a forged or damaged file,
 * and it must not reach ExcelJS: yazl stores each part with its size in a descriptor after it, which
 * ExcelJS's unzipper finds by its signature (PK 07 08), so those bytes inside a part would end the
 * part there, with rows lost and no error, or make the rest read as parts of its own.
 */
function xmlBytesOnly(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (const byte of chunk)
        if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d)
          return done(new ZipFormatError('corrupt', 'control byte in an XML part'));
      done(null, chunk);
    },
  });
}
