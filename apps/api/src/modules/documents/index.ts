import { CASE_MESSAGES, documentsResource, MESSAGES } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { documents, users } from '../../db/schema';
import { badRequest } from '../../errors';
import type { DocumentStorage } from '../../storage';
import { lockDebt } from '../debts/lock';
import { viaDebt } from '../scope';
import { displayName } from './content';
import { downloadRoute } from './download';
import { uploadRoute } from './upload';

/**
 * Uploaded files: multipart upload, metadata list/read/rename/delete, download. A CLIENTE sees only
 * documents of its company's debts, never a debtor's own.
 */
export function documentsModule(app: FastifyInstance, db: Db, storage: DocumentStorage) {
  const service = crudModule(app, db, {
    definition: documentsResource,
    table: documents,
    columns: {
      id: documents.id,
      debtId: documents.debtId,
      debtorId: documents.debtorId,
      caseStepId: documents.caseStepId,
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
    filters: {
      debtId: equals(documents.debtId),
      debtorId: equals(documents.debtorId),
      caseStepId: equals(documents.caseStepId),
    },
    scope: viaDebt(documents.debtId),
    references: { debtId: MESSAGES.debtNotFound, debtorId: MESSAGES.debtorNotFound },
    hooks: {
      // Used by the upload: the debt must be one this user may see; the author comes from the token.
      async beforeCreate(input, { db, user }) {
        if (input.debtId !== null) {
          const { row: debt } = await lockDebt(db, input.debtId, user);
          if (input.debtorId !== null && debt.debtorId !== input.debtorId)
            throw badRequest('debtorId', MESSAGES.documentOwnerMismatch);
        }
        // A step's document is its case's debt's (issue 37).
        if (input.caseStepId !== null) {
          const [step] = rowsOf<{ debt_id: number }>(
            await db.execute(sql`SELECT c.debt_id FROM case_steps s JOIN cases c ON c.id = s.case_id
              WHERE s.id = ${input.caseStepId}`),
          );
          if (!step || step.debt_id !== input.debtId)
            throw badRequest('caseStepId', CASE_MESSAGES.stepNotOfDebt);
        }
        return { ...input, uploadedBy: user.sub };
      },
      // A rename is cleaned as an upload's name is (no path, no control or bidi characters).
      beforeUpdate(input, current) {
        if (input.fileName === undefined) return input;
        return { ...input, fileName: displayName(input.fileName, current.mimeType) };
      },
      // After the commit: a failed delete must not lose the file; an orphan file is only disk space.
      async afterCommit({ before, after }) {
        if (before && !after) await storage.remove(before.storageKey).catch(() => {});
      },
    },
  });
  uploadRoute(app, db, storage, service);
  downloadRoute(app, db, storage);
}
