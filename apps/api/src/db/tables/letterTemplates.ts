import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

export const LETTER_KINDS = ['INTIMACION', 'PROPUESTA', 'LIBRE_DEUDA', 'OTRA'] as const;

/**
 * A letter an ADMIN edits (DESIGN.md §10.5): a body with merge fields ({{deudor.nombre}}, …)
 * rendered to PDF per debt at `GET /api/debts/{id}/letters/{code}`. A LIBRE_DEUDA letter is refused
 * while the debt's balance to date is not zero. The migration seeds three.
 */
export const letterTemplates = pgTable(
  'letter_templates',
  {
    id: id(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 20, enum: LETTER_KINDS }).notNull().default('OTRA'),
    subject: varchar('subject', { length: 200 }),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('letter_templates_code_unique').on(t.code),
    check('letter_templates_kind', sql`${t.kind} IN ('INTIMACION', 'PROPUESTA', 'LIBRE_DEUDA', 'OTRA')`),
  ],
);
