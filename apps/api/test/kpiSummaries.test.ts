import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createCatalog, createDebt, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';
import { SUMMARIES, summariesKeptAndComputed } from './totals';

forEachBackend('dashboard summaries (kpi_* tables kept by triggers)', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const rows = async (query: ReturnType<typeof sql>) => {
    const result = await t.database.db.execute(query);
    return (result as unknown as { rows: unknown[] }).rows;
  };
  const write = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const response = await call(t.app, token, { method, url, payload: payload as never });
    expect(response.status, `${method} ${url} → ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  };

  describe('GET /report/general-kpi and /report/collection-types read summaries', () => {
    it('after every kind of write, each summary equals the GROUP BY over the base tables', async () => {
      const [a, b] = [await createCompany(t.app, token), await createCompany(t.app, token)];
      const card = await createCatalog(t.app, token, 'collections-types');
      const pesos = await createDebt(t.app, token, {
        companyId: a.id,
        collectionTypeId: card.id,
        originalAmount: '1000.10',
      });
      const dollars = await createDebt(t.app, token, {
        companyId: a.id,
        currency: 'USD',
        debtTypeId: 2,
        originalAmount: '300',
      });
      const moved = await createDebt(t.app, token, {
        companyId: a.id,
        debtTypeId: 3,
        originalAmount: '5000',
      });
      const gone = await createDebt(t.app, token, { companyId: b.id, originalAmount: '77.70' });

      // Plans, a paid quota, mora, payments and deposits on the debts above.
      await write('POST', '/api/quotas/plan', {
        debtId: pesos.id,
        installments: 3,
        firstDueDate: '2025-01-10',
      });
      // A plan for part of it: the payment and deposit on account below leave its quotas covered (issue 30).
      await write('POST', '/api/quotas/plan', {
        debtId: moved.id,
        installments: 2,
        firstDueDate: '2025-03-01',
        total: '4000.00',
      });
      const quotas = (await call(t.app, token, { method: 'GET', url: `/api/quotas?debtId=${pesos.id}` })).body
        .data;
      await write('PATCH', `/api/quotas/${quotas[0].id}/pay`, { paidAt: '2025-01-12' });
      await write('PATCH', `/api/quotas/${quotas[1].id}/mora`, { moraAmount: '12.34' });
      const onAccount = await create(t.app, token, 'payments', {
        debtId: moved.id,
        amount: '250.00',
        paidAt: '2025-02-02',
      });
      await create(t.app, token, 'payments', { debtId: dollars.id, amount: '20.00', paidAt: '2025-02-03' });
      const deposit = await create(t.app, token, 'deposits', {
        debtId: moved.id,
        amount: '99.99',
        depositedAt: '2025-02-04',
      });
      await create(t.app, token, 'services', {
        debtId: pesos.id,
        description: 'Carta documento',
        amount: '1500',
        date: '2025-01-05',
      });

      // Changes: amounts, stage, type, company (its money and quotas move along), deletions.
      await write('PATCH', `/api/payments/${onAccount.id}`, { amount: '260.00', paidAt: '2025-03-03' });
      await write('PATCH', `/api/deposits/${deposit.id}`, { amount: '100.00' });
      await write('PATCH', `/api/debts/${pesos.id}`, { originalAmount: '1100.00', collectionTypeId: null });
      await write('PATCH', `/api/debts/${moved.id}/stage`, { debtTypeId: 2 });
      await write('PATCH', `/api/debts/${moved.id}`, { companyId: b.id });
      await write('DELETE', `/api/deposits/${deposit.id}`);
      // A quota's payment is undone through its quota (issue 14).
      await write('DELETE', `/api/quotas/${quotas[0].id}/payment`);
      await write('DELETE', `/api/debts/${gone.id}`);

      for (const [name, { kept, computed }] of Object.entries(SUMMARIES)) {
        expect(await rows(kept), name).toEqual(await rows(computed));
      }
      // kpi_rebuild() (bulk loads, repairs) arrives at the same summaries from scratch.
      await t.database.db.execute(sql`SELECT kpi_rebuild()`);
      for (const [name, { kept, computed }] of Object.entries(SUMMARIES)) {
        expect(await rows(kept), `${name} rebuilt`).toEqual(await rows(computed));
      }
    });

    it('debts inserted many in one statement (an import) are summed once per key, as one by one', async () => {
      const company = await createCompany(t.app, token);
      const card = await createCatalog(t.app, token, 'collections-types');
      const debtor = await create(t.app, token, 'debtors', {
        dni: '31313131',
        firstName: 'Ana',
        lastName: 'Lote',
      });
      // One statement, rows of two stages, two currencies and two collection types.
      await t.database.db.execute(sql`INSERT INTO debts (debtor_id, company_id, debt_type_id, collection_type_id,
        reference, original_amount, currency)
        SELECT ${debtor.id}::int, ${company.id}::int, 1 + g % 2, CASE WHEN g % 3 = 0 THEN ${card.id}::int END,
          'LOTE-' || g, 100.05 * g, CASE WHEN g % 4 = 0 THEN 'USD' ELSE 'ARS' END::currency
        FROM generate_series(1, 40) g`);
      for (const [name, { kept, computed }] of Object.entries(SUMMARIES)) {
        expect(await rows(kept), name).toEqual(await rows(computed));
      }
    });

    it("each transaction's deltas are folded at its COMMIT, once, whatever happened in between", async () => {
      const company = await createCompany(t.app, token);
      const debt = await createDebt(t.app, token, { companyId: company.id, originalAmount: '900.00' });
      const collected = sql`SELECT movements, amount::text AS amount FROM kpi_collected
        WHERE company_id = ${company.id} AND day = '2025-05-05' AND currency = 'ARS'`;
      const pay = (amount: string) =>
        sql`INSERT INTO payments (debt_id, amount, paid_at) VALUES (${debt.id}, ${amount}, '2025-05-05')`;
      const { db } = t.database;
      // Not before the commit: the summary rows are neither written nor locked by the statements.
      await db.transaction(async (tx) => {
        await tx.execute(pay('10.00'));
        expect((await tx.execute(collected)) as unknown as { rows: unknown[] }).toMatchObject({ rows: [] });
      });
      expect(await rows(collected)).toEqual([{ movements: 1, amount: '10.00' }]);
      // A rebuild inside the transaction already holds its deltas: they are not added again.
      await db.transaction(async (tx) => {
        await tx.execute(pay('20.00'));
        await tx.execute(sql`SELECT kpi_rebuild()`);
        await tx.execute(pay('30.00'));
      });
      expect(await rows(collected)).toEqual([{ movements: 3, amount: '60.00' }]);
      // Folded early (SET CONSTRAINTS … IMMEDIATE), later deltas are folded again at COMMIT.
      await db.transaction(async (tx) => {
        await tx.execute(pay('1.00'));
        await tx.execute(sql`SET CONSTRAINTS kpi_fold IMMEDIATE`);
        await tx.execute(sql`SET CONSTRAINTS kpi_fold DEFERRED`);
        await tx.execute(pay('2.00'));
      });
      expect(await rows(collected)).toEqual([{ movements: 5, amount: '63.00' }]);
      // A rolled back transaction leaves nothing, pending or folded.
      await db
        .transaction(async (tx) => {
          await tx.execute(pay('5.00'));
          throw new Error('rollback');
        })
        .catch(() => {});
      expect(await rows(collected)).toEqual([{ movements: 5, amount: '63.00' }]);
      expect(await rows(sql`SELECT count(*)::int AS n FROM kpi_pending`)).toEqual([{ n: 0 }]);
      const { kept, computed } = await summariesKeptAndComputed(t);
      expect(kept).toEqual(computed);
    });

    it('the figures are of one currency: dollars are asked for apart', async () => {
      const company = await createCompany(t.app, token);
      await createDebt(t.app, token, { companyId: company.id, originalAmount: '100.00' });
      await createDebt(t.app, token, { companyId: company.id, originalAmount: '40.00', currency: 'USD' });
      const kpi = (currency: string) =>
        call(t.app, token, {
          method: 'GET',
          url: `/api/report/general-kpi?company=${company.id}&currency=${currency}`,
        });
      expect((await kpi('ARS')).body).toMatchObject({ portfolioAmount: '100.00', debts: 1 });
      expect((await kpi('USD')).body).toMatchObject({ portfolioAmount: '40.00', debts: 1 });
      expectStatus(await kpi('EUR'), 400);
      const types = await call(t.app, token, {
        method: 'GET',
        url: `/api/report/collection-types?company=${company.id}&currency=USD`,
      });
      expect(types.body.data).toEqual([
        {
          collectionTypeId: null,
          name: 'Sin tipo',
          debts: 1,
          originalAmount: '40.00',
          paidAmount: '0.00',
          balance: '40.00',
        },
      ]);
    });
  });
});
