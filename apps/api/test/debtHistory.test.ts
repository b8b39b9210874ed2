import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDebt } from './domain';
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

type Entry = {
  kind: string;
  userName: string | null;
  changes: { field: string; label: string; before: string | null; after: string | null }[];
};

forEachBackend('GET /api/debts/{id}/history: who changed what (issue 32)', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const history = async (id: number, token = admin) => {
    const answer = await call(t.app, token, { method: 'GET', url: `/api/debts/${id}/history` });
    return answer;
  };

  it("creation, an edit, a stage change and a bulk assignment, newest first, in the form's words", async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const debt = await createDebt(t.app, admin, { originalAmount: '1500.00', reference: 'H-1' });
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/debts/${debt.id}`,
      payload: { originalAmount: '1750.50', reference: 'H-2' },
    });
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/debts/${debt.id}/stage`,
      payload: { debtTypeId: 2 },
    });
    const assigned = await call(t.app, admin, {
      method: 'POST',
      url: '/api/debts/assign',
      payload: { userId: collector.id, ids: [debt.id] },
    });
    expect(assigned.status).toBe(200);

    const answer = await history(debt.id);
    expect(answer.status).toBe(200);
    const entries = (answer.body as { data: Entry[] }).data;
    expect(entries.map((entry) => entry.kind)).toEqual(['ASIGNADA', 'MODIFICADA', 'MODIFICADA', 'CREADA']);
    expect(entries[0]?.changes).toEqual([
      { field: 'assignedUserId', label: 'Asignada a', before: null, after: `Usuario ${collector.alias}` },
    ]);
    expect(entries[1]?.changes).toContainEqual({
      field: 'debtTypeId',
      label: 'Etapa',
      before: 'Preventiva',
      after: 'Extrajudicial',
    });
    expect(entries[2]?.changes).toEqual([
      { field: 'reference', label: 'Referencia del cliente', before: 'H-1', after: 'H-2' },
      { field: 'originalAmount', label: 'Importe original', before: '$ 1.500,00', after: '$ 1.750,50' },
    ]);
    expect(entries[3]?.changes).toContainEqual({
      field: 'originalAmount',
      label: 'Importe original',
      before: null,
      after: '$ 1.500,00',
    });
    for (const entry of entries) expect(entry.userName).toBe('Administrador');
  });

  it('a payment moves the stored totals but is not a change someone made to the debt', async () => {
    const debt = await createDebt(t.app, admin, { originalAmount: '100.00' });
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/payments',
      payload: { debtId: debt.id, amount: '10.00', paidAt: '2025-01-02' },
    });
    const entries = ((await history(debt.id)).body as { data: Entry[] }).data;
    expect(entries.map((entry) => entry.kind)).toEqual(['CREADA']);
  });

  it('a client company user is refused (403); an unknown debt is 404', async () => {
    const client = await createUser(t.app, admin, 'CLIENTE');
    const own = await createDebt(t.app, admin, { companyId: client.companyId });
    expect((await history(own.id, client.token)).status).toBe(403);
    expect((await history(99_999_999)).status).toBe(404);
  });
});
