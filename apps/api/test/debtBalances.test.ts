import { DEBT_BALANCES_MAX_IDS, MESSAGES } from '@cobranzas/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { create, createDebt, expectStatus } from './domain';
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

forEachBackend('GET /api/debts/balances: «Saldo actualizado» of a page of debts', (backend) => {
  let t: TestApp;
  let admin: string;
  let client: Awaited<ReturnType<typeof createUser>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    client = await createUser(t.app, admin, 'CLIENTE');
    const companyId = client.companyId as number;
    const otherCompanyId = (await createCompany(t.app, admin)).id;
    // 10 000 at 36,5 % a year from 01/01/2025: on 11/04/2025 (100 days) 10 000 × 0,365 × 100/365 = 1 000,00.
    ids.rated = (
      await createDebt(t.app, admin, {
        companyId,
        originalAmount: '10000.00',
        defaultDate: '2025-01-01',
        interestRate: '36.5',
      })
    ).id;
    // No rates: 1 500,00 − 200,50 paid = 1 299,50 stored, whatever the date.
    ids.plain = (
      await createDebt(t.app, admin, { companyId, originalAmount: '1500.00', defaultDate: '2025-01-01' })
    ).id;
    await create(t.app, admin, 'payments', { debtId: ids.plain, amount: '200.50', paidAt: '2025-02-01' });
    ids.other = (
      await createDebt(t.app, admin, { companyId: otherCompanyId, currency: 'USD', originalAmount: '77.00' })
    ).id;
  });
  afterAll(() => t?.close());

  const balances = (token: string, query: string) =>
    call(t.app, token, { method: 'GET', url: `/api/debts/balances?${query}` });

  it('a rated debt’s total is its balance to date; one without rates owes its stored balance', async () => {
    const response = await balances(admin, `ids=${ids.rated},${ids.plain},${ids.other}&date=2025-04-11`);
    expectStatus(response, 200);
    expect(response.body).toEqual({
      data: [
        { id: ids.rated, date: '2025-04-11', total: '11000.00', currency: 'ARS' },
        { id: ids.plain, date: '2025-04-11', total: '1299.50', currency: 'ARS' },
        { id: ids.other, date: '2025-04-11', total: '77.00', currency: 'USD' },
      ],
    });
    // 50 days: 10 000 × 0,365 × 50/365 = 500,00.
    const earlier = await balances(admin, `ids=${ids.rated}&date=2025-02-20`);
    expect(earlier.body.data).toEqual([
      { id: ids.rated, date: '2025-02-20', total: '10500.00', currency: 'ARS' },
    ]);
  });

  it('without a date, the balance is today’s at the agency', async () => {
    const response = await balances(admin, `ids=${ids.plain}`);
    expectStatus(response, 200);
    expect(response.body.data).toEqual([
      {
        id: ids.plain,
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        total: '1299.50',
        currency: 'ARS',
      },
    ]);
  });

  it('a CLIENTE gets only its company’s debts: the others, and ids that do not exist, are simply absent', async () => {
    const response = await balances(client.token, `ids=${ids.other},${ids.rated},999999&date=2025-04-11`);
    expectStatus(response, 200);
    expect(response.body.data).toEqual([
      { id: ids.rated, date: '2025-04-11', total: '11000.00', currency: 'ARS' },
    ]);
    const none = await balances(client.token, `ids=${ids.other}`);
    expectStatus(none, 200);
    expect(none.body).toEqual({ data: [] });
  });

  it('at most 100 ids a call: 101 is a Spanish 400; a repeated id counts once', async () => {
    const hundred = Array.from({ length: DEBT_BALANCES_MAX_IDS }, (_, i) => i + 1_000_000);
    hundred[0] = ids.plain as number;
    const ok = await balances(admin, `ids=${hundred.join(',')},${ids.plain}`);
    expectStatus(ok, 200);
    expect(ok.body.data.map((row: { id: number }) => row.id)).toEqual([ids.plain]);
    const tooMany = await balances(admin, `ids=${[...hundred, 2_000_000].join(',')}`);
    expectStatus(tooMany, 400);
    expect(tooMany.body.errors).toEqual({ ids: [MESSAGES.balanceIdsTooMany(100)] });
  });

  it('bad input is a Spanish 400', async () => {
    for (const query of ['ids=', 'ids=1,,2', 'ids=abc', 'ids=1.5', 'ids=-1', 'ids=012', 'ids=3000000000']) {
      const response = await balances(admin, query);
      expectStatus(response, 400);
      expect(response.body.errors).toEqual({ ids: [MESSAGES.balanceIdsInvalid] });
    }
    const missing = await balances(admin, 'date=2025-01-01');
    expectStatus(missing, 400);
    expect(missing.body.errors).toEqual({ ids: [MESSAGES.required] });
    const badDate = await balances(admin, `ids=${ids.plain}&date=2025-02-30`);
    expectStatus(badDate, 400);
    expect(Object.keys(badDate.body.errors)).toEqual(['date']);
    expectStatus(await balances(admin, `ids=${ids.plain}&other=1`), 400);
    expectStatus(
      await call(t.app, null, { method: 'GET', url: `/api/debts/balances?ids=${ids.plain}` }),
      401,
    );
  });
});
