import {
  CASE_MESSAGES,
  caseStatusesResource,
  casesResource,
  DEBT_TYPE_IDS,
  draftCaption,
  MESSAGES,
  type TokenPayload,
} from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, type Executor, equals, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import {
  caseStatuses,
  cases,
  companies,
  debtors,
  debts,
  jurisdictions,
  users,
  userTypes,
} from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { catalogParts } from '../catalogs';
import { heldDebt, lockDebts } from '../debts/lock';
import { viaDebt } from '../scope';
import { nextDeadlineSql, notAfterToday } from './access';
import { cancelStepTasks, recountDeadlines } from './deadlines';
import { liquidationRoute } from './liquidation';
import { caseNoticesModule } from './notices';
import { caseStepsModule } from './steps';

/** The agency's lawyer is one of its own users, never a client company's. */
async function assertLawyer(db: Executor, lawyerId: number | null | undefined) {
  if (lawyerId === null || lawyerId === undefined) return;
  const [found] = await db
    .select({ role: userTypes.role })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(eq(users.id, lawyerId));
  if (!found) throw badRequest('lawyerId', CASE_MESSAGES.lawyerNotFound);
  if (found.role === 'CLIENTE') throw badRequest('lawyerId', CASE_MESSAGES.lawyerIsClient);
}

/** Filing and end: never ahead of today, an end only after a filing and not before it. */
function checkDays(filedOn: string | null, closedOn: string | null) {
  notAfterToday('filedOn', filedOn);
  notAfterToday('closedOn', closedOn);
  if (closedOn && !filedOn) throw badRequest('closedOn', CASE_MESSAGES.closedWithoutFiling);
  if (closedOn && filedOn && closedOn < filedOn)
    throw badRequest('closedOn', CASE_MESSAGES.closedBeforeFiled);
}

/** The debt's court and case number follow its case (search, letters' merge fields and lists read them). */
async function followCase(db: Executor, user: TokenPayload, row: typeof cases.$inferSelect) {
  const before = heldDebt(db, row.debtId).row;
  if (before.court === row.court && before.caseNumber === row.number) return;
  const [after] = await db
    .update(debts)
    .set({ court: row.court, caseNumber: row.number, updatedAt: new Date() })
    .where(eq(debts.id, row.debtId))
    .returning();
  await writeAudit(db, user, {
    action: 'update',
    resource: 'debts',
    recordId: row.debtId,
    before,
    after: after ?? null,
  });
}

/**
 * Court cases (issue 37, DESIGN.md §11.6): one per judicial debt, with its steps, notices and statuses;
 * a CLIENTE reads its company's without internal notes. Court costs are the debt's services (SERVICE
 * rows of the ledger); the liquidation sheet is a PDF of the one amount owed.
 */
export function casesModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, { definition: caseStatusesResource, ...catalogParts(caseStatuses) });

  crudModule(app, db, {
    definition: casesResource,
    table: cases,
    columns: {
      id: cases.id,
      debtId: cases.debtId,
      debtReference: debts.reference,
      companyId: debts.companyId,
      companyName: companies.name,
      debtorName: sql<string>`${debtors.lastName} || ', ' || ${debtors.firstName}`,
      debtorDni: debtors.dni,
      jurisdictionId: cases.jurisdictionId,
      jurisdictionName: jurisdictions.name,
      fuero: cases.fuero,
      court: cases.court,
      secretary: cases.secretary,
      number: cases.number,
      caption: cases.caption,
      kind: cases.kind,
      filedOn: cases.filedOn,
      closedOn: cases.closedOn,
      lawyerId: cases.lawyerId,
      lawyerName: users.name,
      statusId: cases.statusId,
      statusName: caseStatuses.name,
      nextDeadlineOn: nextDeadlineSql(cases.id),
      internalNotes: cases.internalNotes,
      createdAt: cases.createdAt,
      updatedAt: cases.updatedAt,
    },
    joins: [
      { table: debts, on: eq(debts.id, cases.debtId) },
      { table: debtors, on: eq(debtors.id, debts.debtorId) },
      { table: companies, on: eq(companies.id, debts.companyId) },
      { table: jurisdictions, on: eq(jurisdictions.id, cases.jurisdictionId) },
      { table: users, on: eq(users.id, cases.lawyerId) },
      { table: caseStatuses, on: eq(caseStatuses.id, cases.statusId) },
    ],
    sortable: {
      id: cases.id,
      filedOn: [cases.filedOn, cases.id],
      nextDeadlineOn: [nextDeadlineSql(cases.id) as never, cases.id],
      number: [cases.number, cases.id],
    },
    defaultSort: { column: cases.id, order: 'desc' },
    search: [cases.caption, cases.number, cases.court],
    filters: {
      debtId: equals(cases.debtId),
      companyId: (id) =>
        sql`${cases.debtId} IN (SELECT ${debts.id} FROM ${debts} WHERE ${debts.companyId} = ${id})`,
      jurisdictionId: equals(cases.jurisdictionId),
      lawyerId: equals(cases.lawyerId),
      statusId: equals(cases.statusId),
    },
    scope: viaDebt(cases.debtId),
    parent: { column: cases.debtId, lock: lockDebts },
    unique: { cases_debt_unique: { field: 'debtId', message: CASE_MESSAGES.alreadyHasCase } },
    references: {
      debtId: MESSAGES.debtNotFound,
      jurisdictionId: CASE_MESSAGES.jurisdictionNotFound,
      statusId: CASE_MESSAGES.statusNotFound,
      lawyerId: CASE_MESSAGES.lawyerNotFound,
    },
    hooks: {
      async beforeCreate(input, { db }) {
        const debt = heldDebt(db, input.debtId).row;
        if (debt.debtTypeId !== DEBT_TYPE_IDS.JUDICIAL) throw conflict(CASE_MESSAGES.notJudicial);
        checkDays(input.filedOn, input.closedOn);
        await assertLawyer(db, input.lawyerId);
        let caption = input.caption;
        if (!caption) {
          const [names] = await db
            .select({ company: companies.name, lastName: debtors.lastName, firstName: debtors.firstName })
            .from(debts)
            .innerJoin(companies, eq(companies.id, debts.companyId))
            .innerJoin(debtors, eq(debtors.id, debts.debtorId))
            .where(eq(debts.id, debt.id));
          caption = draftCaption(names?.company ?? '', names ?? { lastName: '', firstName: '' }, input.kind);
        }
        // Court and number typed on the debt before it had a case are the case's, unless sent.
        return {
          ...input,
          caption,
          court: input.court ?? debt.court,
          number: input.number ?? debt.caseNumber,
        };
      },
      async beforeUpdate(input, current, { db }) {
        checkDays(
          input.filedOn !== undefined ? input.filedOn : current.filedOn,
          input.closedOn !== undefined ? input.closedOn : current.closedOn,
        );
        await assertLawyer(db, input.lawyerId);
        return { ...input, updatedAt: new Date() };
      },
      async beforeDelete(current, { db, user }) {
        await cancelStepTasks(db, user, current.id);
      },
      async afterWrite({ before, after }, { db, user }) {
        if (!after) return;
        await followCase(db, user, after);
        // Another court calendar or another lawyer: the running deadlines and their tasks follow.
        if (before && (before.jurisdictionId !== after.jurisdictionId || before.lawyerId !== after.lawyerId))
          await recountDeadlines(db, user, { caseIds: [after.id] });
      },
    },
  });

  caseStepsModule(app, db);
  caseNoticesModule(app, db);
  liquidationRoute(app, db);
}
