import { agencyToday } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { create, createDebt, dayFrom, expectStatus } from './domain';
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

/** Promises to pay (DESIGN.md §10.3, issue 18): the status is derived on every read. */
forEachBackend('promises to pay (DESIGN.md §10.3)', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const promise = async (debtId: number, amount: string, dueDate = agencyToday()) =>
    (await create(t.app, admin, 'promises', { debtId, amount, dueDate })) as { id: number; status: string };
  const read = async (id: number) =>
    (await call(t.app, admin, { method: 'GET', url: `/api/promises/${id}` })).body as {
      status: string;
      paid: string;
      graceUntil: string;
      takenOn: string;
      userId: number;
    };
  const pay = (debtId: number, amount: string, paidAt = agencyToday()) =>
    create(t.app, admin, 'payments', { debtId, amount, paidAt });
  /** Moves a promise into the past: taken `taken` days ago, due `due` days ago. */
  const backdate = (id: number, taken: number, due: number) =>
    t.database.db.execute(
      sql`UPDATE promises SET taken_on = ${dayFrom(-taken)}, due_date = ${dayFrom(-due)} WHERE id = ${id}`,
    );

  it('a promise due today is PENDIENTE, taken today by the user who asked', async () => {
    const debt = await createDebt(t.app, admin);
    const { id } = await promise(debt.id, '300.00');
    expect(await read(id)).toMatchObject({
      status: 'PENDIENTE',
      paid: '0.00',
      takenOn: agencyToday(),
      graceUntil: agencyToday(),
    });
  });

  it('partial payments adding up to the amount fulfil it: CUMPLIDA', async () => {
    const debt = await createDebt(t.app, admin);
    const { id } = await promise(debt.id, '300.00', dayFrom(5));
    await pay(debt.id, '100.00');
    expect(await read(id)).toMatchObject({ status: 'PENDIENTE', paid: '100.00' });
    await pay(debt.id, '200.00');
    expect(await read(id)).toMatchObject({ status: 'CUMPLIDA', paid: '300.00' });
  });

  it('a deposit counts like a payment', async () => {
    const debt = await createDebt(t.app, admin);
    const { id } = await promise(debt.id, '250.00');
    await create(t.app, admin, 'deposits', { debtId: debt.id, amount: '250.00', depositedAt: agencyToday() });
    expect((await read(id)).status).toBe('CUMPLIDA');
  });

  it('a window that passed with nothing paid is INCUMPLIDA; with something paid, PARCIAL', async () => {
    const debt = await createDebt(t.app, admin);
    const broken = await promise(debt.id, '300.00');
    await backdate(broken.id, 10, 1);
    expect((await read(broken.id)).status).toBe('INCUMPLIDA');
    const partial = await promise(debt.id, '300.00');
    await backdate(partial.id, 10, 1);
    await pay(debt.id, '50.00', dayFrom(-3));
    // The same payment is in both windows: each promise reads what came in its own.
    expect(await read(partial.id)).toMatchObject({ status: 'PARCIAL', paid: '50.00' });
    expect((await read(broken.id)).status).toBe('PARCIAL');
  });

  it('paid the day after the due date: INCUMPLIDA without grace days, CUMPLIDA with one', async () => {
    const company = await createCompany(t.app, admin);
    const debt = await createDebt(t.app, admin, { companyId: company.id });
    const { id } = await promise(debt.id, '100.00');
    await backdate(id, 5, 2);
    await pay(debt.id, '100.00', dayFrom(-1));
    // The payment is one day past the due date: outside the window.
    expect(await read(id)).toMatchObject({ status: 'INCUMPLIDA', paid: '0.00', graceUntil: dayFrom(-2) });
    expectStatus(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/companies/${company.id}`,
        payload: { promiseGraceDays: 1 },
      }),
      200,
    );
    expect(await read(id)).toMatchObject({ status: 'CUMPLIDA', paid: '100.00', graceUntil: dayFrom(-1) });
  });

  it('a company’s grace days are whole days from 0 to 60, as a number or as a form sends them', async () => {
    const company = await createCompany(t.app, admin);
    const patch = (promiseGraceDays: unknown) =>
      call(t.app, admin, {
        method: 'PATCH',
        url: `/api/companies/${company.id}`,
        payload: { promiseGraceDays },
      });
    const ok = await patch('3');
    expectStatus(ok, 200);
    expect(ok.body.promiseGraceDays).toBe(3);
    expectStatus(await patch(60), 200);
    for (const bad of [61, -1, 1.5, 'tres', ''])
      expect(JSON.stringify((await patch(bad)).body), String(bad)).toContain('días de gracia');
  });

  it('a payment made before the promise was taken does not fulfil it', async () => {
    const debt = await createDebt(t.app, admin);
    const { id } = await promise(debt.id, '100.00');
    await backdate(id, 2, 0);
    await pay(debt.id, '100.00', dayFrom(-3));
    expect((await read(id)).status).toBe('PENDIENTE');
  });

  it('a due date before today is a Spanish 400; a closed debt takes no promise (409)', async () => {
    const debt = await createDebt(t.app, admin);
    const past = await call(t.app, admin, {
      method: 'POST',
      url: '/api/promises',
      payload: { debtId: debt.id, amount: '10.00', dueDate: dayFrom(-1) },
    });
    expectStatus(past, 400);
    expect(JSON.stringify(past.body)).toContain('La fecha prometida no puede ser anterior a hoy.');
    await pay(debt.id, '1000.00');
    const closed = await call(t.app, admin, {
      method: 'POST',
      url: '/api/promises',
      payload: { debtId: debt.id, amount: '10.00', dueDate: agencyToday() },
    });
    expectStatus(closed, 409);
  });

  it('the status filter lists the broken ones', async () => {
    const debt = await createDebt(t.app, admin);
    const broken = await promise(debt.id, '70.00');
    await backdate(broken.id, 4, 2);
    const pending = await promise(debt.id, '80.00');
    const list = await call(t.app, admin, {
      method: 'GET',
      url: `/api/promises?debtId=${debt.id}&status=INCUMPLIDA`,
    });
    expectStatus(list, 200);
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([broken.id]);
    expect(list.body.data.map((p: { id: number }) => p.id)).not.toContain(pending.id);
    expectStatus(await call(t.app, admin, { method: 'GET', url: '/api/promises?status=ROTA' }), 400);
  });

  it('a broken promise keeps its amount and date: editing them is a 409, its notes may change', async () => {
    const debt = await createDebt(t.app, admin);
    const { id } = await promise(debt.id, '100.00');
    await backdate(id, 10, 5);
    const moved = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/promises/${id}`,
      payload: { dueDate: dayFrom(7) },
    });
    expectStatus(moved, 409);
    expect(moved.body.message).toContain('Tome una nueva promesa');
    expect((await read(id)).status).toBe('INCUMPLIDA');
    expectStatus(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/promises/${id}`,
        payload: { notes: 'No atendió' },
      }),
      200,
    );
    const pending = await promise(debt.id, '100.00');
    expectStatus(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/promises/${pending.id}`,
        payload: { amount: '80.00' },
      }),
      200,
    );
  });

  it('a CLIENTE sees its company’s promises only, and takes none', async () => {
    const cliente = await createUser(t.app, admin, 'CLIENTE');
    const own = await createDebt(t.app, admin, { companyId: cliente.companyId });
    const other = await createDebt(t.app, admin);
    const mine = await promise(own.id, '10.00');
    const theirs = await promise(other.id, '10.00');
    expectStatus(await call(t.app, cliente.token, { method: 'GET', url: `/api/promises/${mine.id}` }), 200);
    expectStatus(await call(t.app, cliente.token, { method: 'GET', url: `/api/promises/${theirs.id}` }), 404);
    const list = await call(t.app, cliente.token, { method: 'GET', url: '/api/promises' });
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([mine.id]);
    expectStatus(
      await call(t.app, cliente.token, {
        method: 'POST',
        url: '/api/promises',
        payload: { debtId: own.id, amount: '10.00', dueDate: agencyToday() },
      }),
      403,
    );
  });
});
