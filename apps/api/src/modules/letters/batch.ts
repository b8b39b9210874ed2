/**
 * The day's print batch (issue 36): the letters a batch claimed, merged one by one as the single
 * letter is (letterTemplates/render.ts: the amount owed of today, a portal link when the template
 * uses it), printed in one PDF after their list, stored, and each recorded as a letter sent — in
 * one transaction with the file's key, so a batch is printed whole or retried whole.
 */
import { dayMonthYear, type TokenPayload } from '@cobranzas/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { arrayParam, rowsOf } from '../../db/bulk';
import { letterBatches, letters, letterTemplates, users } from '../../db/schema';
import { type JobContext, JobFailure, type JobHandler } from '../../jobs';
import type { LetterDocument } from '../../pdf/letter';
import { type BatchLine, letterBatchPdf } from '../../pdf/letter';
import { loadAgency } from '../../pdf/letterhead';
import type { DocumentStorage } from '../../storage';
import { renderDebtLetter } from '../letterTemplates/render';
import type { PortalLinkMaker } from '../portal/links';

export const LETTER_BATCH_JOB = 'letter-batch';

export function letterBatchHandler(storage: DocumentStorage, portalLink: PortalLinkMaker): JobHandler {
  return async (job, context: JobContext) => {
    const { db } = context;
    const [batch] = await db.select().from(letterBatches).where(eq(letterBatches.jobId, job.id));
    if (!batch) throw new JobFailure('El lote ya no existe.');
    // Printed already (the job was taken again after its commit): nothing to do twice.
    if (batch.storageKey) return { letters: batch.letters };
    const [author] = batch.createdBy
      ? await db.select().from(users).where(eq(users.id, batch.createdBy))
      : [];
    if (!author) throw new JobFailure('Quien pidió el lote ya no existe.');
    const actor: TokenPayload = {
      sub: author.id,
      name: author.name,
      alias: author.alias,
      type: 'ADMIN',
      companyId: null,
      iat: 0,
      exp: 0,
    };
    // A letter whose debt the debtor disputes waits (unclaimed) until a person resolves it.
    await db.execute(sql`UPDATE letter_queue q SET batch_id = NULL WHERE q.batch_id = ${batch.id}
      AND EXISTS (SELECT 1 FROM portal_requests r WHERE r.debt_id = q.debt_id AND r.kind = 'DISPUTE'
        AND r.status = 'ABIERTO')`);
    const queued = rowsOf<{
      id: number;
      debt_id: number;
      template_code: string;
      debtor: string;
      document: string;
      address: string | null;
      company: string;
      reference: string | null;
    }>(
      await db.execute(sql`SELECT q.id, q.debt_id, q.template_code, p.last_name || ', ' || p.first_name AS debtor,
          p.dni AS document, concat_ws(', ', nullif(p.address, ''), nullif(p.city, ''), nullif(p.province, '')) AS address,
          c.name AS company, d.reference
        FROM letter_queue q JOIN debts d ON d.id = q.debt_id JOIN debtors p ON p.id = d.debtor_id
        JOIN companies c ON c.id = d.company_id
        WHERE q.batch_id = ${batch.id} ORDER BY c.name, p.last_name, p.first_name, q.id`),
    );
    const templates = new Map((await db.select().from(letterTemplates)).map((t) => [t.code, t]));
    const documents: LetterDocument[] = [];
    const lines: BatchLine[] = [];
    const printed: { debtId: number; code: string; name: string }[] = [];
    const unprinted: number[] = [];
    for (const [index, row] of queued.entries()) {
      const template = templates.get(row.template_code);
      const rendered = template ? await renderDebtLetter(db, template, row.debt_id, actor, portalLink) : null;
      if (!template || !rendered) {
        unprinted.push(row.id);
        continue;
      }
      documents.push(rendered.document);
      lines.push({
        debtor: row.debtor,
        document: row.document,
        address: row.address ?? '',
        company: row.company,
        reference: row.reference ?? `Deuda N.º ${row.debt_id}`,
        template: template.name,
      });
      printed.push({ debtId: row.debt_id, code: template.code, name: template.name });
      if (index % 20 === 0) await context.progress({ done: index, total: queued.length });
    }
    const agency = await loadAgency(db);
    const day = dayMonthYear(new Date(batch.createdAt.getTime() - 3 * 3_600_000).toISOString().slice(0, 10));
    const pdf = await letterBatchPdf(agency, `Lote de cartas N.º ${batch.id} del ${day}`, lines, documents);
    const key = `letter-batches/${batch.id}-${job.id}-${job.attempts}.pdf`;
    await storage.put(key, pdf);
    await db.transaction(async (tx) => {
      await context.hold(tx);
      const [claimed] = await tx
        .update(letterBatches)
        .set({ storageKey: key, letters: printed.length, updatedAt: new Date() })
        .where(and(eq(letterBatches.id, batch.id), isNull(letterBatches.storageKey)))
        .returning({ id: letterBatches.id });
      if (!claimed) return;
      if (printed.length > 0)
        await tx.insert(letters).values(
          printed.map((p) => ({
            debtId: p.debtId,
            templateCode: p.code,
            templateName: p.name,
            userId: author.id,
          })),
        );
      // What could not be printed (its template or debt gone) waits for the next batch, not lost.
      if (unprinted.length > 0)
        await tx.execute(
          sql`UPDATE letter_queue SET batch_id = NULL WHERE id = ANY(${arrayParam(unprinted)}::int[])`,
        );
    });
    return { letters: printed.length };
  };
}
