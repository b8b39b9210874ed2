import { bigint, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { auditActionEnum } from './enums';

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
