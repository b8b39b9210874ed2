import {
  depositCreateSchema,
  embargoCreateSchema,
  eventCreateSchema,
  observationCreateSchema,
  paymentCreateSchema,
  quotaCreateSchema,
  serviceCreateSchema,
  toCents,
} from '@cobranzas/shared';
import type { Tx } from '../crud';
import { deposits, payments, services } from '../db/ledgerViews';
import { embargos, events, ledger, observations, quotas } from '../db/schema';
import { refreshQuotas } from '../modules/debts/books';
import { planEvents } from './activity';
import type { DebtDraft } from './portfolio';
import type { Random } from './random';
import type { ReferenceData } from './reference';

/** Inserts in chunks (PostgreSQL takes at most 65 535 parameters per statement). */
export async function chunked<T, R>(
  rows: T[],
  insert: (chunk: T[]) => Promise<R[]>,
  size = 500,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(...(await insert(rows.slice(i, i + size))));
  return out;
}

export interface Planned {
  draft: DebtDraft;
  debtorId: number;
  debtor: string;
  companyId: number;
  userId: number | null;
}

/** Quotas, payments (linked both ways to the quotas they pay), deposits, services, contacts… */
export async function insertChildren(
  tx: Tx,
  rng: Random,
  refs: ReferenceData,
  planned: (Planned & { debtId: number })[],
  today: string,
  now: Date,
) {
  const each = <T>(build: (p: Planned & { debtId: number }) => T[]) => planned.flatMap(build);
  // The quotas as the plan agreed them; their mora and what paid them are ledger rows (below), and
  // what the ledger says of each quota is worked out once everything is in (refreshQuotas).
  const quotaRows = await chunked(
    each(({ debtId, draft }) => draft.quotas.map((q) => quotaCreateSchema.parse({ debtId, ...q }))),
    (chunk) =>
      tx
        .insert(quotas)
        .values(chunk)
        .returning({ id: quotas.id, debtId: quotas.debtId, number: quotas.number }),
  );
  const quotaIds = new Map(quotaRows.map((q) => [`${q.debtId}:${q.number}`, q.id]));
  const moraRows = each(({ debtId, draft }) =>
    draft.quotas
      .filter((q) => toCents(q.moraAmount) > 0n)
      .map((q) => ({
        debtId,
        kind: 'MORA' as const,
        date: q.dueDate,
        amount: q.moraAmount,
        quotaId: quotaIds.get(`${debtId}:${q.number}`) ?? null,
      })),
  );
  await chunked(moraRows, (chunk) =>
    tx
      .insert(ledger)
      .values(chunk)
      .then(() => []),
  );
  // Payments, deposits and services are records of the ledger, written through their views.
  const paymentRows = each(({ debtId, draft, userId }) =>
    draft.payments.map(({ quotaNumber, ...p }) => ({
      ...paymentCreateSchema.parse({ debtId, ...p }),
      quotaId: quotaNumber === undefined ? null : (quotaIds.get(`${debtId}:${quotaNumber}`) ?? null),
      createdBy: userId,
    })),
  );
  await chunked(paymentRows, (chunk) =>
    tx
      .insert(payments)
      .values(chunk)
      .then(() => []),
  );
  const depositRows = each(({ debtId, draft }) =>
    draft.deposits.map((d) => depositCreateSchema.parse({ debtId, ...d })),
  );
  await chunked(depositRows, (chunk) =>
    tx
      .insert(deposits)
      .values(chunk)
      .then(() => []),
  );
  const serviceRows = each(({ debtId, draft }) =>
    draft.services.map((s) => serviceCreateSchema.parse({ debtId, ...s })),
  );
  await chunked(serviceRows, (chunk) =>
    tx
      .insert(services)
      .values(chunk)
      .then(() => []),
  );
  await refreshQuotas(tx, [...new Set(quotaRows.map((q) => q.debtId))]);
  const embargoRows = each(({ debtId, draft }) =>
    draft.embargos.map(({ type, ...e }) =>
      embargoCreateSchema.parse({ debtId, embargoTypeId: refs.embargoTypes.get(type), ...e }),
    ),
  );
  await chunked(embargoRows, (chunk) =>
    tx
      .insert(embargos)
      .values(chunk)
      .then(() => []),
  );
  const noteRows = each(({ debtId, draft, userId }) =>
    draft.observations.map((text) => ({ ...observationCreateSchema.parse({ debtId, text }), userId })),
  );
  await chunked(noteRows, (chunk) =>
    tx
      .insert(observations)
      .values(chunk)
      .then(() => []),
  );
  const eventRows = each(({ debtId, draft, userId }) =>
    planEvents(rng, draft, today, now).map((e) => {
      const eventTypeId = refs.eventTypes.get(e.type) as number;
      const parsed = eventCreateSchema.parse({
        debtId,
        eventTypeId,
        eventSubTypeId: refs.subType(eventTypeId, e.subType),
        eventHistoryTypeId: e.outcome ? refs.outcomes.get(e.outcome) : null,
        date: e.date.toISOString(),
        description: e.description,
      });
      return { ...parsed, date: e.date, userId };
    }),
  );
  await chunked(eventRows, (chunk) =>
    tx
      .insert(events)
      .values(chunk)
      .then(() => []),
  );
  return {
    cuotas: quotaRows.length,
    pagos: paymentRows.length,
    depósitos: depositRows.length,
    gastos: serviceRows.length,
    embargos: embargoRows.length,
    contactos: eventRows.length,
    observaciones: noteRows.length,
  };
}
