import { documentListQuerySchema, documentSchema, documentUpdateSchema } from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals } from '../crud';
import type { Db } from '../db/client';
import { documents, users } from '../db/schema';
import type { DocumentStorage } from '../storage';
import { viaDebt } from './scope';

/**
 * Metadata of uploaded files: list, read, rename, delete (the upload itself is multipart and comes
 * with its own route). A CLIENTE sees only documents of its company's debts, never a debtor's own.
 */
export function documentsModule(app: FastifyInstance, db: Db, storage: DocumentStorage) {
  return crudModule(app, db, {
    resource: 'documents',
    label: 'documentos',
    table: documents,
    operations: ['list', 'read', 'update', 'delete'],
    schemas: { item: documentSchema, listQuery: documentListQuerySchema, update: documentUpdateSchema },
    columns: {
      id: documents.id,
      debtId: documents.debtId,
      debtorId: documents.debtorId,
      fileName: documents.fileName,
      mimeType: documents.mimeType,
      size: documents.size,
      uploadedBy: documents.uploadedBy,
      uploadedByName: users.name,
      createdAt: documents.createdAt,
      updatedAt: documents.updatedAt,
    },
    joins: [{ table: users, on: eq(documents.uploadedBy, users.id) }],
    sortable: { createdAt: documents.createdAt, id: documents.id, fileName: documents.fileName },
    defaultSort: { column: documents.createdAt, order: 'desc' },
    search: [documents.fileName],
    filters: { debtId: equals(documents.debtId), debtorId: equals(documents.debtorId) },
    scope: viaDebt(documents.debtId),
    hooks: {
      // After the commit: a failed delete must not lose the file; an orphan file is only disk space.
      async afterCommit({ before, after }) {
        if (before && !after) await storage.remove(before.storageKey as string).catch(() => {});
      },
    },
  });
}
