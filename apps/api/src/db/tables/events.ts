import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { eventHistoryTypes, eventSubTypes, eventTypes } from './catalogs';
import { id, instant, timestamps } from './columns';
import { debts } from './debts';
import { strategies } from './strategies';
import { author } from './users';

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
    // Written by a strategy's run (issue 36): the timeline names it instead of a person.
    strategyId: integer('strategy_id').references(() => strategies.id),
    // The debtor's channel the contact used (issue 18): PHONE, ALT_PHONE or EMAIL; null: none said.
    channel: varchar('channel', { length: 10, enum: ['PHONE', 'ALT_PHONE', 'EMAIL'] }),
    // Logged, after a confirmation, outside the contact hours of the debt's company.
    outsideHours: boolean('outside_hours').notNull().default(false),
    // The debtor acknowledged the debt in this contact (issue 37): it interrupts prescription (CCyC 2545).
    acknowledgment: boolean('acknowledgment').notNull().default(false),
    ...timestamps,
  },
  // A debt's contact history, latest first; also the last contact of a debt.
  (t) => [
    index('events_debt_date_idx').on(t.debtId, t.date.desc().nullsFirst()),
    check('events_channel', sql`${t.channel} IN ('PHONE', 'ALT_PHONE', 'EMAIL')`),
  ],
);
