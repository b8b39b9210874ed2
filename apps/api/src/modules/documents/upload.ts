import { DOCUMENT_MAX_BYTES, documentsResource, idSchema, MESSAGES } from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CrudService, docsFor, uploadErrorResponses } from '../../crud';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { badRequest, HttpError } from '../../errors';
import type { DocumentStorage } from '../../storage';
import { receiveUpload, type UploadOptions } from '../../uploads';
import { detectMimeType, displayName } from './content';

const notAllowed = () =>
  new HttpError(415, MESSAGES.fileTypeNotAllowed, { file: [MESSAGES.fileTypeNotAllowed] });

const ownerSchema = z
  .object({ debtId: idSchema.optional(), debtorId: idSchema.optional(), caseStepId: idSchema.optional() })
  .refine((v) => v.debtId !== undefined || v.debtorId !== undefined, {
    error: MESSAGES.documentOwnerRequired,
    path: ['debtId'],
  });

/** A document's bytes: any size up to 20 MB, a type the content proves (not the name). */
const DOCUMENT_UPLOAD: UploadOptions<{ mimeType: string; fileName: string }> = {
  maxBytes: DOCUMENT_MAX_BYTES,
  tooLargeMessage: MESSAGES.fileTooLarge,
  async inspect({ key, clientName, isText }, storage) {
    const mimeType = await detectMimeType(storage, key, clientName, isText);
    if (!mimeType) throw notAllowed();
    return { mimeType, fileName: displayName(clientName, mimeType) };
  },
};

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
        summary:
          'Subir un documento (multipart: file y debtId o debtorId; caseStepId si es de un paso de expediente; hasta 20 MB)',
        consumes: ['multipart/form-data'],
        response: {
          201: documentsResource.item,
          ...uploadErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { fields, stored } = await receiveUpload(request, storage, DOCUMENT_UPLOAD);
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
            caseStepId: owner.data.caseStepId ?? null,
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
