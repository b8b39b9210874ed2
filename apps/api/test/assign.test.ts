import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDebt, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  createUser,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

/** POST /api/debts/assign (DESIGN.md §10.3, issue 18): an ADMIN hands debts to a collector in bulk. */
forEachBackend('bulk assignment of debts (DESIGN.md §10.3)', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const assign = (token: string, payload: Record<string, unknown>) =>
    call(t.app, token, { method: 'POST', url: '/api/debts/assign', payload });
  const assigneeOf = async (id: number) =>
    (await call(t.app, admin, { method: 'GET', url: `/api/debts/${id}` })).body.assignedUserId as
      | number
      | null;

  it('assigns the chosen debts, counting only those whose collector changed', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const a = await createDebt(t.app, admin);
    const b = await createDebt(t.app, admin);
    const res = await assign(admin, { userId: collector.id, ids: [a.id, b.id] });
    expectStatus(res, 200);
    expect(res.body).toEqual({ assigned: 2 });
    expect(await assigneeOf(a.id)).toBe(collector.id);
    expect((await assign(admin, { userId: collector.id, ids: [a.id, b.id] })).body).toEqual({ assigned: 0 });
  });

  it('assigns everything the list filter finds, and only that; with ids too, the chosen ones within it', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const company = await createCompany(t.app, admin);
    const inside = [
      await createDebt(t.app, admin, { companyId: company.id }),
      await createDebt(t.app, admin, { companyId: company.id }),
    ];
    const outside = await createDebt(t.app, admin);
    const res = await assign(admin, { userId: collector.id, filter: { companyId: String(company.id) } });
    expect(res.body).toEqual({ assigned: 2 });
    for (const debt of inside) expect(await assigneeOf(debt.id)).toBe(collector.id);
    expect(await assigneeOf(outside.id)).toBeNull();
    const other = await createUser(t.app, admin, 'GENERAL');
    const both = await assign(admin, {
      userId: other.id,
      ids: [inside[0]?.id, outside.id],
      filter: { companyId: String(company.id) },
    });
    expect(both.body).toEqual({ assigned: 1 });
    expect(await assigneeOf(outside.id)).toBeNull();
  });

  it('userId null leaves the debts unassigned', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const debt = await createDebt(t.app, admin, { assignedUserId: collector.id });
    expect((await assign(admin, { userId: null, ids: [debt.id] })).body).toEqual({ assigned: 1 });
    expect(await assigneeOf(debt.id)).toBeNull();
  });

  it('only an ADMIN assigns: GENERAL and CLIENTE get 403 and nothing changes', async () => {
    const general = await createUser(t.app, admin, 'GENERAL');
    const cliente = await createUser(t.app, admin, 'CLIENTE');
    const debt = await createDebt(t.app, admin, { companyId: cliente.companyId });
    expectStatus(await assign(general.token, { userId: general.id, ids: [debt.id] }), 403);
    expectStatus(await assign(cliente.token, { userId: general.id, ids: [debt.id] }), 403);
    expect(await assigneeOf(debt.id)).toBeNull();
  });

  it('a CLIENTE user, or no user, cannot be the collector (Spanish 400)', async () => {
    const cliente = await createUser(t.app, admin, 'CLIENTE');
    const debt = await createDebt(t.app, admin);
    const res = await assign(admin, { userId: cliente.id, ids: [debt.id] });
    expectStatus(res, 400);
    expect(JSON.stringify(res.body)).toContain('solo se puede asignar a un usuario activo de la agencia');
    expectStatus(await assign(admin, { userId: 99_999_999, ids: [debt.id] }), 400);
  });

  it('neither ids nor a filter, or an unknown filter, is a 400', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const none = await assign(admin, { userId: collector.id });
    expectStatus(none, 400);
    expect(JSON.stringify(none.body)).toContain('Indique las deudas');
    expectStatus(await assign(admin, { userId: collector.id, filter: { color: 'rojo' } }), 400);
    expectStatus(await assign(admin, { userId: collector.id, ids: [] }), 400);
  });
});
