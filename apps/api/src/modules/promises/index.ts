import {
  AGENCY_TIME_ZONE,
  addDays,
  agencyToday,
  compareMoney,
  dayMonthYear,
  formatMoney,
  MESSAGES,
  PROMISE_MAX_DAYS_DEFAULT,
  promisesResource,
} from '@cobranzas/shared';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, type Executor, equals } from '../../crud';
import type { Db } from '../../db/client';
import { companies, debts, promises, users } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { debtBalance } from '../debts/balance';
import { assertDebtOpen } from '../debts/books';
import { heldDebt, type LockedDebt, lockDebts } from '../debts/lock';
import { viaDebt } from '../scope';

/** The last day a payment fulfils the promise: its due date + the company's grace days. */
export const promiseGraceUntil = sql`(${promises.dueDate} + coalesce(${companies.promiseGraceDays}, 0))`;

/** What the debt received in the promise's window: its live payments and deposits dated in it. */
const paidInWindow = sql`(SELECT coalesce(sum(m.amount), 0) FROM ledger_live m
    WHERE m.debt_id = ${promises.debtId} AND m.kind IN ('PAYMENT', 'DEPOSIT')
      AND m.date BETWEEN ${promises.takenOn} AND ${promiseGraceUntil})`;

const todayAtAgency = sql.raw(`(now() AT TIME ZONE '${AGENCY_TIME_ZONE}')::date`);

/**
 * The status of DESIGN §10.3, right on every read (never stored, so it never goes stale): over
 * `promises` joined with its debt's `companies` row.
 */
export const promiseStatus = sql<string>`CASE
    WHEN ${paidInWindow} >= ${promises.amount} THEN 'CUMPLIDA'
    WHEN ${todayAtAgency} > ${promiseGraceUntil} THEN CASE WHEN ${paidInWindow} > 0 THEN 'PARCIAL' ELSE 'INCUMPLIDA' END
    ELSE 'PENDIENTE' END`;

/**
 * A promise stays within reason (issue 30): never above what the debt owes today (the amount owed,
 * DESIGN.md §11.1), nor due later than the company's horizon from today
 * (`promiseMaxDays`, 90 days unless it says otherwise). 400 on the field, with the figures.
 */
export async function assertWithinReason(
  db: Executor,
  locked: LockedDebt,
  promise: { amount: string; dueDate: string },
) {
  const owed = (await debtBalance(db, locked.id, null))?.total ?? locked.row.balance;
  if (compareMoney(promise.amount, owed) > 0) {
    const money = (value: string) => formatMoney(value, locked.row.currency);
    throw badRequest('amount', MESSAGES.promiseAboveOwed(money(promise.amount), money(owed)));
  }
  const [company] = await db
    .select({ maxDays: companies.promiseMaxDays })
    .from(companies)
    .where(eq(companies.id, locked.row.companyId));
  const maxDays = company?.maxDays ?? PROMISE_MAX_DAYS_DEFAULT;
  const lastDay = addDays(agencyToday(), maxDays);
  if (promise.dueDate > lastDay)
    throw badRequest('dueDate', MESSAGES.promiseTooFar(dayMonthYear(lastDay), maxDays));
}

/** Promises to pay (issue 18): taken on a debt, fulfilled by the money that comes in their window. */
export function promisesModule(app: FastifyInstance, db: Db) {
  return crudModule(app, db, {
    definition: promisesResource,
    table: promises,
    columns: {
      ...getTableColumns(promises),
      userName: users.name,
      status: promiseStatus,
      paid: sql<string>`${paidInWindow}::numeric(15, 2)::text`,
      graceUntil: sql<string>`${promiseGraceUntil}::text`,
    },
    joins: [
      { table: users, on: eq(promises.userId, users.id) },
      { table: debts, on: eq(promises.debtId, debts.id) },
      { table: companies, on: eq(debts.companyId, companies.id) },
    ],
    sortable: {
      dueDate: promises.dueDate,
      id: promises.id,
      amount: promises.amount,
      createdAt: promises.createdAt,
    },
    defaultSort: { column: promises.dueDate, order: 'desc' },
    search: [promises.notes],
    filters: {
      debtId: equals(promises.debtId),
      userId: equals(promises.userId),
      dueDate: equals(promises.dueDate),
      // The status is an expression over the joins: the filter repeats it with its own joins.
      status: (value) => sql`(SELECT ${promiseStatus} FROM debts, companies
        WHERE debts.id = ${promises.debtId} AND companies.id = debts.company_id) = ${value}`,
    },
    scope: viaDebt(promises.debtId),
    parent: { column: promises.debtId, lock: lockDebts },
    references: { debtId: MESSAGES.debtNotFound },
    hooks: {
      async beforeCreate(input, { db, user }) {
        const locked = heldDebt(db, input.debtId);
        assertDebtOpen(locked.row);
        await assertWithinReason(db, locked, input);
        // Who took it and the day its window opens come from the server, never from the body.
        return { ...input, userId: user.sub, takenOn: agencyToday() };
      },
      // Its history stays (§10.3): once its window has passed, or it was kept, its amount and date
      // are what was promised; a new promise is taken instead.
      async beforeUpdate(input, current, { db }) {
        if (!('amount' in input || 'dueDate' in input)) return input;
        const [row] = await db
          .select({ status: promiseStatus })
          .from(promises)
          .leftJoin(debts, eq(promises.debtId, debts.id))
          .leftJoin(companies, eq(debts.companyId, companies.id))
          .where(eq(promises.id, current.id));
        if (row && row.status !== 'PENDIENTE') throw conflict(MESSAGES.promiseSettled);
        await assertWithinReason(db, heldDebt(db, current.debtId), {
          amount: input.amount ?? current.amount,
          dueDate: input.dueDate ?? current.dueDate,
        });
        return input;
      },
    },
  });
}
