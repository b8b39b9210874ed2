import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded documents' bytes live. One small interface so an S3-compatible store can replace
 * the local folder (DESIGN.md §2) without touching the routes.
 */
export interface DocumentStorage {
  put(key: string, data: Readable | Buffer): Promise<void>;
  open(key: string): Readable;
  remove(key: string): Promise<void>;
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
    open: (key) => createReadStream(resolve(key)),
    remove: (key) => rm(resolve(key), { force: true }),
  };
}
