import { PassThrough } from 'node:stream';
import { agencyToday } from '@cobranzas/shared';
import { and, asc, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { instantFromDay, instantToDay } from '../crud';
import type { Db } from '../db/client';
import { collectionTypes, debtors, debts, debtTypes, events } from '../db/schema';
import { withLongWorkHeapGrowth } from '../heapGrowth';
import { type UpdatedBalanceRow, updatedBalanceColumns, updatedBalances } from '../modules/debts/balances';
import { promiseStatus } from '../modules/promises';
import { type DebtReportRow, type WorkbookOptions, writeClientDebtWorkbook } from './xlsx';

/** Rows per query: large enough to be quick, small enough that memory stays flat at 100k debts. */
export const BATCH_SIZE = 2000;

export interface ClientDebtParams {
  companyId: number;
  /** Agency days (inclusive) on the debt's createdAt: when it was placed with the agency. */
  start?: string;
  end?: string;
  /** The day of «Saldo actualizado» (default: today at the agency), the same for every row. */
  date?: string;
}

/**
 * A batch with its «Saldo actualizado» on `date`: the balance to date of the debts with rates (read
 * again, BALANCE_BATCH_SIZE per statement), the stored balance of the others.
 */
export async function withBalances<R extends Omit<DebtReportRow, 'updatedBalance'> & UpdatedBalanceRow>(
  db: Db,
  rows: R[],
  date: string,
): Promise<DebtReportRow[]> {
  const totals = await updatedBalances(db, rows, date);
  return rows.map(({ defaultDate: _d, interestRate: _i, punitiveRate: _p, rateTableId: _r, ...row }) => ({
    ...row,
    updatedBalance: totals.get(row.id) ?? row.balance,
  }));
}

/**
 * What a row of the debt workbook reads, besides its stage: the debtor, the money, the last contact
 * and the latest promise. The query must join debtors and collection types.
 */
export const debtReportFields = {
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
  status: debts.status,
  ...updatedBalanceColumns,
  // The newest entry of the (debt_id, date DESC) index: one index probe per row.
  lastContact: sql<
    Date | string | null
  >`(SELECT max(${events.date}) FROM ${events} WHERE ${events.debtId} = ${debts.id})`,
  // The latest promise (promises_debt_id_idx), its status derived as GET /promises derives it.
  promise: sql<DebtReportRow['promise']>`(SELECT json_build_object('dueDate', promises.due_date::text,
    'amount', promises.amount::text, 'status', ${promiseStatus})
    FROM promises JOIN companies ON companies.id = ${debts.companyId}
    WHERE promises.debt_id = ${debts.id} ORDER BY promises.taken_on DESC, promises.id DESC LIMIT 1)`,
};

/**
 * The company's debts in keyset-paged batches, stage by stage and newest first: each page is a range
 * scan of the (company_id, debt_type_id, id DESC) index, however deep into the report it is.
 */
export async function* debtBatches(
  db: Db,
  { companyId, start, end, date = agencyToday() }: ClientDebtParams,
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
        .select({ ...debtReportFields, stage: sql<string>`${stage.name}::text` })
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
      if (rows.length > 0) yield await withBalances(db, rows, date);
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
  options: WorkbookOptions = {},
) {
  const out = new PassThrough();
  // Without a listener, a write after the client left would be an uncaught 'error' event.
  out.on('error', () => {});
  withLongWorkHeapGrowth(() => writeClientDebtWorkbook(out, batches, options)).catch((error: unknown) => {
    log.error({ err: error }, 'reporte de deuda interrumpido');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
