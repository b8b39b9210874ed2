import { agencyToday, collectionTypesReportSchema, generalKpiSchema, MESSAGES } from '@cobranzas/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debts } from '../src/db/schema';
import { cents, percent } from '../src/reports/decimal';
import { monthsBetween } from '../src/reports/kpi';
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

describe('report arithmetic', () => {
  it('percent is BigInt, half up, two decimals', () => {
    expect(percent(1n, 3n)).toBe('33.33');
    expect(percent(2n, 3n)).toBe('66.67');
    expect(percent(1n, 8n)).toBe('12.50');
    expect(percent(1n, 20_000n)).toBe('0.01');
    expect(percent(1n, 20_001n)).toBe('0.00');
    expect(percent(5n, 0n)).toBe('0.00');
    expect(percent(3n, 2n)).toBe('150.00');
  });
  it('cents has no 13-digit cap and months run across years', () => {
    expect(cents('123456789012345678.90')).toBe(12345678901234567890n);
    expect(cents('0')).toBe(0n);
    expect(monthsBetween('2024-11-30', '2025-02-01')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
  });
});

forEachBackend('reports: collection types and general KPI', (backend) => {
  let t: TestApp;
  let admin: string;
  let client: Awaited<ReturnType<typeof createUser>>;
  let companyId: number;
  let emptyCompanyId: number;
  const typeIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    client = await createUser(t.app, admin, 'CLIENTE');
    companyId = (await createCompany(t.app, admin)).id;
    emptyCompanyId = (await createCompany(t.app, admin)).id;
    for (const name of ['Tarjeta de crédito', 'Préstamo personal'])
      typeIds[name] = (await create(t.app, admin, 'collections-types', { name })).id;

    // The CLIENTE's company: one debt of 700.
    await createDebt(t.app, admin, { companyId: client.companyId, originalAmount: '700' });

    // The company under test: 3000 placed in February 2024, 1000 collected in the first half of 2024.
    const card = await createDebt(t.app, admin, {
      companyId,
      collectionTypeId: typeIds['Tarjeta de crédito'],
      originalAmount: '1000',
    });
    const loan = await createDebt(t.app, admin, {
      companyId,
      debtTypeId: 2,
      collectionTypeId: typeIds['Préstamo personal'],
      originalAmount: '2000',
    });
    await t.database.db
      .update(debts)
      .set({ createdAt: new Date('2024-02-01T15:00:00Z') })
      .where(inArray(debts.id, [card.id, loan.id]));
    await create(t.app, admin, 'payments', { debtId: card.id, amount: '600', paidAt: '2024-03-15' });
    await create(t.app, admin, 'deposits', { debtId: loan.id, amount: '400', depositedAt: '2024-04-02' });
    await create(t.app, admin, 'payments', { debtId: card.id, amount: '50', paidAt: '2023-12-31' });
    await create(t.app, admin, 'services', {
      debtId: loan.id,
      description: 'Carta',
      amount: '25.25',
      date: '2024-01-01',
    });
    // Placed today, without a collection type.
    await createDebt(t.app, admin, { companyId, originalAmount: '0.10' });

    // Quotas: two overdue (one in mora), one paid (today), one not yet due.
    const quota = (number: number, dueDate: string, amount = '100') =>
      create(t.app, admin, 'quotas', { debtId: card.id, number, amount, dueDate });
    await quota(1, '2020-01-10');
    const mora = await quota(2, '2020-02-10');
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/quotas/${mora.id}/mora`,
      payload: { moraAmount: '5' },
    });
    const paid = await quota(3, '2020-03-10');
    expectStatus(await call(t.app, admin, { method: 'PATCH', url: `/api/quotas/${paid.id}/pay` }), 200);
    // 50: the unpaid quotas may not owe more than the balance (100 + 105 + 50 = 255, issue 14).
    await quota(4, '2199-01-01', '50');

    // Tasks: one pending today on the company's debt counts; done, tomorrow's or another company's do not.
    const now = new Date().toISOString();
    const tomorrow = new Date(Date.now() + 30 * 3_600_000).toISOString();
    const other = await createDebt(t.app, admin);
    await create(t.app, admin, 'tasks', { title: 'Llamar', start: now, debtId: card.id });
    await create(t.app, admin, 'tasks', {
      title: 'Hecha',
      start: now,
      debtId: card.id,
      status: 'COMPLETADA',
    });
    await create(t.app, admin, 'tasks', { title: 'Mañana', start: tomorrow, debtId: card.id });
    await create(t.app, admin, 'tasks', { title: 'Otra', start: now, debtId: other.id });
  });
  afterAll(() => t?.close());

  const get = (url: string, token = admin) => call(t.app, token, { method: 'GET', url });

  describe('GET /api/report/collection-types', () => {
    it('totals per type, "Sin tipo" last, exact', async () => {
      const response = await get(`/api/report/collection-types?company=${companyId}`);
      expectStatus(response, 200);
      expect(collectionTypesReportSchema.strict().parse(response.body).data).toEqual([
        {
          collectionTypeId: typeIds['Préstamo personal'],
          name: 'Préstamo personal',
          debts: 1,
          originalAmount: '2000.00',
          paidAmount: '400.00',
          balance: '1625.25',
        },
        {
          collectionTypeId: typeIds['Tarjeta de crédito'],
          name: 'Tarjeta de crédito',
          debts: 1,
          originalAmount: '1000.00',
          paidAmount: '750.00',
          balance: '255.00',
        },
        {
          collectionTypeId: null,
          name: 'Sin tipo',
          debts: 1,
          originalAmount: '0.10',
          paidAmount: '0.00',
          balance: '0.10',
        },
      ]);
    });

    it('a CLIENTE is forced to its company; staff without company see every company', async () => {
      const forced = await get(`/api/report/collection-types?company=${companyId}`, client.token);
      expect(forced.body.data).toEqual([
        {
          collectionTypeId: null,
          name: 'Sin tipo',
          debts: 1,
          originalAmount: '700.00',
          paidAmount: '0.00',
          balance: '700.00',
        },
      ]);
      const all = await get('/api/report/collection-types');
      const sinTipo = all.body.data.find((row: { name: string }) => row.name === 'Sin tipo');
      expect(sinTipo.debts).toBeGreaterThanOrEqual(3);
      expectStatus(await get('/api/report/collection-types?company=99999999'), 404);
    });
  });

  describe('GET /api/report/general-kpi', () => {
    it('figures of a known period are exact; the cohort collected 1050 of 3000 → "35.00"', async () => {
      const response = await get(
        `/api/report/general-kpi?company=${companyId}&start=2024-01-01&end=2024-06-30`,
      );
      expectStatus(response, 200);
      const kpi = generalKpiSchema.strict().parse(response.body);
      // The two debts placed in February collected 600 + 400 in the period and 50 before it (issue 32);
      // the paid quota's 100 is dated today, after the end. The period's cash is 600 + 400.
      expect(kpi).toEqual({
        portfolioAmount: '3000.00',
        collectedAmount: '1050.00',
        liquidationRate: '35.00',
        collectedInPeriod: '1000.00',
        debts: 2,
        byStage: [
          { debtTypeId: 1, name: 'Preventiva', debts: 1, amount: '1000.00' },
          { debtTypeId: 2, name: 'Extrajudicial', debts: 1, amount: '2000.00' },
          { debtTypeId: 3, name: 'Judicial', debts: 0, amount: '0.00' },
        ],
        paymentsByMonth: [
          { month: '2024-01', amount: '0.00', payments: 0 },
          { month: '2024-02', amount: '0.00', payments: 0 },
          { month: '2024-03', amount: '600.00', payments: 1 },
          { month: '2024-04', amount: '400.00', payments: 1 },
          { month: '2024-05', amount: '0.00', payments: 0 },
          { month: '2024-06', amount: '0.00', payments: 0 },
        ],
        overdueQuotas: 2,
        overdueAmount: '205.00',
        prescribingSoon: 0,
        tasksDueToday: 1,
      });
    });

    it('without a period: everything placed and collected, the last 12 months', async () => {
      const kpi = (await get(`/api/report/general-kpi?company=${companyId}`)).body;
      // 3000 + the 0.10 debt; 600 + 400 + 50 + the paid quota's 100.
      expect(kpi).toMatchObject({
        portfolioAmount: '3000.10',
        collectedAmount: '1150.00',
        liquidationRate: '38.33',
        collectedInPeriod: '1150.00',
        debts: 3,
      });
      expect(kpi.paymentsByMonth).toHaveLength(12);
      const thisMonth = agencyToday().slice(0, 7);
      expect(kpi.paymentsByMonth.at(-1)).toEqual({ month: thisMonth, amount: '100.00', payments: 1 });
    });

    it('nothing placed → rate "0.00" with all three stages present', async () => {
      const kpi = (await get(`/api/report/general-kpi?company=${emptyCompanyId}`)).body;
      expect(kpi).toMatchObject({
        portfolioAmount: '0.00',
        collectedAmount: '0.00',
        liquidationRate: '0.00',
        collectedInPeriod: '0.00',
        debts: 0,
      });
      expect(kpi.byStage.map((s: { debts: number; amount: string }) => [s.debts, s.amount])).toEqual([
        [0, '0.00'],
        [0, '0.00'],
        [0, '0.00'],
      ]);
    });

    it('a CLIENTE gets its own company’s figures whatever it asks for', async () => {
      const kpi = (await get(`/api/report/general-kpi?company=${companyId}`, client.token)).body;
      expect(kpi).toMatchObject({ portfolioAmount: '700.00', debts: 1, collectedAmount: '0.00' });
    });

    it('bad input → 400, an unknown company → 404, in Spanish', async () => {
      const reversed = await get('/api/report/general-kpi?start=2024-02-01&end=2024-01-01');
      expectStatus(reversed, 400);
      expect(reversed.body.errors).toEqual({ end: [MESSAGES.invalidPeriod] });
      expectStatus(await get('/api/report/general-kpi?company=x'), 400);
      expectStatus(await get('/api/report/general-kpi?start=2024-02-30'), 400);
      const missing = await get('/api/report/general-kpi?company=99999999');
      expectStatus(missing, 404);
      expect(missing.body.message).toBe(MESSAGES.companyNotFound);
    });
  });
});
