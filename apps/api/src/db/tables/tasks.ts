import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, instant, timestamps } from './columns';
import { debts } from './debts';
import { taskStatusEnum } from './enums';
import { author } from './users';

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
