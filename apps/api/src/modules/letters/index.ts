import {
  agencyToday,
  CARTA_DOCUMENTO_CODE,
  LETTER_BATCH_MAX,
  LETTER_MESSAGES,
  letterBatchCreateCall,
  letterBatchesResource,
  letterBatchFileCall,
  letterQueueCall,
  lettersResource,
  MESSAGES,
} from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals, routeCall } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { jobs, letterBatches, letters, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { announce, enqueue } from '../../jobs';
import { jobColumns } from '../../jobs/columns';
import type { DocumentStorage } from '../../storage';
import { attachmentHeader } from '../documents/content';
import type { PortalLinkMaker } from '../portal/links';
import { LETTER_BATCH_JOB, letterBatchHandler } from './batch';

/** A letter waits when no batch took it, or the batch that took it failed or was stopped. */
const WAITING = sql`(batch_id IS NULL OR batch_id IN (SELECT b.id FROM letter_batches b JOIN jobs j ON j.id = b.job_id
  WHERE j.status IN ('failed', 'cancelled')))`;

/** A carta documento's days: none after today, the delivery not before the sending. */
function checkDays(values: { sentOn?: string | null; deliveredOn?: string | null }) {
  const today = agencyToday();
  if (values.sentOn && values.sentOn > today) throw badRequest('sentOn', MESSAGES.moneyDateAfterToday);
  if (values.deliveredOn && values.deliveredOn > today)
    throw badRequest('deliveredOn', MESSAGES.moneyDateAfterToday);
  if (values.deliveredOn && values.sentOn && values.deliveredOn < values.sentOn)
    throw badRequest('deliveredOn', LETTER_MESSAGES.deliveredBeforeSent);
}

/**
 * Letters sent (issue 32, 36), staff only: `/api/letters` lists a debt's, records a carta documento
 * sent outside, and marks a printed one as sent by carta documento with its delivery; the day's
 * print batch (`/api/letter-batches`) prints every letter strategies queued in one PDF (a job).
 */
export function lettersModule(
  app: FastifyInstance,
  db: Db,
  storage: DocumentStorage,
  portalLink: PortalLinkMaker,
) {
  app.jobs.handle(LETTER_BATCH_JOB, letterBatchHandler(storage, portalLink));

  crudModule(app, db, {
    definition: lettersResource,
    table: letters,
    columns: {
      id: letters.id,
      debtId: letters.debtId,
      templateCode: letters.templateCode,
      templateName: letters.templateName,
      userId: letters.userId,
      userName: users.name,
      at: letters.at,
      cdNumber: letters.cdNumber,
      sentOn: letters.sentOn,
      deliveredOn: letters.deliveredOn,
    },
    joins: [{ table: users, on: eq(users.id, letters.userId) }],
    sortable: { at: [letters.at, letters.id], id: letters.id },
    defaultSort: { column: [letters.at, letters.id], order: 'desc' },
    filters: { debtId: equals(letters.debtId) },
    references: { debtId: MESSAGES.debtNotFound },
    hooks: {
      beforeCreate(input, { user }) {
        checkDays(input);
        return {
          ...input,
          templateCode: CARTA_DOCUMENTO_CODE,
          templateName: LETTER_MESSAGES.cartaDocumento,
          userId: user.sub,
        };
      },
      beforeUpdate(input, current) {
        checkDays({
          sentOn: input.sentOn !== undefined ? input.sentOn : current.sentOn,
          deliveredOn: input.deliveredOn !== undefined ? input.deliveredOn : current.deliveredOn,
        });
        return { ...input, updatedAt: new Date() };
      },
    },
  });

  const batches = crudModule(app, db, {
    definition: letterBatchesResource,
    table: letterBatches,
    columns: {
      id: letterBatches.id,
      status: jobColumns.status,
      letters: sql<number>`CASE WHEN ${letterBatches.storageKey} IS NOT NULL THEN ${letterBatches.letters}
        ELSE (SELECT count(*)::int FROM letter_queue q WHERE q.batch_id = ${letterBatches.id}) END`.mapWith(
        Number,
      ),
      error: jobColumns.error,
      createdBy: letterBatches.createdBy,
      createdByName: users.name,
      createdAt: letterBatches.createdAt,
      finishedAt: jobColumns.finishedAt,
    },
    joins: [
      { table: jobs, on: eq(jobs.id, letterBatches.jobId) },
      { table: users, on: eq(users.id, letterBatches.createdBy) },
    ],
    sortable: { createdAt: [letterBatches.createdAt, letterBatches.id], id: letterBatches.id },
    defaultSort: { column: [letterBatches.createdAt, letterBatches.id], order: 'desc' },
  });

  routeCall(app, letterQueueCall, {}, async () => {
    const rows = rowsOf<{ template_code: string; template_name: string | null; letters: number }>(
      await db.execute(sql`SELECT q.template_code, t.name AS template_name, count(*)::int AS letters
        FROM letter_queue q LEFT JOIN letter_templates t ON t.code = q.template_code
        WHERE ${WAITING} GROUP BY q.template_code, t.name ORDER BY t.name, q.template_code`),
    );
    return {
      waiting: rows.reduce((sum, r) => sum + r.letters, 0),
      byTemplate: rows.map((r) => ({
        templateCode: r.template_code,
        templateName: r.template_name ?? r.template_code,
        letters: r.letters,
      })),
    };
  });

  // Two people printing at once each take letters the other did not (SKIP LOCKED): none twice.
  routeCall(app, letterBatchCreateCall, {}, async (request) => {
    const id = await db.transaction(async (tx) => {
      const job = await enqueue(tx, LETTER_BATCH_JOB, {}, { createdBy: request.user.sub });
      const [batch] = await tx
        .insert(letterBatches)
        .values({ jobId: job.id, createdBy: request.user.sub })
        .returning({ id: letterBatches.id });
      if (!batch) throw new Error('insert returned no row');
      const [claimed] = rowsOf<{ n: number }>(
        await tx.execute(sql`WITH taken AS (
            UPDATE letter_queue SET batch_id = ${batch.id}
            WHERE id IN (SELECT id FROM letter_queue WHERE ${WAITING} ORDER BY id
              LIMIT ${LETTER_BATCH_MAX} FOR UPDATE SKIP LOCKED)
            RETURNING 1)
          SELECT count(*)::int AS n FROM taken`),
      );
      if (!claimed?.n) throw conflict(LETTER_MESSAGES.nothingWaiting);
      return batch.id;
    });
    announce(LETTER_BATCH_JOB);
    return batches.read(id, request.user);
  });

  routeCall(app, letterBatchFileCall, {}, async (request, reply) => {
    const [batch] = await db.select().from(letterBatches).where(eq(letterBatches.id, request.params.id));
    if (!batch) throw notFound();
    if (!batch.storageKey) throw conflict(LETTER_MESSAGES.batchNotReady);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentHeader(`lote-de-cartas-${batch.id}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(await storage.get(batch.storageKey));
  });
}
