import { PassThrough } from 'node:stream';
import { and, asc, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { instantFromDay, instantToDay } from '../crud';
import type { Db } from '../db/client';
import { collectionTypes, debtors, debts, debtTypes, events } from '../db/schema';
import { type DebtReportRow, writeClientDebtWorkbook } from './xlsx';

/** Rows per query: large enough to be quick, small enough that memory stays flat at 100k debts. */
export const BATCH_SIZE = 2000;

export interface ClientDebtParams {
  companyId: number;
  /** Agency days (inclusive) on the debt's createdAt: when it was placed with the agency. */
  start?: string;
  end?: string;
}

/**
 * The company's debts in keyset-paged batches, stage by stage and newest first: each page is a range
 * scan of the (company_id, debt_type_id, id DESC) index, however deep into the report it is.
 */
export async function* debtBatches(
  db: Db,
  { companyId, start, end }: ClientDebtParams,
  batchSize = BATCH_SIZE,
): AsyncGenerator<DebtReportRow[]> {
  const stages = await db
    .select({ id: debtTypes.id, name: debtTypes.name })
    .from(debtTypes)
    .orderBy(asc(debtTypes.id));
  const period: (SQL | undefined)[] = [
    start ? instantFromDay(debts.createdAt)(start) : undefined,
    end ? instantToDay(debts.createdAt)(end) : undefined,
  ];
  for (const stage of stages) {
    let after: number | undefined;
    for (;;) {
      const rows = await db
        .select({
          id: debts.id,
          firstName: debtors.firstName,
          lastName: debtors.lastName,
          dni: debtors.dni,
          cuit: debtors.cuit,
          reference: debts.reference,
          collectionType: collectionTypes.name,
          currency: debts.currency,
          originalAmount: debts.originalAmount,
          paidAmount: debts.paidAmount,
          balance: debts.balance,
          status: debts.status,
          // The newest entry of the (debt_id, date DESC) index: one index probe per row.
          lastContact: sql<
            Date | string | null
          >`(SELECT max(${events.date}) FROM ${events} WHERE ${events.debtId} = ${debts.id})`,
        })
        .from(debts)
        .innerJoin(debtors, eq(debtors.id, debts.debtorId))
        .leftJoin(collectionTypes, eq(collectionTypes.id, debts.collectionTypeId))
        .where(
          and(
            eq(debts.companyId, companyId),
            eq(debts.debtTypeId, stage.id),
            after === undefined ? undefined : lt(debts.id, after),
            ...period,
          ),
        )
        .orderBy(desc(debts.id))
        .limit(batchSize);
      if (rows.length > 0) yield rows.map((row) => ({ ...row, stage: stage.name }));
      if (rows.length < batchSize) break;
      after = rows[rows.length - 1]?.id;
    }
  }
}

/**
 * Starts writing the workbook and returns the stream to send at once. A failure midway (database
 * down, client gone) cannot become a JSON error any more: it is logged and the stream destroyed,
 * so the client sees a cut download and the process carries on.
 */
export function clientDebtStream(
  batches: AsyncIterable<DebtReportRow[]>,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const out = new PassThrough();
  // Without a listener, a write after the client left would be an uncaught 'error' event.
  out.on('error', () => {});
  writeClientDebtWorkbook(out, batches).catch((error: unknown) => {
    log.error({ err: error }, 'reporte de deuda interrumpido');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
