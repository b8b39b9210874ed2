import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, instant, money, timestamps } from './columns';
import { companies } from './companies';
import { currencyEnum } from './enums';
import { ledger } from './ledger';
import { author } from './users';

/**
 * A settlement to a client company (rendición, DESIGN.md §10.4): its totals as the draft worked
 * them out; its lines in settlement_lines. Closing gives it `number` (counters 'settlements') and
 * marks its payments and deposits (their settlement_id), which a trigger then freezes.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: id(),
    number: integer('number'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    currency: currencyEnum('currency').notNull(),
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('DRAFT'),
    items: integer('items').notNull(),
    collected: money('collected').notNull(),
    direct: money('direct').notNull(),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull(),
    commission: money('commission').notNull(),
    /** [{commissionRate, collected, commission}], one per rate. */
    commissions: jsonb('commissions').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    vat: money('vat').notNull(),
    net: money('net').notNull(),
    payable: money('payable').notNull(),
    createdBy: author('created_by'),
    closedBy: author('closed_by'),
    closedAt: instant('closed_at'),
    ...timestamps,
  },
  (t) => [
    index('settlements_company_id_idx').on(t.companyId, t.to),
    uniqueIndex('settlements_number_unique').on(t.number).where(sql`${t.number} IS NOT NULL`),
    check('settlements_status', sql`${t.status} IN ('DRAFT', 'CLOSED')`),
    check('settlements_closed', sql`(${t.status} = 'CLOSED') = (${t.number} IS NOT NULL)`),
  ],
);

/**
 * One payment or deposit of a settlement as the draft saw it: its ledger row. A draft never blocks
 * undoing the row; closing checks that each row is still live and unsettled (else 409).
 */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: id(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    ledgerId: integer('ledger_id')
      .notNull()
      .references((): AnyPgColumn => ledger.id),
    debtId: integer('debt_id').notNull(),
    date: date('date').notNull(),
    amount: money('amount').notNull(),
    debtTypeId: integer('debt_type_id').notNull(),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull(),
    paidToClient: boolean('paid_to_client').notNull(),
  },
  (t) => [
    index('settlement_lines_settlement_idx').on(t.settlementId, t.date, t.id),
    index('settlement_lines_ledger_idx').on(t.ledgerId),
    check('settlement_lines_kind', sql`${t.kind} IN ('PAYMENT', 'DEPOSIT')`),
  ],
);
