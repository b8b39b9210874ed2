import {
  addMoney,
  agencyToday,
  compareMoney,
  dayMonthYear,
  formatMoney,
  MESSAGES,
  monthlyDueDates,
  OFFER_MESSAGES,
  paymentPlanCall,
  type Quota,
  splitMoney,
  subtractMoney,
  toCents,
} from '@cobranzas/shared';
import { and, asc, eq, inArray, max, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Auditor, type Executor, routeCall, toJson, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { quotas } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { type DebtOwed, owedOf, readOwed } from '../debts/balance';
import { assertDebtOpen, keepBooks, writeStatusChange } from '../debts/books';
import { type LockedDebt, lockDebt } from '../debts/lock';
import { writeRow } from '../ledger/write';
import { annulOpenOffers } from '../offers/annul';
import type { QuotasService } from './service';

/**
 * POST /api/quotas/plan: N monthly installments for a debt in one transaction. The total (the
 * debt's balance to date unless given) is split exactly to the cent; due dates run monthly from the first,
 * clamped to month end. A closed debt, a debt with unpaid installments and a total above the balance
 * are refused (409); the debt becomes EN_CONVENIO with a "Cambio de estado" Gestión.
 */
export function paymentPlanRoute(app: FastifyInstance, db: Db, service: QuotasService) {
  routeCall(app, paymentPlanCall, {}, async (request) => {
    const { debtId, installments, firstDueDate, total } = request.body;
    const { user } = request;
    const result = await db
      .transaction(async (tx) => {
        // The debt's lock queues concurrent plans: the second sees the first's quotas and gets 409.
        const locked = await lockDebt(tx, debtId, user);
        return agreePlan(tx, user, locked, { installments, firstDueDate, total });
      })
      .catch((error: unknown) => {
        throw service.writeError(error);
      });
    const created = await readQuotas(db, result.ids);
    return { debtId, total: result.total, quotas: created };
  });
}

/** A plan to agree: N monthly quotas from the first due date, split to the cent unless `amounts` says. */
export interface PlanTerms {
  installments: number;
  firstDueDate: string;
  /** Default: the debt's balance to date. */
  total?: string | undefined;
  /** Each quota's amount (adding up to `total`), e.g. a settlement offer's down payment first. */
  amounts?: string[];
  /** The "Cambio de estado" Gestión's note (default: MESSAGES.planAgreed). */
  note?: string;
}

/**
 * Creates the plan's quotas on a debt this transaction locked, with their audit rows: a closed debt,
 * a debt with unpaid quotas and a total above its balance to date are refused (409); the debt becomes
 * EN_CONVENIO with a "Cambio de estado" Gestión, and keepBooks runs. Used by POST /quotas/plan and by
 * an accepted settlement offer (modules/offers), in the caller's transaction.
 */
export async function agreePlan(
  tx: Executor,
  user: Auditor,
  locked: LockedDebt,
  plan: PlanTerms,
): Promise<{ total: string; ids: number[] }> {
  const { installments, firstDueDate } = plan;
  const debtId = locked.id;
  const debt = locked.row;
  assertDebtOpen(debt);
  const [unpaid] = await tx
    .select({ id: quotas.id })
    .from(quotas)
    .where(and(eq(quotas.debtId, debtId), ne(quotas.status, 'PAGADA')))
    .limit(1);
  if (unpaid) throw conflict(MESSAGES.unpaidQuotasExist);
  // What it owes today (DESIGN.md §11.1): with rates, its interest to today, which the plan books.
  const limit = (await bookInterestForPlan(tx, user, debtId)).total;
  const total = plan.total ?? limit;
  if (compareMoney(total, '0') <= 0) throw conflict(MESSAGES.noBalance);
  if (compareMoney(total, limit) > 0)
    throw conflict(MESSAGES.planExceedsBalance(formatMoney(limit, debt.currency)));
  if (toCents(total) < BigInt(installments)) throw badRequest('installments', MESSAGES.planTooSmall);
  const amounts = plan.amounts ?? splitMoney(total, installments);
  if (amounts.length !== installments || compareMoney(addMoney(...amounts), total) !== 0)
    throw new Error('the quotas of a plan must add up to its total');

  const [last] = await tx
    .select({ n: max(quotas.number) })
    .from(quotas)
    .where(eq(quotas.debtId, debtId));
  const first = (last?.n ?? 0) + 1;
  const dates = monthlyDueDates(firstDueDate, installments);
  const rows = await tx
    .insert(quotas)
    .values(
      amounts.flatMap((amount, i) => {
        const dueDate = dates[i];
        return dueDate === undefined ? [] : [{ debtId, number: first + i, amount, dueDate }];
      }),
    )
    .returning();
  for (const row of rows)
    await writeAudit(tx, user, {
      action: 'create',
      resource: 'quotas',
      recordId: row.id,
      before: null,
      after: row,
    });

  // An open debt is ACTIVA or EN_CONVENIO: the plan makes it EN_CONVENIO, with its Gestión.
  if (debt.status !== 'EN_CONVENIO')
    await writeStatusChange(
      tx,
      user,
      debt,
      'EN_CONVENIO',
      plan.note ?? MESSAGES.planAgreed(installments, formatMoney(total, debt.currency)),
    );
  await keepBooks(tx, user, locked);
  // The debt's open settlement offers can no longer become its plan.
  await annulOpenOffers(tx, user, debtId, OFFER_MESSAGES.annulledByPlan);
  return { total, ids: rows.map((row) => row.id) };
}

/**
 * Interest runs no more once a debt has a plan: what ran until today is booked (a MORA row of the
 * plan), so the books, and the stored balance, say what the plan is for (docs/money.md). Called on a
 * debt this transaction locked before its first unpaid quota is written (a plan, or a quota by hand);
 * books nothing unless the debt is on RATES. Returns what it owes today (its interest included).
 */
export async function bookInterestForPlan(tx: Executor, user: Auditor, debtId: number): Promise<DebtOwed> {
  const read = await readOwed(tx, debtId);
  if (!read) throw new Error('debt vanished while locked');
  const owed = owedOf(read);
  const interest = subtractMoney(owed.total, read.balance);
  if (owed.basis === 'RATES' && compareMoney(interest, '0') > 0)
    await writeRow(tx, user, {
      debtId,
      kind: 'MORA',
      date: agencyToday(),
      amount: interest,
      planInterest: true,
      notes: MESSAGES.planInterestNote(dayMonthYear(agencyToday())),
    });
  return owed;
}

async function readQuotas(db: Db, ids: number[]) {
  const rows = await db.select().from(quotas).where(inArray(quotas.id, ids)).orderBy(asc(quotas.number));
  return rows.map((row) => toJson<Quota>(row));
}
