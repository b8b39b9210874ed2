import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { embargoTypes, eventHistoryTypes, eventSubTypes, eventTypes } from './catalogs';
import { id, instant, money, timestamps } from './columns';
import { users } from './core';
import { debtors, debts } from './debts';
import { auditActionEnum, embargoStatusEnum, taskStatusEnum } from './enums';

/**
 * Who did it. Never erased behind the record's back: a user with work on record cannot be deleted
 * (409, deactivate instead; migration 0007 turned the old ON DELETE SET NULL into NO ACTION).
 */
const author = (name: string) => integer(name).references(() => users.id);

/** A contact action on a debt. */
export const events = pgTable(
  'events',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    eventTypeId: integer('event_type_id')
      .notNull()
      .references(() => eventTypes.id),
    eventSubTypeId: integer('event_sub_type_id').references(() => eventSubTypes.id),
    eventHistoryTypeId: integer('event_history_type_id').references(() => eventHistoryTypes.id),
    date: instant('date').notNull().defaultNow(),
    description: text('description'),
    userId: author('user_id'),
    ...timestamps,
  },
  // A debt's contact history, latest first; also the last contact of a debt.
  (t) => [index('events_debt_date_idx').on(t.debtId, t.date.desc().nullsFirst())],
);

export const observations = pgTable(
  'observations',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    text: text('text').notNull(),
    userId: author('user_id'),
    ...timestamps,
  },
  (t) => [index('observations_debt_id_idx').on(t.debtId)],
);

export const embargos = pgTable(
  'embargos',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    embargoTypeId: integer('embargo_type_id')
      .notNull()
      .references(() => embargoTypes.id),
    amount: money('amount').notNull(),
    date: date('date').notNull(),
    court: varchar('court', { length: 200 }),
    caseNumber: varchar('case_number', { length: 60 }),
    status: embargoStatusEnum('status').notNull().default('SOLICITADO'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('embargos_debt_id_idx').on(t.debtId),
    check('embargos_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);

/** An uploaded file's metadata; the bytes live in the document storage under `storage_key`. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    debtId: integer('debt_id').references(() => debts.id),
    debtorId: integer('debtor_id').references(() => debtors.id),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    uploadedBy: author('uploaded_by'),
    ...timestamps,
  },
  (t) => [
    index('documents_debt_id_idx').on(t.debtId),
    index('documents_debtor_id_idx').on(t.debtorId),
    check('documents_owner', sql`${t.debtId} IS NOT NULL OR ${t.debtorId} IS NOT NULL`),
  ],
);

/** The agenda. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    start: instant('start').notNull(),
    end: instant('end'),
    allDay: boolean('all_day').notNull().default(false),
    userId: author('user_id'),
    debtId: integer('debt_id').references(() => debts.id, { onDelete: 'set null' }),
    status: taskStatusEnum('status').notNull().default('PENDIENTE'),
    ...timestamps,
  },
  (t) => [
    index('tasks_user_start_idx').on(t.userId, t.start),
    index('tasks_start_idx').on(t.start),
    index('tasks_debt_id_idx').on(t.debtId),
  ],
);

/**
 * Who changed what: one row per create/update/delete, written in the write's own transaction.
 * No foreign keys: the trail outlives the users and records it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: instant('at').notNull().defaultNow(),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 120 }),
    action: auditActionEnum('action').notNull(),
    resource: varchar('resource', { length: 40 }).notNull(),
    recordId: integer('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_resource_record_idx').on(t.resource, t.recordId),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_id_idx').on(t.userId),
  ],
);
