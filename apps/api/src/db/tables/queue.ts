import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The collectors' queue scored for one agency day (issue 38, migration 0045): a row per open debt that
 * needs work that day, with its rank before the clock's part (contact hours). Kept by triggers on
 * every fact the score reads and redone once a day (modules/queue/ranks.ts), so a queue page is an
 * index scan instead of scoring each of the collector's debts. Its day is the counter `queue_ranks_day`.
 */
export const queueRanks = pgTable('queue_ranks', {
  debtId: integer('debt_id').primaryKey(),
  assignedUserId: integer('assigned_user_id').notNull(),
  companyId: integer('company_id').notNull(),
  /** The score (1 to 999) less 1000 × why it cannot be called whatever the hour (queue/callable.ts). */
  rank: integer('rank').notNull(),
});

/**
 * The debts whose queue_ranks rows the open transactions must redo (migration 0046): the facts'
 * triggers append, and a deferred constraint trigger redoes each transaction's debts at COMMIT, under
 * the lock 'queue_ranks', then deletes them (kpi_pending's pattern). Empty at rest.
 */
export const queuePending = pgTable(
  'queue_pending',
  {
    tx: bigint('tx', { mode: 'number' }).notNull().default(sql`txid_current()`),
    debtIds: integer('debt_ids').array().notNull(),
  },
  (t) => [index('queue_pending_tx_idx').on(t.tx)],
);
