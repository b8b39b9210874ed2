import { agencyToday, debtCreateSchema, debtorCreateSchema, taskCreateSchema } from '@cobranzas/shared';
import { inArray, or } from 'drizzle-orm';
import type { Tx } from '../crud';
import type { Db } from '../db/client';
import { debtors, debts, tasks } from '../db/schema';
import { planTasks } from './activity';
import { insertCases } from './cases';
import { chunked, insertChildren, type Planned } from './children';
import { COLLECTION_TYPES } from './data';
import { makeDebtor } from './people';
import { planDebt } from './portfolio';
import { Random } from './random';
import { type DemoUser, type ReferenceData, referenceData } from './reference';

export interface DemoOptions {
  /** Debtors to create (each with one to three debts). */
  size: number;
  seed: number;
  /** Password of every demo user. */
  password: string;
  now?: Date;
}

export interface DemoSummary {
  counts: Record<string, number>;
  users: DemoUser[];
}

/** Debtor drafts whose DNI and CUIL no stored debtor has (a forced second run adds to the data). */
async function freshDebtors(tx: Tx, rng: Random, size: number) {
  const seen = new Set<string>();
  const drafts = Array.from({ length: size }, () => makeDebtor(rng, seen));
  const unique = [...new Map(drafts.map((d) => [d.dni, d])).values()];
  const taken = new Set<string>();
  await chunked(unique, async (chunk) => {
    const cuits = chunk.flatMap((d) => (d.cuit ? [d.cuit] : []));
    const rows = await tx
      .select({ dni: debtors.dni, cuit: debtors.cuit })
      .from(debtors)
      .where(
        or(
          inArray(
            debtors.dni,
            chunk.map((d) => d.dni),
          ),
          inArray(debtors.cuit, cuits),
        ),
      );
    for (const row of rows) taken.add(row.dni).add(row.cuit ?? '');
    return [];
  });
  return unique.filter((d) => !taken.has(d.dni) && !taken.has(d.cuit ?? '-'));
}

/** Two to three debts for some debtors, each with a company whose portfolio includes its type. */
function planPortfolio(
  rng: Random,
  refs: ReferenceData,
  people: { id: number; name: string }[],
  today: string,
) {
  const references = new Set<string>();
  const planned: Planned[] = [];
  for (const person of people) {
    const count = Number(rng.weighted({ 1: 75, 2: 20, 3: 5 }));
    for (let i = 0; i < count; i++) {
      const company = rng.pick(refs.companies);
      const type = rng.pick(company.types);
      let reference: string;
      do reference = `${COLLECTION_TYPES[type]?.prefix ?? 'DE'}-${rng.digits(10)}`;
      while (references.has(reference));
      references.add(reference);
      const userId = refs.collectors.length > 0 ? rng.pick(refs.collectors) : null;
      planned.push({
        draft: planDebt(rng, type, reference, today),
        debtorId: person.id,
        debtor: person.name,
        companyId: company.id,
        userId,
      });
    }
  }
  return planned;
}

/**
 * Fills the database with a believable portfolio in one transaction. Every record goes through the
 * shared create schema of its resource (so DNI/CUIT and money follow the API's rules), rows are
 * inserted in batches, and each debt's stored totals are kept by the SQL triggers, as in the API.
 */
export async function generateDemo(db: Db, options: DemoOptions): Promise<DemoSummary> {
  const rng = new Random(options.seed);
  const now = options.now ?? new Date();
  const today = agencyToday(now);
  return db.transaction(async (tx) => {
    const refs = await referenceData(tx, rng, options.password);
    const people = (await freshDebtors(tx, rng, options.size)).map((d) => debtorCreateSchema.parse(d));
    const debtorRows = await chunked(people, (chunk) =>
      tx
        .insert(debtors)
        .values(chunk)
        .returning({ id: debtors.id, firstName: debtors.firstName, lastName: debtors.lastName }),
    );
    const planned = planPortfolio(
      rng,
      refs,
      debtorRows.map((d) => ({ id: d.id, name: `${d.firstName} ${d.lastName}` })),
      today,
    );

    const debtRows = await chunked(planned, (chunk) =>
      tx
        .insert(debts)
        .values(
          chunk.map(({ draft, debtorId, companyId, userId }) => {
            const placedAt = new Date(
              `${draft.placed}T${String(rng.int(9, 18)).padStart(2, '0')}:00:00-03:00`,
            );
            const createdAt = placedAt > now ? now : placedAt;
            return {
              ...debtCreateSchema.parse({
                debtorId,
                companyId,
                debtTypeId: draft.debtTypeId,
                collectionTypeId: refs.collectionTypes.get(draft.collectionType),
                reference: draft.reference,
                originalAmount: draft.originalAmount,
                originDate: draft.originDate,
                defaultDate: draft.defaultDate,
                punitiveRate: draft.punitiveRate,
                status: draft.status,
                assignedUserId: userId,
                court: draft.court,
                caseNumber: draft.caseNumber,
              }),
              createdAt,
              updatedAt: createdAt,
            };
          }),
        )
        .returning({ id: debts.id, reference: debts.reference }),
    );
    const debtIds = new Map(debtRows.map((row) => [row.reference, row.id]));
    const withIds = planned.map((p) => ({ ...p, debtId: debtIds.get(p.draft.reference) as number }));

    const children = await insertChildren(tx, rng, refs, withIds, today, now);
    const names = new Map(debtorRows.map((d) => [d.id, d]));
    const judicial = await insertCases(
      tx,
      rng,
      withIds
        .filter((p) => p.draft.debtTypeId === 3)
        .map((p) => ({
          debtId: p.debtId,
          companyName: refs.companies.find((c) => c.id === p.companyId)?.name ?? '',
          debtor: names.get(p.debtorId) ?? { firstName: '', lastName: '' },
          court: p.draft.court,
          caseNumber: p.draft.caseNumber,
          placed: p.draft.placed,
          lawyerId: p.userId,
        })),
      today,
    );
    const taskRows = planTasks(
      rng,
      withIds.map((p) => ({ id: p.debtId, debtor: p.debtor, userId: p.userId })),
      today,
    )
      .map((t) => taskCreateSchema.parse(t))
      .map((t) => ({ ...t, start: new Date(t.start), end: t.end ? new Date(t.end) : null }));
    await chunked(taskRows, (chunk) =>
      tx
        .insert(tasks)
        .values(chunk)
        .then(() => []),
    );

    const stages = (id: number) => planned.filter((p) => p.draft.debtTypeId === id).length;
    return {
      counts: {
        compañías: refs.companies.length,
        deudores: debtorRows.length,
        deudas: planned.length,
        preventivas: stages(1),
        extrajudiciales: stages(2),
        judiciales: stages(3),
        ...children,
        ...judicial,
        tareas: taskRows.length,
      },
      users: refs.createdUsers,
    };
  });
}
