import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, integer, pgTable, time, varchar } from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns';

export const VAT_STATUSES = ['RESPONSABLE_INSCRIPTO', 'MONOTRIBUTISTA'] as const;

/**
 * The agency's own data, printed on receipts, letters and settlements (issue 17, DESIGN.md §10.5).
 * One row (id 1), created by the migration; the logo lives here so a backup of the database holds it.
 */
export const agencySettings = pgTable(
  'agency_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: varchar('name', { length: 200 }).notNull().default(''),
    cuit: varchar('cuit', { length: 13 }),
    address: varchar('address', { length: 300 }),
    // Where letters are dated: «{city}, 25 de noviembre de 2026».
    city: varchar('city', { length: 80 }),
    phone: varchar('phone', { length: 60 }),
    email: varchar('email', { length: 120 }),
    // Responsable Inscripto (VAT 21 % on the commission, the default) or monotributista (none): §10.4.
    vatStatus: varchar('vat_status', { length: 30, enum: VAT_STATUSES })
      .notNull()
      .default('RESPONSABLE_INSCRIPTO'),
    // Where debtors transfer when no payment gateway is configured (issue 34: the portal shows them).
    cbu: char('cbu', { length: 22 }),
    cbuAlias: varchar('cbu_alias', { length: 20 }),
    logo: bytea('logo'),
    logoType: varchar('logo_type', { length: 40 }),
    // When debtors may be called (issue 18): ISO weekdays (1 Monday … 7 Sunday) and hours, agency time.
    contactDays: integer('contact_days').array().notNull().default(sql`'{1,2,3,4,5}'`),
    contactFrom: time('contact_from').notNull().default('08:00'),
    contactTo: time('contact_to').notNull().default('20:00'),
    // How strategies send e-mail (issue 36); the password is SMTP_PASSWORD in the environment.
    smtpHost: varchar('smtp_host', { length: 200 }),
    smtpPort: integer('smtp_port').notNull().default(587),
    smtpSecure: boolean('smtp_secure').notNull().default(false),
    smtpUser: varchar('smtp_user', { length: 200 }),
    mailFromName: varchar('mail_from_name', { length: 120 }),
    mailFrom: varchar('mail_from', { length: 254 }),
    ...timestamps,
  },
  (t) => [
    check('agency_settings_single_row', sql`${t.id} = 1`),
    check('agency_settings_contact_hours', sql`${t.contactFrom} < ${t.contactTo}`),
    check('agency_settings_vat_status', sql`${t.vatStatus} IN ('RESPONSABLE_INSCRIPTO', 'MONOTRIBUTISTA')`),
  ],
);

/**
 * Gap-free numbers (receipts, settlements): a row per series, taken with UPDATE … RETURNING inside
 * the transaction that uses the number, so a rollback gives it back and no number is ever skipped.
 * A PostgreSQL sequence would not: it never rolls back.
 */
export const counters = pgTable('counters', {
  name: varchar('name', { length: 40 }).primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});
