import { MESSAGES } from '@cobranzas/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDebtWithChildren, expectStatus, insertDocument } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

const CHILDREN = ['quotas', 'payments', 'deposits', 'services', 'events', 'embargos', 'documents'] as const;

forEachBackend('CLIENTE sees only its own company (DESIGN.md §6)', (backend) => {
  let t: TestApp;
  let client: string;
  let own: Awaited<ReturnType<typeof createDebtWithChildren>>;
  let other: Awaited<ReturnType<typeof createDebtWithChildren>>;

  beforeAll(async () => {
    t = await startApp(backend);
    const admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const user = await createUser(t.app, admin, 'CLIENTE');
    client = user.token;
    own = await createDebtWithChildren(t, admin, user.companyId as number);
    other = await createDebtWithChildren(t, admin);
  });
  afterAll(() => t?.close());

  const get = (url: string) => call(t.app, client, { method: 'GET', url });
  const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

  describe.each(['debts', ...CHILDREN])('%s', (resource) => {
    it('another company’s record → 404 on read (not 403), its own → 200', async () => {
      const foreign = await get(`/api/${resource}/${other.ids[resource]}`);
      expectStatus(foreign, 404);
      expect(foreign.body).toEqual({ message: MESSAGES.notFound });
      expectStatus(await get(`/api/${resource}/${own.ids[resource]}`), 200);
    });

    it('lists hold only its own records, even when filtering by the other debt', async () => {
      const list = await get(`/api/${resource}?limit=500`);
      expectStatus(list, 200);
      expect(ids(list.body)).toContain(own.ids[resource]);
      expect(ids(list.body)).not.toContain(other.ids[resource]);
      if (resource !== 'debts') {
        const filtered = await get(`/api/${resource}?debtId=${other.debt.id}`);
        expect(filtered.body).toMatchObject({ data: [], total: 0 });
      }
    });
  });

  it('debts filtered by another company, or looked up by another debtor’s DNI, come back empty', async () => {
    expect((await get(`/api/debts?companyId=${other.debt.companyId}`)).body.total).toBe(0);
    expect((await get(`/api/debts/dni/${other.debt.debtor.dni}`)).body.total).toBe(0);
    expect((await get(`/api/debts/dni/${own.debt.debtor.dni}`)).body.total).toBe(1);
  });

  it('observations are the agency’s own notes: 403 on list and read, even on its own debt (§11.2)', async () => {
    expectStatus(await get('/api/observations?limit=500'), 403);
    expectStatus(await get(`/api/observations/${own.ids.observations}`), 403);
  });

  it('documents attached only to a debtor (no debt) are not visible to a CLIENTE', async () => {
    const id = await insertDocument(t, null, own.debt.debtorId);
    expectStatus(await get(`/api/documents/${id}`), 404);
  });

  it('writes stay refused by the rules (403), wherever the record is', async () => {
    const pay = await call(t.app, client, { method: 'PATCH', url: `/api/quotas/${own.ids.quotas}/pay` });
    expectStatus(pay, 403);
    const edit = await call(t.app, client, {
      method: 'PATCH',
      url: `/api/debts/${own.debt.id}`,
      payload: { notes: 'x' },
    });
    expectStatus(edit, 403);
  });

  it('catalogs, debtors and tasks are not a CLIENTE’s to view', async () => {
    for (const url of [
      '/api/debtors',
      '/api/tasks',
      '/api/events-types',
      `/api/debtors/dni/${own.debt.debtor.dni}`,
    ])
      expectStatus(await get(url), 403);
  });
});
