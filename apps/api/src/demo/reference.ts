import {
  catalogCreateSchema,
  companyCreateSchema,
  cuitCheckDigit,
  USER_TYPE_IDS,
  userCreateSchema,
} from '@cobranzas/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/passwords';
import type { Tx } from '../crud';
import {
  collectionTypes,
  companies,
  embargoTypes,
  eventHistoryTypes,
  eventSubTypes,
  eventTypes,
  users,
} from '../db/schema';
import { COLLECTION_TYPES, COLLECTORS, COMPANIES, EMBARGO_TYPES, EVENT_TYPES, OUTCOMES } from './data';
import type { Random } from './random';

// The four catalogs share one shape (db/tables/catalogs.ts); typed as one of them for Drizzle.
type Catalog = typeof collectionTypes;
const asCatalog = (table: typeof eventTypes | typeof eventHistoryTypes | typeof embargoTypes) =>
  table as unknown as Catalog;

/** Catalog rows by name, creating the missing ones (names are unique regardless of case). */
async function catalog(tx: Tx, table: Catalog, names: readonly string[]): Promise<Map<string, number>> {
  await tx
    .insert(table)
    .values(names.map((name) => catalogCreateSchema.parse({ name })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(
      inArray(
        sql`lower(${table.name})`,
        names.map((n) => n.toLowerCase()),
      ),
    );
  const byLower = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  return new Map(names.map((name) => [name, byLower.get(name.toLowerCase()) as number]));
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/s\.a\.$/, '')
    .replace(/[^a-z]/g, '');

/** A company CUIT: 30 + eight digits + the check digit. */
function companyCuit(rng: Random): string {
  for (;;) {
    const firstTen = `30${rng.digits(8)}`;
    const check = cuitCheckDigit(firstTen);
    if (check !== null) return `${firstTen}${check}`;
  }
}

export interface DemoUser {
  id: number;
  alias: string;
  name: string;
  role: 'GENERAL' | 'CLIENTE';
  company: string | null;
}

/**
 * Everything the portfolio points to: catalogs, the client companies (reused by name on a forced
 * second run) and the users (one collector and one client login per company; an alias that already
 * exists is kept as it is and not reported as new).
 */
export async function referenceData(tx: Tx, rng: Random, password: string) {
  const eventTypeIds = await catalog(tx, asCatalog(eventTypes), Object.keys(EVENT_TYPES));
  const subTypes = Object.entries(EVENT_TYPES).flatMap(([type, names]) =>
    names.map((name) => ({ eventTypeId: eventTypeIds.get(type) as number, name })),
  );
  await tx.insert(eventSubTypes).values(subTypes).onConflictDoNothing();
  const subTypeRows = await tx
    .select({ id: eventSubTypes.id, eventTypeId: eventSubTypes.eventTypeId, name: eventSubTypes.name })
    .from(eventSubTypes)
    .where(inArray(eventSubTypes.eventTypeId, [...eventTypeIds.values()]));
  const subTypeIds = new Map(
    subTypeRows.map((row) => [`${row.eventTypeId}:${row.name.toLowerCase()}`, row.id]),
  );

  const companiesAdded: { id: number; name: string; types: readonly string[] }[] = [];
  const collectors: number[] = [];
  const createdUsers: DemoUser[] = [];
  const refs = {
    collectionTypes: await catalog(tx, collectionTypes, Object.keys(COLLECTION_TYPES)),
    eventTypes: eventTypeIds,
    subType: (typeId: number, name: string) => subTypeIds.get(`${typeId}:${name.toLowerCase()}`) ?? null,
    outcomes: await catalog(tx, asCatalog(eventHistoryTypes), OUTCOMES),
    embargoTypes: await catalog(tx, asCatalog(embargoTypes), EMBARGO_TYPES),
    companies: companiesAdded,
    collectors,
    createdUsers,
  };

  for (const [i, company] of COMPANIES.entries()) {
    const [existing] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, company.name));
    const domain = `${slug(company.name)}.com.ar`;
    const contact = company.contact;
    const id =
      existing?.id ??
      (
        await tx
          .insert(companies)
          .values(
            companyCreateSchema.parse({
              name: company.name,
              cuit: companyCuit(rng),
              email: `cobranzas@${domain}`,
              phone: `11 4${rng.digits(3)}-${rng.digits(4)}`,
              address: `Av. Corrientes ${rng.int(100, 2000)}, CABA`,
              contactName: contact,
              commissionRate: company.commission,
            }),
          )
          .returning({ id: companies.id })
      )[0]?.id;
    if (id === undefined) continue;
    refs.companies.push({ id, name: company.name, types: company.types });

    const collector = COLLECTORS[i % COLLECTORS.length] as string;
    const [first = '', last = ''] = collector.split(' ');
    const people = [
      {
        name: collector,
        alias: `${slug(first).slice(0, 1)}${slug(last)}`,
        role: 'GENERAL' as const,
        companyId: null,
      },
      {
        name: `${contact} (${company.name})`,
        alias: `cliente.${slug(company.name)}`,
        role: 'CLIENTE' as const,
        companyId: id,
      },
    ];
    for (const person of people) {
      const { password: _, ...fields } = userCreateSchema.parse({
        name: person.name,
        alias: person.alias,
        email: `${person.alias}@${person.role === 'CLIENTE' ? domain : 'cobranzas.com.ar'}`,
        password,
        userTypeId: USER_TYPE_IDS[person.role],
        companyId: person.companyId,
      });
      const passwordHash = await hashPassword(password);
      const [created] = await tx
        .insert(users)
        .values({ ...fields, passwordHash })
        .onConflictDoNothing()
        .returning();
      const [user] = created
        ? [created]
        : await tx.select().from(users).where(ciEquals(users.alias, person.alias));
      if (created) {
        const company = person.companyId === null ? null : (refs.companies.at(-1)?.name ?? null);
        refs.createdUsers.push({
          id: created.id,
          alias: created.alias,
          name: created.name,
          role: person.role,
          company,
        });
      }
      if (user && person.role === 'GENERAL' && user.active) refs.collectors.push(user.id);
    }
  }
  return refs;
}

const ciEquals = (column: PgColumn, value: string) => eq(sql`lower(${column})`, value.toLowerCase());

export type ReferenceData = Awaited<ReturnType<typeof referenceData>>;
