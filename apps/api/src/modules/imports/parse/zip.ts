/**
 * Just enough of the zip format to read an .xlsx safely: the central directory (the zip's table of
 * contents, at its end) and one entry at a time, inflated with node:zlib and counted. Reading by the
 * central directory lets the reader open only the parts it needs, in the order it needs them (no
 * temporary files), and count every byte it inflates against a cap: a zip bomb stops at the cap.
 */
import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { PassThrough, pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

/** What can go wrong reading the container; rows.ts turns each into a Spanish ImportFileError. */
export class ZipFormatError extends Error {
  constructor(
    readonly reason: 'not-zip' | 'corrupt' | 'encrypted' | 'unsupported' | 'too-big',
    message: string,
  ) {
    super(message);
  }
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 10_000;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipFormatError('corrupt', 'zip truncated');
  return buffer;
}

/** A 64-bit little-endian size that must fit a JS number (a 50 MB file's offsets always do). */
function u64(buffer: Buffer, at: number): number {
  const value = buffer.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('corrupt', 'zip64 size out of range');
  return Number(value);
}

/** The entries of the zip at `path`, from its central directory. */
export async function readZipDirectory(path: string): Promise<ZipEntry[]> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size < 22) throw new ZipFormatError('not-zip', 'too small for a zip');
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await readAt(handle, size - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) throw new ZipFormatError('not-zip', 'no end of central directory');
    let count = tail.readUInt16LE(at + 10);
    let directorySize = tail.readUInt32LE(at + 12);
    let directoryOffset = tail.readUInt32LE(at + 16);
    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      const locatorAt = at - 20;
      if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== EOCD64_LOCATOR)
        throw new ZipFormatError('corrupt', 'zip64 locator missing');
      const record = await readAt(handle, u64(tail, locatorAt + 8), 56);
      if (record.readUInt32LE(0) !== EOCD64) throw new ZipFormatError('corrupt', 'zip64 record missing');
      count = u64(record, 32);
      directorySize = u64(record, 40);
      directoryOffset = u64(record, 48);
    }
    if (count > MAX_ENTRIES) throw new ZipFormatError('unsupported', 'too many entries');
    if (directoryOffset + directorySize > size) throw new ZipFormatError('corrupt', 'directory out of file');
    const directory = await readAt(handle, directoryOffset, directorySize);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL)
        throw new ZipFormatError('corrupt', 'bad central directory entry');
      const flags = directory.readUInt16LE(p + 8);
      const method = directory.readUInt16LE(p + 10);
      let compressedSize = directory.readUInt32LE(p + 20);
      let declaredSize = directory.readUInt32LE(p + 24);
      const nameLength = directory.readUInt16LE(p + 28);
      const extraLength = directory.readUInt16LE(p + 30);
      const commentLength = directory.readUInt16LE(p + 32);
      let localHeaderOffset = directory.readUInt32LE(p + 42);
      const name = directory.toString('utf8', p + 46, p + 46 + nameLength);
      // Zip64: the sizes that overflowed 32 bits are in the extra field 0x0001, in this order.
      let e = p + 46 + nameLength;
      const extraEnd = e + extraLength;
      while (e + 4 <= extraEnd) {
        const id = directory.readUInt16LE(e);
        const length = directory.readUInt16LE(e + 2);
        if (id === 0x0001) {
          let q = e + 4;
          if (declaredSize === 0xffffffff) {
            declaredSize = u64(directory, q);
            q += 8;
          }
          if (compressedSize === 0xffffffff) {
            compressedSize = u64(directory, q);
            q += 8;
          }
          if (localHeaderOffset === 0xffffffff) localHeaderOffset = u64(directory, q);
        }
        e += 4 + length;
      }
      entries.push({
        name,
        method,
        encrypted: (flags & 1) === 1,
        compressedSize,
        declaredSize,
        localHeaderOffset,
      });
      p = extraEnd + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** Counts the bytes of every entry inflated through it against one budget. */
export class InflateBudget {
  used = 0;
  constructor(readonly limit: number) {}

  counter(): Transform {
    const budget = this;
    return new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
        budget.used += chunk.length;
        if (budget.used > budget.limit) done(new ZipFormatError('too-big', 'uncompressed size over the cap'));
        else done(null, chunk);
      },
    });
  }
}

/** The inflated bytes of one entry, counted against `budget`; the stream errors past the cap. */
export async function openZipEntry(path: string, entry: ZipEntry, budget: InflateBudget): Promise<Readable> {
  if (entry.encrypted) throw new ZipFormatError('encrypted', 'encrypted entry');
  if (entry.method !== 0 && entry.method !== 8) throw new ZipFormatError('unsupported', 'compression method');
  const handle = await open(path, 'r');
  let dataStart: number;
  try {
    const header = await readAt(handle, entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL) throw new ZipFormatError('corrupt', 'bad local header');
    dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  const out = new PassThrough();
  if (entry.compressedSize === 0) {
    out.end();
    return out;
  }
  const raw = createReadStream(path, { start: dataStart, end: dataStart + entry.compressedSize - 1 });
  // pipeline destroys every stage with the first error (a bad deflate stream, the cap), so `out`'s
  // reader sees it; and when the reader stops early, it closes the file.
  const stages: NodeJS.ReadWriteStream[] = entry.method === 8 ? [createInflateRaw()] : [];
  pipeline([raw, ...stages, budget.counter(), out], () => {});
  return out;
}
