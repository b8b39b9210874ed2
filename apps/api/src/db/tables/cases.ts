import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { catalogTable } from './catalogs';
import { id, timestamps } from './columns';
import { debts } from './debts';
import { tasks } from './tasks';
import { author, users } from './users';

/** Where a case stands (demanda, sentencia, archivo…): a catalog an ADMIN edits (issue 37). */
export const caseStatuses = catalogTable('case_statuses');
/** A jurisdiction whose courts keep one calendar of working days (CABA, Provincia de Buenos Aires…). */
export const jurisdictions = catalogTable('jurisdictions');

/**
 * A day or range of days the courts do not work (issue 37, DESIGN.md §11.6): a national holiday
 * (every jurisdiction: no jurisdiction), a recess (feria) or an extra day off of one jurisdiction.
 */
export const judicialDaysOff = pgTable(
  'judicial_days_off',
  {
    id: id(),
    jurisdictionId: integer('jurisdiction_id').references(() => jurisdictions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10, enum: ['FERIADO', 'FERIA', 'INHABIL'] }).notNull(),
    from: date('from_on').notNull(),
    to: date('to_on').notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    ...timestamps,
  },
  (t) => [
    // A year's holidays loaded twice add nothing the second time.
    uniqueIndex('judicial_days_off_day_unique').on(sql`coalesce(${t.jurisdictionId}, 0)`, t.kind, t.from),
    index('judicial_days_off_jurisdiction_idx').on(t.jurisdictionId, t.from),
    check('judicial_days_off_range', sql`${t.to} >= ${t.from}`),
    check('judicial_days_off_kind', sql`(${t.kind} = 'FERIADO') = (${t.jurisdictionId} IS NULL)`),
  ],
);

/**
 * A debt's court case (issue 37): its court, number, carátula, kind, filing day, the agency's lawyer
 * and status; `debts.court` and `debts.case_number` follow it. While it is filed and not closed the
 * claim's prescription stays interrupted (CCyC 2546–2547).
 */
export const cases = pgTable(
  'cases',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    jurisdictionId: integer('jurisdiction_id').references(() => jurisdictions.id),
    fuero: varchar('fuero', { length: 80 }),
    court: varchar('court', { length: 200 }),
    secretary: varchar('secretary', { length: 80 }),
    number: varchar('number', { length: 60 }),
    caption: varchar('caption', { length: 300 }).notNull(),
    kind: varchar('kind', { length: 10, enum: ['EJECUTIVO', 'ORDINARIO', 'MONITORIO', 'OTRO'] }).notNull(),
    filedOn: date('filed_on'),
    closedOn: date('closed_on'),
    lawyerId: integer('lawyer_id').references(() => users.id),
    statusId: integer('status_id').references(() => caseStatuses.id),
    internalNotes: text('internal_notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cases_debt_unique').on(t.debtId),
    index('cases_lawyer_idx').on(t.lawyerId),
    check(
      'cases_closed_after_filed',
      sql`${t.closedOn} IS NULL OR ${t.filedOn} IS NULL OR ${t.closedOn} >= ${t.filedOn}`,
    ),
  ],
);

/**
 * A step of a case, dated (a filing, a notice, a ruling): it may move the case's status and set a
 * deadline of N judicial working days from a notice, which becomes a task for the lawyer.
 */
export const caseSteps = pgTable(
  'case_steps',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    on: date('on').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    statusId: integer('status_id').references(() => caseStatuses.id),
    deadlineDays: smallint('deadline_days'),
    /** The notice the term runs from (its day never counts). */
    deadlineFrom: date('deadline_from'),
    deadlineOn: date('deadline_on'),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    createdBy: author('created_by'),
    ...timestamps,
  },
  (t) => [
    index('case_steps_case_idx').on(t.caseId, t.on),
    check('case_steps_deadline_days', sql`${t.deadlineDays} IS NULL OR ${t.deadlineDays} BETWEEN 1 AND 365`),
  ],
);

/** A cédula (notice) of a case: to whom, where, sent and served. */
export const caseNotices = pgTable(
  'case_notices',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    addressee: varchar('addressee', { length: 200 }).notNull(),
    address: varchar('address', { length: 300 }),
    sentOn: date('sent_on').notNull(),
    servedOn: date('served_on'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('case_notices_case_idx').on(t.caseId, t.sentOn),
    check('case_notices_served_after_sent', sql`${t.servedOn} IS NULL OR ${t.servedOn} >= ${t.sentOn}`),
  ],
);
