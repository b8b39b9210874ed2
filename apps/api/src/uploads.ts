import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import { MESSAGES } from '@cobranzas/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';
import { fileReads } from './fileReads';
import type { DocumentStorage } from './storage';

/**
 * Multipart uploads (documents, portfolio imports): one file part streamed to the document storage
 * under a new key, its size capped and counted, then checked by the caller's `inspect`. Anything
 * refused is removed from storage; the form's own faults are the Spanish 400/413 of DESIGN.md §7.
 */

/**
 * Passes bytes through to storage while counting them and checking whether they are UTF-8 text
 * without NULs, so a text or CSV file needs no second read.
 */
export class ContentProbe extends Transform {
  size = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private text = true;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.text) {
      if (chunk.includes(0)) this.text = false;
      else this.text = this.decodes(() => this.decoder.decode(chunk, { stream: true }));
    }
    done(null, chunk);
  }

  /** Call once, after the last byte: an unfinished multi-byte sequence at the end is not text. */
  isText(): boolean {
    return this.text && this.decodes(() => this.decoder.decode());
  }

  private decodes(decode: () => unknown): boolean {
    try {
      decode();
      return true;
    } catch {
      return false;
    }
  }
}

/** Room for the multipart boundaries and the small fields around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** What is known of a file part once its bytes are in storage. */
export interface StoredUpload {
  key: string;
  size: number;
  /** The name the client sent (uncleaned). */
  clientName: string;
  /** UTF-8 text without NULs (ContentProbe). */
  isText: boolean;
}

export interface UploadOptions<T> {
  /** The largest file accepted. */
  maxBytes: number;
  /** The 413's message (it names the limit). */
  tooLargeMessage: string;
  /** The storage key's first folder, e.g. 'imports' (default: spread over 256 folders). */
  keyPrefix?: string;
  /** Longest form field, in bytes (default 1 KB). */
  fieldSize?: number;
  /**
   * Checks the stored bytes and says what the route needs of them; throws the route's 4xx. It runs
   * under the process's gate for untrusted reads (fileReads.ts): whatever parses the file goes here.
   */
  inspect(stored: StoredUpload, storage: DocumentStorage): Promise<T>;
}

const malformed = () => new HttpError(400, MESSAGES.invalidInput, { file: [MESSAGES.multipartRequired] });

/**
 * Streams one file part to storage under a new key; checks size and content. Removes it on refusal.
 *
 * Every stream here has its 'error' handled from the moment it exists: the file part and the probe
 * are joined by `pipeline`, never by `.pipe()`, which leaves the probe without a listener while
 * storage is still opening its file — and a body cut short in that moment (issue 14) was an
 * unhandled 'error' that ended the process.
 */
async function store<T>(
  part: MultipartFile,
  storage: DocumentStorage,
  options: UploadOptions<T>,
): Promise<T & { key: string; size: number }> {
  // Never derived from the client's name.
  const folder = options.keyPrefix ?? randomUUID().slice(0, 2);
  const key = `${folder}/${randomUUID()}`;
  const probe = new ContentProbe();
  // The client's side failing (a body cut short, a closed connection) is a 400; storage's is a 500.
  // A small body may already have failed before this runs, and then no event will ever come.
  let cut = Boolean(part.file.errored) || (part.file.destroyed && !part.file.readableEnded);
  part.file.on('error', () => {
    cut = true;
  });
  part.file.on('close', () => {
    if (!part.file.readableEnded) cut = true;
  });
  // Errors end both streams (and so storage's write) and are read below through `cut`.
  pipeline(part.file, probe, () => {});
  try {
    if (cut) throw malformed();
    await storage.put(key, probe).catch((error: unknown) => {
      throw cut ? malformed() : error;
    });
    if (cut) throw malformed();
    if (part.file.truncated)
      throw new HttpError(413, options.tooLargeMessage, { file: [options.tooLargeMessage] });
    if (probe.size === 0) throw badRequest('file', MESSAGES.fileEmpty);
    // Reading what the file holds is bounded per process (fileReads.ts); storing it was not.
    const upload = { key, size: probe.size, clientName: part.filename, isText: probe.isText() };
    const inspected = await fileReads.run(() => options.inspect(upload, storage));
    return { ...inspected, key, size: probe.size };
  } catch (error) {
    probe.destroy();
    await storage.remove(key).catch(() => {});
    throw error;
  }
}

/**
 * Errors of reading the form, as the Spanish answers of DESIGN.md §7: @fastify/multipart's limits,
 * and anything busboy finds wrong in the body (no boundary, a part cut short) → 400.
 */
function translate(error: unknown, tooLargeMessage: string): unknown {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, tooLargeMessage, { file: [tooLargeMessage] });
    case 'FST_FILES_LIMIT':
      return badRequest('file', MESSAGES.oneFileOnly);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, MESSAGES.invalidInput);
    default:
      return malformed();
  }
}

/**
 * Reads a whole multipart form: its fields and exactly one file in the field `file`, already stored
 * and inspected. The caller owns the stored key from then on (and removes it if it fails later).
 */
export async function receiveUpload<T>(
  request: FastifyRequest,
  storage: DocumentStorage,
  options: UploadOptions<T>,
): Promise<{ fields: Record<string, string>; stored: T & { key: string; size: number } }> {
  if (!request.isMultipart()) throw badRequest('file', MESSAGES.multipartRequired);
  // An honest client that announces too much is refused before a byte is read.
  if (Number(request.headers['content-length']) > options.maxBytes + MULTIPART_OVERHEAD)
    throw new HttpError(413, options.tooLargeMessage, { file: [options.tooLargeMessage] });
  const limits = {
    fileSize: options.maxBytes,
    files: 1,
    fields: 10,
    parts: 12,
    fieldSize: options.fieldSize ?? 1024,
  };
  const fields: Record<string, string> = {};
  let stored: (T & { key: string; size: number }) | undefined;
  let storing = false;
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        // A field past its size arrives cut: say it is too long, not what the cut value is not.
        if (part.valueTruncated)
          throw badRequest(part.fieldname, MESSAGES.formFieldTooLong(limits.fieldSize));
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname !== 'file') {
        // Drained and ignored, but still listened to: a part cut short must not end the process.
        part.file.on('error', () => {});
        part.file.resume();
        throw badRequest('file', MESSAGES.fileRequired);
      } else {
        // store() decides its own errors: a storage failure must stay a 500, not become a 400.
        storing = true;
        stored = await store(part, storage, options);
        storing = false;
      }
    }
  } catch (error) {
    if (stored) await storage.remove(stored.key).catch(() => {});
    throw storing ? error : translate(error, options.tooLargeMessage);
  }
  if (!stored) throw badRequest('file', MESSAGES.fileRequired);
  return { fields, stored };
}
