import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded documents' bytes live. One small interface so an S3-compatible store can replace
 * the local folder (DESIGN.md §2) without touching the routes.
 */
export interface DocumentStorage {
  /** Writes a new object; never overwrites one (keys are generated and unique). */
  put(key: string, data: Readable | Buffer): Promise<void>;
  /** The object's bytes; rejects (code ENOENT) when it does not exist, before any byte is sent. */
  get(key: string): Promise<Readable>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The object's path on this machine, when the storage is a local folder. */
  localPath?(key: string): string;
}

/**
 * Runs `use` with the object as a file on this machine: the storage's own path when it has one,
 * otherwise a temporary copy, removed afterwards (a reader that seeks, like a zip's, needs a file).
 */
export async function withLocalFile<T>(
  storage: DocumentStorage,
  key: string,
  use: (path: string) => Promise<T>,
): Promise<T> {
  const local = storage.localPath?.(key);
  if (local) return use(local);
  const dir = await mkdtemp(path.join(tmpdir(), 'cobranzas-'));
  try {
    const file = path.join(dir, 'archivo');
    await pipeline(await storage.get(key), createWriteStream(file));
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Keys are ours (generated), but a key is still never allowed to climb out of the root. */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function localDocumentStorage(root: string): DocumentStorage {
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key) || key.split('/').includes('..')) throw new Error(`Clave inválida: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      if (Buffer.isBuffer(data)) await writeFile(file, data, { flag: 'wx' });
      else await pipeline(data, createWriteStream(file, { flags: 'wx' }));
    },
    // Opened first so a missing file is a rejected promise, not an error in the middle of a reply.
    async get(key) {
      const handle = await open(resolve(key), 'r');
      return handle.createReadStream();
    },
    remove: async (key) => rm(resolve(key), { force: true }),
    localPath: resolve,
  };
}
