import { bigint, boolean, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { companies } from './companies';
import { jobs } from './jobs';
import { author } from './users';

/**
 * A portfolio import (DESIGN.md §10.1; issue 16). Its lifecycle (queued, running, ended and why) is
 * its job's row; this row holds what the import is and how far it got. Counters and `processed_rows`
 * are written in the same transaction as each batch's debtors and debts, so a resumed import starts
 * exactly after the last batch that committed.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** 'xlsx' or 'csv'. */
    kind: varchar('kind', { length: 4 }).notNull(),
    /** Where the uploaded bytes are kept (the document storage), until the import ends. */
    storageKey: varchar('storage_key', { length: 200 }),
    dryRun: boolean('dry_run').notNull(),
    /** Field → the file's header. */
    mapping: jsonb('mapping').notNull(),
    /** The file's headers in its order (the errors file repeats them). */
    headers: jsonb('headers').notNull(),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    createdDebtors: integer('created_debtors').notNull().default(0),
    createdDebts: integer('created_debts').notNull().default(0),
    updatedDebtors: integer('updated_debtors').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    warnings: integer('warnings').notNull().default(0),
    createdBy: author('created_by'),
    ...timestamps,
  },
  (t) => [
    index('imports_created_at_idx').on(t.createdAt.desc()),
    index('imports_company_created_at_idx').on(t.companyId, t.createdAt.desc()),
  ],
);

/** A rejected or warned row of an import, with its cells as read: the errors file (`Fila`, `Motivo`). */
export const importIssues = pgTable(
  'import_issues',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    /** True: the row was not imported; false: imported with a warning. */
    rejected: boolean('rejected').notNull(),
    /** The Spanish reasons, one per line. */
    reasons: text('reasons').notNull(),
    /** The row's cells as text, in the file's column order. */
    cells: jsonb('cells').notNull(),
  },
  (t) => [index('import_issues_import_row_idx').on(t.importId, t.rowNumber)],
);

export type ImportRecord = typeof imports.$inferSelect;
