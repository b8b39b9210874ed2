import { PORTAL_DOCUMENT_MAX_BYTES, PORTAL_MESSAGES, portalDisputeDocumentCall } from '@cobranzas/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { routeCall, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { debts, documents, portalRequests } from '../../db/schema';
import { conflict, HttpError } from '../../errors';
import type { DocumentStorage } from '../../storage';
import { receiveUpload, type UploadOptions } from '../../uploads';
import { detectMimeType, displayName } from '../documents/content';
import type { PortalKeys } from './codes';
import { portalAuditor, portalRoute } from './session';
import { notePortalEvent } from './timeline';

/** What a debtor may attach: a PDF or a photo, proved by its content, up to 5 MB. */
const DEBTOR_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);
const DISPUTE_DOCUMENT: UploadOptions<{ mimeType: string; fileName: string }> = {
  maxBytes: PORTAL_DOCUMENT_MAX_BYTES,
  tooLargeMessage: PORTAL_MESSAGES.documentTooLarge,
  async inspect({ key, clientName, isText }, storage) {
    const mimeType = await detectMimeType(storage, key, clientName, isText);
    if (!mimeType || !DEBTOR_TYPES.has(mimeType))
      throw new HttpError(415, PORTAL_MESSAGES.documentType, { file: [PORTAL_MESSAGES.documentType] });
    return { mimeType, fileName: displayName(clientName, mimeType) };
  },
};

/**
 * POST /api/portal/debts/{id}/dispute/document (multipart `file`): the debtor's document for their open
 * dispute of that debt, kept as one of the debt's documents (staff see it in its Documentos tab and
 * from the request). One per dispute. The bytes go to storage first; the rows are written in one
 * transaction, and the file is removed when that fails.
 */
export function portalDocumentRoute(
  app: FastifyInstance,
  db: Db,
  keys: PortalKeys,
  storage: DocumentStorage,
) {
  routeCall(app, portalDisputeDocumentCall, portalRoute(db, keys, 10), async (request) => {
    const actor = request.portal;
    const debtId = request.params.id;
    // Checked before reading the body: a stranger's debt or no open dispute costs no upload.
    const open = async () => {
      const [found] = await db
        .select({ id: portalRequests.id, documentId: portalRequests.documentId })
        .from(portalRequests)
        .innerJoin(debts, eq(debts.id, portalRequests.debtId))
        .where(
          and(
            eq(portalRequests.debtId, debtId),
            eq(debts.debtorId, actor.debtorId),
            eq(portalRequests.kind, 'DISPUTE'),
            eq(portalRequests.status, 'ABIERTO'),
          ),
        );
      return found;
    };
    const [own] = await db
      .select({ id: debts.id })
      .from(debts)
      .where(and(eq(debts.id, debtId), eq(debts.debtorId, actor.debtorId)));
    if (!own) throw new HttpError(404, PORTAL_MESSAGES.debtNotFound);
    const before = await open();
    if (!before) throw conflict(PORTAL_MESSAGES.noOpenDispute);
    if (before.documentId !== null) throw conflict(PORTAL_MESSAGES.disputeHasDocument);
    const { stored } = await receiveUpload(request, storage, DISPUTE_DOCUMENT);
    try {
      const document = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ documentId: portalRequests.documentId, status: portalRequests.status })
          .from(portalRequests)
          .where(eq(portalRequests.id, before.id))
          .for('update');
        if (locked?.status !== 'ABIERTO') throw conflict(PORTAL_MESSAGES.noOpenDispute);
        if (locked.documentId !== null) throw conflict(PORTAL_MESSAGES.disputeHasDocument);
        const [row] = await tx
          .insert(documents)
          .values({
            debtId,
            fileName: stored.fileName,
            mimeType: stored.mimeType,
            size: stored.size,
            storageKey: stored.key,
            uploadedBy: null,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        const auditor = portalAuditor(actor);
        await writeAudit(tx, auditor, {
          action: 'create',
          resource: 'documents',
          recordId: row.id,
          before: null,
          after: row,
        });
        await tx.update(portalRequests).set({ documentId: row.id }).where(eq(portalRequests.id, before.id));
        await notePortalEvent(tx, auditor, debtId, PORTAL_MESSAGES.documentEvent(row.fileName));
        return row;
      });
      return { documentId: document.id, fileName: document.fileName };
    } catch (error) {
      await storage.remove(stored.key).catch(() => {});
      throw error;
    }
  });
}
