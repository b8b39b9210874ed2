import { documentsResource, idParamsSchema, MESSAGES } from '@cobranzas/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { docsFor, errorResponses } from '../../crud';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import type { DocumentStorage } from '../../storage';
import { viaDebt } from '../scope';
import { attachmentHeader } from './content';

const scope = viaDebt(documents.debtId);

/**
 * GET /api/documents/{id}/file streams the stored bytes as an attachment with the type found at
 * upload (never the one the client claimed), and nosniff so a browser never reinterprets it.
 */
export function downloadRoute(app: FastifyInstance, db: Db, storage: DocumentStorage) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/documents/:id/file',
    {
      schema: {
        ...docsFor(documentsResource.label),
        summary: 'Descargar el archivo de un documento',
        params: idParamsSchema,
        response: { 200: z.unknown().describe('Los bytes del archivo'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select({
          fileName: documents.fileName,
          mimeType: documents.mimeType,
          size: documents.size,
          storageKey: documents.storageKey,
        })
        .from(documents)
        .where(and(eq(documents.id, request.params.id), scope(request.user)));
      if (!row) throw notFound();
      const stream = await storage.get(row.storageKey).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw new HttpError(404, MESSAGES.documentFileMissing);
        throw error;
      });
      const text = row.mimeType.startsWith('text/');
      return reply
        .header('content-type', text ? `${row.mimeType}; charset=utf-8` : row.mimeType)
        .header('content-length', row.size)
        .header('content-disposition', attachmentHeader(row.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
