import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { create, createDebt, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  decodeToken,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

interface LoadRow {
  userId: number | null;
  name: string | null;
  role: string | null;
  active: boolean | null;
  debts: number;
  balances: { currency: string; debts: number; balance: string }[];
}

/** GET /api/collectors/load (issue 18): each collector's open debts and balance, for the ADMIN. */
forEachBackend('collectors’ load (issue 18)', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const load = async (token: string) => {
    const res = await call(t.app, token, { method: 'GET', url: '/api/collectors/load' });
    expectStatus(res, 200);
    return res.body.data as LoadRow[];
  };
  const setStatus = (id: number, status: string) =>
    t.database.db.execute(sql`UPDATE debts SET status = ${status} WHERE id = ${id}`);

  it('counts each collector’s open debts and sums their balances per currency; closed ones are left out', async () => {
    const ana = await createUser(t.app, admin, 'GENERAL');
    const idle = await createUser(t.app, admin, 'GENERAL');
    const gone = await createUser(t.app, admin, 'GENERAL');
    const retired = await createUser(t.app, admin, 'GENERAL');
    const client = await createUser(t.app, admin, 'CLIENTE');
    const adminId = Number(decodeToken(admin).sub);
    const debt = (fields: Record<string, unknown>) => createDebt(t.app, admin, fields);

    // Ana: three in pesos (one with a payment: its balance, not its original amount, counts), one in dollars.
    await debt({ assignedUserId: ana.id, originalAmount: '1000.00' });
    await debt({ assignedUserId: ana.id, originalAmount: '250.50' });
    const paid = await debt({ assignedUserId: ana.id, originalAmount: '1000.00' });
    await create(t.app, admin, 'payments', { debtId: paid.id, amount: '100.25', paidAt: '2024-01-01' });
    await debt({ assignedUserId: ana.id, originalAmount: '300.00', currency: 'USD' });
    // Closed debts never count.
    for (const status of ['CANCELADA', 'ARCHIVADA', 'INCOBRABLE']) {
      const closed = await debt({ assignedUserId: ana.id, originalAmount: '999.00' });
      await setStatus(closed.id, status);
    }
    // EN_CONVENIO is open.
    const plan = await debt({ assignedUserId: ana.id, originalAmount: '10.00' });
    await setStatus(plan.id, 'EN_CONVENIO');
    // A collector made inactive keeps the debts he had (listed, to hand them to someone else).
    await debt({ assignedUserId: gone.id, originalAmount: '500.00' });
    expectStatus(
      await call(t.app, admin, { method: 'PATCH', url: `/api/users/${gone.id}`, payload: { active: false } }),
      200,
    );
    // An inactive collector without open debts is not listed, though he has a closed one.
    const old = await debt({ assignedUserId: retired.id, originalAmount: '80.00' });
    await setStatus(old.id, 'ARCHIVADA');
    expectStatus(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/users/${retired.id}`,
        payload: { active: false },
      }),
      200,
    );
    // An ADMIN with debts is listed too; nobody's debts are a row of their own.
    await debt({ assignedUserId: adminId, originalAmount: '42.00' });
    await debt({ originalAmount: '700.00' });
    await debt({ originalAmount: '0.99', currency: 'USD' });
    const unassignedClosed = await debt({ originalAmount: '50.00' });
    await setStatus(unassignedClosed.id, 'INCOBRABLE');

    const rows = await load(admin);
    const row = (userId: number | null) => rows.find((r) => r.userId === userId);
    expect(row(ana.id)).toEqual({
      userId: ana.id,
      name: `Usuario ${ana.alias}`,
      role: 'GENERAL',
      active: true,
      debts: 5,
      balances: [
        // 1000.00 + 250.50 + (1000.00 − 100.25) + 10.00
        { currency: 'ARS', debts: 4, balance: '2160.25' },
        { currency: 'USD', debts: 1, balance: '300.00' },
      ],
    });
    expect(row(idle.id)).toMatchObject({ role: 'GENERAL', active: true, debts: 0, balances: [] });
    expect(row(gone.id)).toMatchObject({
      active: false,
      debts: 1,
      balances: [{ currency: 'ARS', debts: 1, balance: '500.00' }],
    });
    expect(row(retired.id)).toBeUndefined();
    expect(row(client.id)).toBeUndefined();
    expect(row(adminId)).toMatchObject({
      role: 'ADMIN',
      debts: 1,
      balances: [{ currency: 'ARS', debts: 1, balance: '42.00' }],
    });
    expect(rows.at(-1)).toEqual({
      userId: null,
      name: null,
      role: null,
      active: null,
      debts: 2,
      balances: [
        { currency: 'ARS', debts: 1, balance: '700.00' },
        { currency: 'USD', debts: 1, balance: '0.99' },
      ],
    });
    // Named rows by name, then the unassigned one.
    const names = rows.slice(0, -1).map((r) => r.name ?? '');
    expect(names).toEqual([...names].sort(new Intl.Collator('es', { sensitivity: 'base' }).compare));
  });

  it('follows an assignment: the debts move from the unassigned row to the collector', async () => {
    const before = await load(admin);
    const collector = await createUser(t.app, admin, 'GENERAL');
    const debt = await createDebt(t.app, admin, { originalAmount: '123.45' });
    const unassigned = (rows: LoadRow[]) => rows.find((r) => r.userId === null)?.debts ?? 0;
    expect(unassigned(await load(admin))).toBe(unassigned(before) + 1);
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/debts/assign',
      payload: { userId: collector.id, ids: [debt.id] },
    });
    expect(res.body).toEqual({ assigned: 1 });
    const after = await load(admin);
    expect(unassigned(after)).toBe(unassigned(before));
    expect(after.find((r) => r.userId === collector.id)).toMatchObject({
      debts: 1,
      balances: [{ currency: 'ARS', debts: 1, balance: '123.45' }],
    });
  });

  it('only an ADMIN: GENERAL and CLIENTE get 403, nobody signed in 401', async () => {
    const general = await createUser(t.app, admin, 'GENERAL');
    const cliente = await createUser(t.app, admin, 'CLIENTE');
    for (const token of [general.token, cliente.token]) {
      const res = await call(t.app, token, { method: 'GET', url: '/api/collectors/load' });
      expectStatus(res, 403);
      expect(res.body).toEqual({ message: 'No tiene permisos para ingresar aqui' });
    }
    expectStatus(await call(t.app, null, { method: 'GET', url: '/api/collectors/load' }), 401);
  });
});
