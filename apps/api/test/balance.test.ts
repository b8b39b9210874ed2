import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { create, createDebt, expectStatus } from './domain';
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

forEachBackend('GET /api/debts/{id}/balance (DESIGN.md §10.2)', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const balance = (token: string, id: number, date?: string) =>
    call(t.app, token, { method: 'GET', url: `/api/debts/${id}/balance${date ? `?date=${date}` : ''}` });

  it('a worked example: a cost, a payment and a deposit imputed to costs, punitive, interest, then capital', async () => {
    const debt = await createDebt(t.app, admin, {
      originalAmount: '10000.00',
      defaultDate: '2025-01-01',
      punitiveRate: '10',
    });
    await t.database.db.execute(sql`UPDATE debts SET interest_rate = 36 WHERE id = ${debt.id}`);
    await create(t.app, admin, 'services', {
      debtId: debt.id,
      description: 'Carta documento',
      amount: '500.00',
      date: '2025-01-10',
    });
    await create(t.app, admin, 'payments', { debtId: debt.id, amount: '1000.00', paidAt: '2025-03-01' });
    await create(t.app, admin, 'deposits', { debtId: debt.id, amount: '3000.00', depositedAt: '2025-05-01' });

    const response = await balance(admin, debt.id, '2025-07-01');
    expectStatus(response, 200);
    const seg = (from: string, to: string, days: number, capital: string, p: string, i: string) => [
      { from, to, days, capital, kind: 'punitive', annualRate: '10.00', amount: p },
      { from, to, days, capital, kind: 'interest', annualRate: '36.00', amount: i },
    ];
    expect(response.body.segments).toEqual([
      // 59 days: 10 000 × 10 % × 59/365 = 161,6438 → 161,64; × 36 % = 581,9178 → 581,92
      ...seg('2025-01-01', '2025-03-01', 59, '10000.00', '161.64', '581.92'),
      // 01/03: 1 000 → cost 500, punitive 161,64, interest 338,36 (243,56 left)
      ...seg('2025-03-01', '2025-05-01', 61, '10000.00', '167.12', '601.64'),
      // 01/05: 3 000 → punitive 167,12, interest 845,20, capital 1 987,68 → 8 012,32
      ...seg('2025-05-01', '2025-07-01', 61, '8012.32', '133.90', '482.06'),
    ]);
    expect(response.body).toMatchObject({
      date: '2025-07-01',
      currency: 'ARS',
      capital: '8012.32',
      punitive: '133.90',
      interest: '482.06',
      services: '0.00',
      paid: '4000.00',
      total: '8628.28',
      plan: null,
    });
  });

  it('a debt takes its rate from the API, and a rate table replaces it with each change a segment', async () => {
    const table = await create(t.app, admin, 'rate-tables', {
      name: 'Tasa activa de prueba',
      entries: [
        { from: '2025-01-01', annualRate: '36.5' },
        { from: '2025-02-01', annualRate: '73' },
      ],
    });
    const debt = await createDebt(t.app, admin, {
      originalAmount: '1000.00',
      defaultDate: '2025-01-01',
      interestRate: '10',
      rateTableId: table.id,
    });
    const read = await call(t.app, admin, { method: 'GET', url: `/api/debts/${debt.id}` });
    expect(read.body).toMatchObject({ interestRate: '10.00', rateTableId: table.id });
    const response = await balance(admin, debt.id, '2025-03-01');
    // 1 000 × 36,5 % × 31/365 = 31,00; × 73 % × 28/365 = 56,00 (the debt's own 10 % does not apply)
    expect(
      response.body.segments.map((s: { annualRate: string; amount: string }) => [s.annualRate, s.amount]),
    ).toEqual([
      ['36.50', '31.00'],
      ['73.00', '56.00'],
    ]);
    expect(response.body.total).toBe('1087.00');

    expectStatus(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/debts/${debt.id}`,
        payload: { rateTableId: null },
      }),
      200,
    );
    // Without the table, the debt's 10 %: 1 000 × 10 % × 59/365 = 16,16
    expect((await balance(admin, debt.id, '2025-03-01')).body.total).toBe('1016.16');
    const unknown = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/debts/${debt.id}`,
      payload: { rateTableId: 999999 },
    });
    expect(unknown.status).toBe(400);
  });

  it('without rates the total to date is the stored balance', async () => {
    const debt = await createDebt(t.app, admin, { originalAmount: '2500.50', defaultDate: '2024-06-01' });
    await create(t.app, admin, 'payments', { debtId: debt.id, amount: '500.25', paidAt: '2024-07-01' });
    const read = await call(t.app, admin, { method: 'GET', url: `/api/debts/${debt.id}` });
    const response = await balance(admin, debt.id);
    expectStatus(response, 200);
    expect(response.body.total).toBe(read.body.balance);
    expect(response.body.total).toBe('2000.25');
    expect(response.body.segments).toEqual([]);
  });

  it('a debt with a payment plan says so: basis PLAN and its quotas with their share of the money (§11.1)', async () => {
    const debt = await createDebt(t.app, admin, { originalAmount: '900.00' });
    const plan = await call(t.app, admin, {
      method: 'POST',
      url: '/api/quotas/plan',
      payload: { debtId: debt.id, installments: 3, firstDueDate: '2025-01-10' },
    });
    expect(plan.status).toBeLessThan(300);
    const response = await balance(admin, debt.id);
    expect(response.body).toMatchObject({ basis: 'PLAN', total: '900.00' });
    expect(response.body.plan).toEqual([
      { number: 1, dueDate: '2025-01-10', amount: '300.00', mora: '0.00', paid: '0.00', status: 'PENDIENTE' },
      { number: 2, dueDate: '2025-02-10', amount: '300.00', mora: '0.00', paid: '0.00', status: 'PENDIENTE' },
      { number: 3, dueDate: '2025-03-10', amount: '300.00', mora: '0.00', paid: '0.00', status: 'PENDIENTE' },
    ]);
  });

  it('a CLIENTE sees only its company’s debts (404 otherwise); a bad date is a 400; an unknown debt a 404', async () => {
    const cliente = await createUser(t.app, admin, 'CLIENTE');
    const token = cliente.token;
    const own = await createDebt(t.app, admin, { companyId: cliente.companyId });
    const other = await createDebt(t.app, admin);
    expectStatus(await balance(token, own.id), 200);
    expectStatus(await balance(token, other.id), 404);
    expectStatus(await balance(admin, own.id, '2025-02-30'), 400);
    expectStatus(await balance(admin, 99_999_999), 404);
  });
});
