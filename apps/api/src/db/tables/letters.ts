import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, instant } from './columns';
import { debts } from './debts';
import { author } from './users';

/**
 * A letter issued for a debt (issue 32): each PDF that `GET /api/debts/{id}/letters/{code}` hands a
 * collector is a letter sent, so the debtor's file can say when and which. The template's code and
 * name are copied: a template edited or removed later does not rewrite what was sent.
 */
export const letters = pgTable(
  'letters',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    templateCode: varchar('template_code', { length: 40 }).notNull(),
    templateName: varchar('template_name', { length: 120 }).notNull(),
    userId: author('user_id'),
    at: instant('at').notNull().defaultNow(),
  },
  // A debt's letters, newest first (the debtor's file reads them per debt).
  (t) => [index('letters_debt_at_idx').on(t.debtId, t.at.desc())],
);
