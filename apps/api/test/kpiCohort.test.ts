import { collectedListSchema, generalKpiSchema, MESSAGES } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debts } from '../src/db/schema';
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

/**
 * Issue 32 (DESIGN.md §11.2): the liquidation rate is one population over itself — what the debts
 * placed in the period collected up to its end, over what they were placed for — and the cash of the
 * period is its own figure. Every amount below is worked out by hand from the movements listed.
 */
forEachBackend('general KPI: the cohort and the cash (issue 32)', (backend) => {
  let t: TestApp;
  let admin: string;
  let client: Awaited<ReturnType<typeof createUser>>;
  let company: number;
  const ids: Record<string, number> = {};
  const MARCH = 'start=2025-03-01&end=2025-03-31';

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    client = await createUser(t.app, admin, 'CLIENTE');
    company = (await createCompany(t.app, admin)).id;
    const pay = (debt: string, amount: string, paidAt: string) =>
      create(t.app, admin, 'payments', { debtId: ids[debt], amount, paidAt });

    // Placed, at the agency (UTC−3), on the first and last instants of March: the cohort.
    ids.first = (await createDebt(t.app, admin, { companyId: company, originalAmount: '1000.00' })).id;
    ids.last = (
      await createDebt(t.app, admin, { companyId: company, debtTypeId: 2, originalAmount: '3000' })
    ).id;
    // A second before March and the first instant of April: not of the cohort.
    ids.before = (await createDebt(t.app, admin, { companyId: company, originalAmount: '5000' })).id;
    ids.after = (await createDebt(t.app, admin, { companyId: company, originalAmount: '700' })).id;
    ids.dollars = (
      await createDebt(t.app, admin, { companyId: company, currency: 'USD', originalAmount: '999' })
    ).id;
    // The CLIENTE's company: placed in March, 80 paid in March.
    ids.client = (await createDebt(t.app, admin, { companyId: client.companyId, originalAmount: '800' })).id;

    await pay('first', '200.00', '2025-03-15'); // cohort, in the period
    await pay('first', '50.00', '2025-02-28'); // cohort, before start: counts up to end
    await pay('first', '300.00', '2025-04-10'); // cohort, after end: not yet
    await create(t.app, admin, 'deposits', { debtId: ids.last, amount: '400', depositedAt: '2025-03-25' });
    const undone = await pay('last', '1000.00', '2025-03-28');
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/payments/${undone.id}` }), 204);
    await pay('before', '500.00', '2025-03-05'); // cash of March, not of the cohort
    await pay('after', '70.00', '2025-04-06');
    await pay('dollars', '100.00', '2025-03-20');
    await pay('client', '80.00', '2025-03-10');

    const placed: Record<string, string> = {
      first: '2025-03-01T03:00:00Z',
      last: '2025-04-01T02:59:59Z',
      before: '2025-03-01T02:59:59Z',
      after: '2025-04-01T03:00:00Z',
      dollars: '2025-03-12T15:00:00Z',
      client: '2025-03-12T15:00:00Z',
    };
    for (const [name, at] of Object.entries(placed))
      await t.database.db
        .update(debts)
        .set({ createdAt: new Date(at) })
        .where(eq(debts.id, ids[name] as number));
  });
  afterAll(() => t?.close());

  const get = async (url: string, token = admin) => {
    const response = await call(t.app, token, { method: 'GET', url });
    expectStatus(response, 200);
    return response.body;
  };
  const kpi = async (query: string, token = admin) =>
    generalKpiSchema.strict().parse(await get(`/api/report/general-kpi?${query}`, token));

  it("the liquidation rate is the cohort's collections over the cohort's placements", async () => {
    // Placed in March: 1000 + 3000. Collected by those two up to 31/03: 200 + 50 + 400.
    expect(await kpi(`company=${company}&${MARCH}`)).toMatchObject({
      portfolioAmount: '4000.00',
      debts: 2,
      collectedAmount: '650.00',
      liquidationRate: '16.25',
    });
  });

  it('collectedInPeriod counts every payment and deposit dated in the period, on any debt', async () => {
    // 200 + 400 (the cohort) + 500 (placed before March); not the 50 of February nor April's.
    const figures = await kpi(`company=${company}&${MARCH}`);
    expect(figures.collectedInPeriod).toBe('1100.00');
    expect(figures.paymentsByMonth).toEqual([{ month: '2025-03', amount: '1100.00', payments: 3 }]);
  });

  it('a payment after end does not count yet; with no end the cohort counts everything to date', async () => {
    // Placed from March on: 1000 + 3000 + 700; collected: 200 + 50 + 300, 400 and 70.
    expect(await kpi(`company=${company}&start=2025-03-01`)).toMatchObject({
      portfolioAmount: '4700.00',
      collectedAmount: '1020.00',
      liquidationRate: '21.70',
      // From March on, any debt: 200 + 300 + 400 + 500 + 70.
      collectedInPeriod: '1470.00',
    });
  });

  it('a reversal cancels: the undone payment is in neither figure', async () => {
    // The 1000 of 28/03 on a debt of the cohort, deleted: 650 and 1100 above, not 1650 and 2100.
    const day = await kpi(`company=${company}&start=2025-03-28&end=2025-03-28`);
    expect(day.collectedInPeriod).toBe('0.00');
    const cohort = await kpi(`company=${company}&start=2025-03-31&end=2025-03-31`);
    expect(cohort).toMatchObject({
      portfolioAmount: '3000.00',
      collectedAmount: '400.00',
      liquidationRate: '13.33',
    });
  });

  it('without a period the cohort is every debt and its collections are the cash', async () => {
    const figures = await kpi(`company=${company}`);
    // 200 + 50 + 300 + 400 + 500 + 70 over 1000 + 3000 + 5000 + 700.
    expect(figures).toMatchObject({ collectedAmount: '1520.00', collectedInPeriod: '1520.00' });
    expect(figures.liquidationRate).toBe('15.67');
  });

  it('pesos and dollars are never added: each currency is its own cohort', async () => {
    expect(await kpi(`company=${company}&${MARCH}&currency=USD`)).toMatchObject({
      portfolioAmount: '999.00',
      collectedAmount: '100.00',
      liquidationRate: '10.01',
      collectedInPeriod: '100.00',
    });
  });

  it("a CLIENTE gets its own company's cohort and cash, and no agenda", async () => {
    const figures = await kpi(`company=${company}&${MARCH}`, client.token);
    expect(figures).toMatchObject({
      portfolioAmount: '800.00',
      collectedAmount: '80.00',
      liquidationRate: '10.00',
      collectedInPeriod: '80.00',
    });
    expect(figures).not.toHaveProperty('tasksDueToday');
  });

  it('read from the stored totals, the figure is the ledger’s, period after period', async () => {
    // What DESIGN.md §11.2 says, over ledger_live itself (cohort.ts reads paid_amount less what came after).
    const byLedger = async (start: string | null, end: string | null) => {
      const result =
        await t.database.db.execute(sql`SELECT coalesce(sum(l.amount), 0)::numeric(20, 2)::text AS amount
        FROM ledger_live l JOIN debts d ON d.id = l.debt_id
        WHERE d.company_id = ${company} AND d.currency = 'ARS' AND l.kind IN ('PAYMENT', 'DEPOSIT')
          AND (${start}::date IS NULL OR kpi_day(d.created_at) >= ${start}::date)
          AND (${end}::date IS NULL OR (kpi_day(d.created_at) <= ${end}::date AND l.date <= ${end}::date))`);
      const [row] = (result as unknown as { rows: { amount: string }[] }).rows;
      return row?.amount;
    };
    const periods: [string | null, string | null][] = [
      ['2025-03-01', '2025-03-31'],
      ['2025-02-01', '2025-03-15'],
      ['2025-03-31', '2025-04-30'],
      [null, '2025-03-31'],
      ['2025-03-01', null],
      ['2025-04-01', '2025-04-05'],
    ];
    for (const [start, end] of periods) {
      const query = [start && `start=${start}`, end && `end=${end}`].filter(Boolean).join('&');
      const figures = await kpi(`company=${company}&${query}`);
      expect(figures.collectedAmount, query).toBe(await byLedger(start, end));
    }
  });

  describe('the lists behind the figures, with the same filters', () => {
    it('GET /report/collected lists the cash newest first, its total and sum the card’s', async () => {
      const list = collectedListSchema.parse(await get(`/api/report/collected?company=${company}&${MARCH}`));
      expect(list).toMatchObject({ total: 3, page: 1, limit: 25, amount: '1100.00' });
      expect(list.data.map((row) => [row.kind, row.date, row.amount, row.debtId])).toEqual([
        ['DEPOSIT', '2025-03-25', '400.00', ids.last],
        ['PAYMENT', '2025-03-15', '200.00', ids.first],
        ['PAYMENT', '2025-03-05', '500.00', ids.before],
      ]);
      expect(list.data[1]).toMatchObject({ method: 'EFECTIVO', companyName: expect.any(String) });
      const second = await get(`/api/report/collected?company=${company}&${MARCH}&limit=2&page=2`);
      expect(second.data.map((row: { amount: string }) => row.amount)).toEqual(['500.00']);
      const dollars = await get(`/api/report/collected?company=${company}&${MARCH}&currency=USD`);
      expect(dollars).toMatchObject({ total: 1, amount: '100.00' });
    });

    it('a CLIENTE lists only its company’s money; bad filters are a 400, an unknown company a 404', async () => {
      const own = await get(`/api/report/collected?company=${company}&${MARCH}`, client.token);
      expect(own.data.map((row: { debtId: number }) => row.debtId)).toEqual([ids.client]);
      const reversed = await call(t.app, admin, {
        method: 'GET',
        url: '/api/report/collected?start=2025-04-01&end=2025-03-01',
      });
      expectStatus(reversed, 400);
      expect(reversed.body.errors).toEqual({ end: [MESSAGES.invalidPeriod] });
      for (const bad of ['currency=EUR', 'limit=0', 'desde=2025-01-01', 'start=2025-02-30'])
        expectStatus(await call(t.app, admin, { method: 'GET', url: `/api/report/collected?${bad}` }), 400);
      const missing = await call(t.app, admin, {
        method: 'GET',
        url: '/api/report/collected?company=99999999',
      });
      expectStatus(missing, 404);
      expect(missing.body.message).toBe(MESSAGES.companyNotFound);
    });

    it('GET /debts with companyId, createdFrom, createdTo and currency lists the cohort', async () => {
      const cohort = (currency: string) =>
        get(
          `/api/debts?companyId=${company}&createdFrom=2025-03-01&createdTo=2025-03-31&currency=${currency}`,
        );
      const pesos = await cohort('ARS');
      expect(pesos.data.map((debt: { id: number }) => debt.id).sort()).toEqual([ids.first, ids.last].sort());
      expect((await cohort('USD')).data.map((debt: { id: number }) => debt.id)).toEqual([ids.dollars]);
      expectStatus(await call(t.app, admin, { method: 'GET', url: '/api/debts?currency=EUR' }), 400);
    });
  });
});
