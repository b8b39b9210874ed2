import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import {
  DOCUMENT_MAX_BYTES,
  documentsResource,
  errorResponseSchema,
  idSchema,
  MESSAGES,
} from '@cobranzas/shared';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CrudService, docsFor, errorResponses } from '../../crud';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { badRequest, HttpError } from '../../errors';
import type { DocumentStorage } from '../../storage';
import { ContentProbe, detectMimeType, displayName } from './content';

/** Room for the multipart boundaries and the small fields around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;
const LIMITS = { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 };

const tooLarge = () => new HttpError(413, MESSAGES.fileTooLarge, { file: [MESSAGES.fileTooLarge] });
const notAllowed = () =>
  new HttpError(415, MESSAGES.fileTypeNotAllowed, { file: [MESSAGES.fileTypeNotAllowed] });

const malformed = () => new HttpError(400, MESSAGES.invalidInput, { file: [MESSAGES.multipartRequired] });

const ownerSchema = z
  .object({ debtId: idSchema.optional(), debtorId: idSchema.optional() })
  .refine((v) => v.debtId !== undefined || v.debtorId !== undefined, {
    error: MESSAGES.documentOwnerRequired,
    path: ['debtId'],
  });

interface Stored {
  key: string;
  size: number;
  mimeType: string;
  fileName: string;
}

/**
 * Streams one file part to storage under a new key; checks size and content. Removes it on refusal.
 *
 * Every stream here has its 'error' handled from the moment it exists: the file part and the probe
 * are joined by `pipeline`, never by `.pipe()`, which leaves the probe without a listener while
 * storage is still opening its file — and a body cut short in that moment (issue 14) was an
 * unhandled 'error' that ended the process.
 */
async function store(part: MultipartFile, storage: DocumentStorage): Promise<Stored> {
  // Spread over 256 folders; never derived from the client's name.
  const key = `${randomUUID().slice(0, 2)}/${randomUUID()}`;
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
    if (part.file.truncated) throw tooLarge();
    if (probe.size === 0) throw badRequest('file', MESSAGES.fileEmpty);
    const mimeType = await detectMimeType(storage, key, part.filename, probe.isText());
    if (!mimeType) throw notAllowed();
    return { key, size: probe.size, mimeType, fileName: displayName(part.filename, mimeType) };
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
function translate(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
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

/** Reads the whole form: its fields and exactly one file in the field `file`, already stored. */
async function receive(request: FastifyRequest, storage: DocumentStorage) {
  const fields: Record<string, string> = {};
  let stored: Stored | undefined;
  let storing = false;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname !== 'file') {
        // Drained and ignored, but still listened to: a part cut short must not end the process.
        part.file.on('error', () => {});
        part.file.resume();
        throw badRequest('file', MESSAGES.fileRequired);
      } else {
        // store() decides its own errors: a storage failure must stay a 500, not become a 400.
        storing = true;
        stored = await store(part, storage);
        storing = false;
      }
    }
  } catch (error) {
    if (stored) await storage.remove(stored.key).catch(() => {});
    throw storing ? error : translate(error);
  }
  if (!stored) throw badRequest('file', MESSAGES.fileRequired);
  return { fields, stored };
}

/**
 * POST /api/documents (multipart: `file` and `debtId` or `debtorId`). The bytes go to storage
 * first; the metadata row and its audit entry are then written in one transaction by the
 * resource's service, and the stored file is removed if that fails.
 */
export function uploadRoute(
  app: FastifyInstance,
  db: Db,
  storage: DocumentStorage,
  service: CrudService<typeof documentsResource, typeof documents>,
) {
  // After a failure, the file goes only if no row points to it (the row may have committed).
  const discard = async (key: string) => {
    const rows = await db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.storageKey, key))
      .catch(() => [{ id: 0 }]);
    if (rows.length === 0) await storage.remove(key).catch(() => {});
  };

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/documents',
    {
      schema: {
        ...docsFor(documentsResource.label),
        summary: 'Subir un documento (multipart: file y debtId o debtorId; hasta 20 MB)',
        consumes: ['multipart/form-data'],
        response: {
          201: documentsResource.item,
          ...errorResponses,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('file', MESSAGES.multipartRequired);
      // An honest client that announces too much is refused before a byte is read.
      if (Number(request.headers['content-length']) > DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD)
        throw tooLarge();
      const { fields, stored } = await receive(request, storage);
      try {
        const owner = ownerSchema.safeParse(fields);
        if (!owner.success) {
          const issue = owner.error.issues[0];
          throw badRequest(String(issue?.path[0] ?? 'debtId'), issue?.message ?? MESSAGES.invalidInput);
        }
        const document = await service.create(
          {
            debtId: owner.data.debtId ?? null,
            debtorId: owner.data.debtorId ?? null,
            fileName: stored.fileName,
            mimeType: stored.mimeType,
            size: stored.size,
            storageKey: stored.key,
          },
          request.user,
        );
        return reply.code(201).send(document);
      } catch (error) {
        await discard(stored.key);
        throw error;
      }
    },
  );
}
