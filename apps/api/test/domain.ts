import { agencyToday } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { documents } from '../src/db/schema';
import { call, createCompany, makeCuit, type TestApp, unique } from './helpers';

let dniSequence = 10_000_000 + Math.floor(Math.random() * 80_000_000);

/** A DNI no other test has used in this run (8 digits). */
export const makeDni = () => String((++dniSequence % 90_000_000) + 10_000_000);

/** POST that must succeed; returns the created body. */
export async function create(
  app: FastifyInstance,
  token: string,
  resource: string,
  payload: Record<string, unknown>,
) {
  const response = await call(app, token, { method: 'POST', url: `/api/${resource}`, payload });
  if (response.status !== 201)
    throw new Error(`POST ${resource} → ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export const debtorBody = (fields: Record<string, unknown> = {}) => ({
  dni: makeDni(),
  firstName: 'Juan',
  lastName: unique('Pérez'),
  ...fields,
});

export const createDebtor = (app: FastifyInstance, token: string, fields: Record<string, unknown> = {}) =>
  create(app, token, 'debtors', debtorBody(fields));

export const createCatalog = (app: FastifyInstance, token: string, resource: string) =>
  create(app, token, resource, { name: unique('Tipo ') });

/** A debt with a fresh debtor (and company unless given). */
export async function createDebt(app: FastifyInstance, token: string, fields: Record<string, unknown> = {}) {
  const companyId = fields.companyId ?? (await createCompany(app, token)).id;
  const debtorId = fields.debtorId ?? (await createDebtor(app, token)).id;
  return create(app, token, 'debts', { debtorId, companyId, originalAmount: '1000.00', ...fields });
}

/**
 * One of everything that hangs from a debt, for permission and isolation checks: the ids of the
 * debt and of one child of each resource.
 */
export async function createDebtWithChildren(t: TestApp, token: string, companyId?: number) {
  const { app } = t;
  const debt = await createDebt(app, token, companyId ? { companyId } : {});
  const debtId = debt.id as number;
  const eventTypeId = (await createCatalog(app, token, 'events-types')).id;
  const embargoTypeId = (await createCatalog(app, token, 'embargos-type')).id;
  const ids: Record<string, number> = { debts: debtId };
  ids.quotas = (
    await create(app, token, 'quotas', { debtId, number: 1, amount: '100', dueDate: '2030-01-10' })
  ).id;
  ids.payments = (await create(app, token, 'payments', { debtId, amount: '10', paidAt: '2024-01-01' })).id;
  ids.deposits = (
    await create(app, token, 'deposits', { debtId, amount: '5', depositedAt: '2024-01-02' })
  ).id;
  ids.services = (
    await create(app, token, 'services', { debtId, description: 'Carta', amount: '3', date: '2024-01-03' })
  ).id;
  ids.events = (await create(app, token, 'events', { debtId, eventTypeId })).id;
  ids.observations = (await create(app, token, 'observations', { debtId, text: 'Llamar el lunes' })).id;
  ids.embargos = (
    await create(app, token, 'embargos', { debtId, embargoTypeId, amount: '50', date: '2024-02-01' })
  ).id;
  ids.documents = await insertDocument(t, debtId);
  return { debt, ids, eventTypeId, embargoTypeId };
}

/** Documents are uploaded by multipart (another route); tests insert the metadata row directly. */
export async function insertDocument(t: TestApp, debtId: number | null, debtorId: number | null = null) {
  const [row] = await t.database.db
    .insert(documents)
    .values({
      debtId,
      debtorId,
      fileName: 'recibo.pdf',
      mimeType: 'application/pdf',
      size: 1234,
      storageKey: unique('k'),
    })
    .returning({ id: documents.id });
  return row?.id as number;
}

export const expectStatus = (response: { status: number; body: unknown }, status: number) =>
  expect(response.status, JSON.stringify(response.body)).toBe(status);

export { makeCuit };

/** The agency day `days` from today (negative: before), YYYY-MM-DD. */
export const dayFrom = (days: number) => {
  const day = new Date(`${agencyToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
