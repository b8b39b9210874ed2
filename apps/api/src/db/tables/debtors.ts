import { PHONE_KINDS } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { char, check, date, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

/** Whose a phone or e-mail is (issue 18): only the debtor's own may be used to talk about the debt. */
export const CHANNEL_OWNERS = ['DEUDOR', 'LABORAL', 'TERCERO'] as const;
const owner = (name: string) =>
  varchar(name, { length: 10, enum: CHANNEL_OWNERS }).notNull().default('DEUDOR');

export const debtors = pgTable(
  'debtors',
  {
    id: id(),
    dni: varchar('dni', { length: 8 }).notNull(),
    cuit: char('cuit', { length: 11 }),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    lastName: varchar('last_name', { length: 80 }).notNull(),
    birthDate: date('birth_date'),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 40 }),
    altPhone: varchar('alt_phone', { length: 40 }),
    address: varchar('address', { length: 200 }),
    city: varchar('city', { length: 80 }),
    province: varchar('province', { length: 60 }),
    postalCode: varchar('postal_code', { length: 10 }),
    employer: varchar('employer', { length: 120 }),
    notes: text('notes'),
    phoneOwner: owner('phone_owner'),
    altPhoneOwner: owner('alt_phone_owner'),
    emailOwner: owner('email_owner'),
    // «No contactar»: the day the debtor asked that this channel not be used again; null: open.
    phoneClosedOn: date('phone_closed_on'),
    altPhoneClosedOn: date('alt_phone_closed_on'),
    emailClosedOn: date('email_closed_on'),
    // What the collector said each phone is (issue 32); null: unknown. debtors_phone_kind_reset
    // (migration 0027) empties it when the number's digits change or the phone is left empty.
    phoneKind: varchar('phone_kind', { length: 5, enum: PHONE_KINDS }),
    altPhoneKind: varchar('alt_phone_kind', { length: 5, enum: PHONE_KINDS }),
    /**
     * What `q` searches, folded by search_fold (migration 0026; shared/search.ts): its words, each
     * after a space. The phones also as bare digits: «3515847753» finds «351 584-7753».
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`search_fold(last_name || ' ' || first_name || ' ' || dni || ' ' || coalesce(cuit, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))`,
      ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('debtors_dni_unique').on(t.dni),
    ...(['phone_owner', 'alt_phone_owner', 'email_owner'] as const).map((column) =>
      check(`debtors_${column}`, sql.raw(`${column} IN ('DEUDOR', 'LABORAL', 'TERCERO')`)),
    ),
    ...(['phone_kind', 'alt_phone_kind'] as const).map((column) =>
      check(`debtors_${column}`, sql.raw(`${column} IN ('MOVIL', 'FIJO')`)),
    ),
    uniqueIndex('debtors_cuit_unique').on(t.cuit).where(sql`${t.cuit} IS NOT NULL`),
    index('debtors_last_name_idx').on(t.lastName, t.firstName),
    // The first word of the surname, folded: a statement line naming its payer (issue 35's matcher).
    index('debtors_first_surname_idx').on(sql`split_part(btrim(search_fold(${t.lastName})), ' ', 1)`),
    // Free-text search by word prefixes (search_text LIKE '% word%', DESIGN.md §11.2): trigrams.
    index('debtors_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);
