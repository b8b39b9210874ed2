import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDebt } from './domain';
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
 * A staff list page near the start, without `q` and with `equals` filters only, is read by one
 * prepared statement per shape (crud/service.ts preparedPage, issue 38); every other page by two
 * (the ids, then the rows). Both must answer the same rows, in the same order, with the same total:
 * checked here against the order written by hand in SQL, for several values through one shape.
 */
forEachBackend('a list page read by one prepared statement', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const list = async (query: string, as = token) => {
    const response = await call(t.app, as, { method: 'GET', url: `/api/debts?${query}` });
    expect(response.status).toBe(200);
    return response.body as { data: { id: number; originalAmount: string }[]; total: number };
  };
  const expected = async (
    where: ReturnType<typeof sql>,
    order: ReturnType<typeof sql>,
    limit: number,
    offset: number,
  ) =>
    (
      (await t.database.db.execute(
        sql`SELECT id FROM debts WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => row.id);

  describe('GET /api/debts with equals filters, near the start', () => {
    it('has the rows, order and total of the two-statement read, for each value through one shape', async () => {
      const companies = [await createCompany(t.app, token), await createCompany(t.app, token)];
      // Five debts each, two of them with the same amount (the id breaks the tie).
      for (const company of companies)
        for (const amount of ['300.00', '100.00', '200.00', '100.00', '500.00'])
          await createDebt(t.app, token, { companyId: company.id, originalAmount: amount });

      for (const company of companies) {
        const where = sql`company_id = ${company.id}`;
        // Newest first (the list's default order), page 2 of 2 rows.
        const newest = await list(`companyId=${company.id}&page=2&limit=2`);
        expect(newest.data.map((row) => row.id)).toEqual(await expected(where, sql`id DESC`, 2, 2));
        expect(newest.total).toBe(5);
        // By amount, both ways, every page of 2: the same ids as SQL's order, the last page short.
        for (const [order, sqlOrder] of [
          ['asc', sql`original_amount ASC, id ASC`],
          ['desc', sql`original_amount DESC, id DESC`],
        ] as const) {
          for (const page of [1, 2, 3]) {
            const body = await list(
              `companyId=${company.id}&sort=originalAmount&order=${order}&page=${page}&limit=2`,
            );
            expect(body.data.map((row) => row.id)).toEqual(
              await expected(where, sqlOrder, 2, (page - 1) * 2),
            );
            expect(body.total).toBe(5);
          }
        }
      }
      // Two filters at once (company and stage), and a status, which is not prepared (skewed values:
      // crud/filters.ts genericPlan) but answers the same way.
      const stage = (await list(`companyId=${companies[0]?.id}&limit=1`)).data[0] as unknown as {
        debtTypeId: number;
      };
      const both = await list(`companyId=${companies[0]?.id}&debtTypeId=${stage.debtTypeId}&limit=3`);
      expect(both.data.map((row) => row.id)).toEqual(
        await expected(
          sql`company_id = ${companies[0]?.id} AND debt_type_id = ${stage.debtTypeId}`,
          sql`id DESC`,
          3,
          0,
        ),
      );
      const active = await list(`companyId=${companies[0]?.id}&status=ACTIVA&limit=3`);
      expect(active.data.map((row) => row.id)).toEqual(
        await expected(sql`company_id = ${companies[0]?.id} AND status = 'ACTIVA'`, sql`id DESC`, 3, 0),
      );
      expect(await list('companyId=2147483000&limit=3')).toMatchObject({ data: [], total: 0 });
    });

    it('a CLIENTE’s page (scoped) and a page past the start read the same rows as staff’s', async () => {
      const client = await createUser(t.app, token, 'CLIENTE');
      for (const amount of ['10.00', '20.00', '30.00'])
        await createDebt(t.app, token, { companyId: client.companyId, originalAmount: amount });
      const mine = sql`company_id = ${client.companyId}`;
      const scoped = await list('sort=originalAmount&order=asc&limit=2', client.token);
      expect(scoped.data.map((row) => row.id)).toEqual(
        await expected(mine, sql`original_amount ASC, id ASC`, 2, 0),
      );
      expect(scoped.total).toBe(3);
      // Page 126 of 2 rows is past the prepared pages (250 rows): the two statements, same rows.
      const far = await list(`companyId=${client.companyId}&page=126&limit=2`);
      expect(far).toMatchObject({ data: [], total: 3 });
    });
  });
});
