import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  integer,
  numeric,
  pgTable,
  time,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';

export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    cuit: char('cuit', { length: 11 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 40 }),
    address: varchar('address', { length: 200 }),
    contactName: varchar('contact_name', { length: 120 }),
    // numeric comes back as a string from both drivers: no float ever touches it.
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    // A stage's own commission (issue 19); null: commission_rate.
    commissionRateExtrajudicial: numeric('commission_rate_extrajudicial', { precision: 5, scale: 2 }),
    commissionRateJudicial: numeric('commission_rate_judicial', { precision: 5, scale: 2 }),
    active: boolean('active').notNull().default(true),
    // Days after a promise's due date that a payment still fulfils it (DESIGN.md §10.3).
    promiseGraceDays: integer('promise_grace_days').notNull().default(0),
    // How many days ahead a promise may fall (issue 30).
    promiseMaxDays: integer('promise_max_days').notNull().default(90),
    // Contact hours of this company's debtors; all three null: the agency's (issue 18).
    contactDays: integer('contact_days').array(),
    contactFrom: time('contact_from'),
    contactTo: time('contact_to'),
    // Contact attempts per debtor (events with a channel); null: no cap.
    maxAttemptsPerDay: integer('max_attempts_per_day'),
    maxAttemptsPerWeek: integer('max_attempts_per_week'),
    // Settlement offers its collectors may make without an ADMIN (DESIGN.md §10.3); null: no limit.
    maxDiscountPercent: numeric('max_discount_percent', { precision: 5, scale: 2 }),
    maxQuotas: integer('max_quotas'),
    minDownPaymentPercent: numeric('min_down_payment_percent', { precision: 5, scale: 2 }),
    // The least a debtor may pay as «un importe» in the portal (issue 34); null: any amount.
    portalMinPayment: money('portal_min_payment'),
    // The rest of the envelope the portal's own offers keep to (issue 34); null: no limit there.
    minQuotaAmount: money('min_quota_amount'),
    maxFirstDueDays: integer('max_first_due_days'),
    maxPlanDays: integer('max_plan_days'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('companies_cuit_unique').on(t.cuit),
    check('companies_promise_grace_days', sql`${t.promiseGraceDays} BETWEEN 0 AND 60`),
    check('companies_promise_max_days', sql`${t.promiseMaxDays} BETWEEN 1 AND 365`),
    check(
      'companies_contact_hours',
      sql`(${t.contactDays} IS NULL) = (${t.contactFrom} IS NULL) AND (${t.contactFrom} IS NULL) = (${t.contactTo} IS NULL)
        AND (${t.contactFrom} IS NULL OR ${t.contactFrom} < ${t.contactTo})`,
    ),
    check('companies_max_attempts_per_day', sql`${t.maxAttemptsPerDay} BETWEEN 1 AND 50`),
    check('companies_max_attempts_per_week', sql`${t.maxAttemptsPerWeek} BETWEEN 1 AND 200`),
    check('companies_max_discount_percent', sql`${t.maxDiscountPercent} BETWEEN 0 AND 100`),
    check('companies_max_quotas', sql`${t.maxQuotas} BETWEEN 1 AND 120`),
    check('companies_min_down_payment_percent', sql`${t.minDownPaymentPercent} BETWEEN 0 AND 100`),
    check('companies_portal_min_payment', sql`${t.portalMinPayment} > 0`),
    check('companies_min_quota_amount', sql`${t.minQuotaAmount} > 0`),
    check('companies_max_first_due_days', sql`${t.maxFirstDueDays} BETWEEN 0 AND 90`),
    check('companies_max_plan_days', sql`${t.maxPlanDays} BETWEEN 1 AND 3650`),
  ],
);
