import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { caseSteps } from './cases';
import { id, timestamps } from './columns';
import { debtors } from './debtors';
import { debts } from './debts';
import { author } from './users';

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
    // A document of a court case's step (issue 37); it is still the debt's.
    caseStepId: integer('case_step_id').references((): AnyPgColumn => caseSteps.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('documents_debt_id_idx').on(t.debtId),
    index('documents_debtor_id_idx').on(t.debtorId),
    index('documents_case_step_idx').on(t.caseStepId).where(sql`${t.caseStepId} IS NOT NULL`),
    check('documents_owner', sql`${t.debtId} IS NOT NULL OR ${t.debtorId} IS NOT NULL`),
  ],
);
