import { LIST_EXACT_COUNT_CAP } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDebt, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

forEachBackend('list totals at scale', (backend) => {
  let t: TestApp;
  let token: string;
  const many = LIST_EXACT_COUNT_CAP + 500;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    // Set-based, like the bench generator: the API would take minutes for this many.
    await t.database.db.execute(sql`INSERT INTO debtors (dni, first_name, last_name)
      SELECT (20000000 + g)::text, 'Nombre', 'Apellido ' || g FROM generate_series(1, ${many}) g`);
    await t.database.db.execute(sql`ANALYZE debtors`);
  });
  afterAll(() => t?.close());

  describe('GET /{resource}: {data, total, page, limit}', () => {
    it('the total is exact up to the cap, and says nothing more', async () => {
      const response = await call(t.app, token, { method: 'GET', url: '/api/debtors?q=Apellido 1000' });
      expectStatus(response, 200);
      // 1000, 10000..10009: exact and unmarked.
      expect(response.body.total).toBe(11);
      expect(response.body).not.toHaveProperty('totalEstimated');
    });

    it('the last page, not full, gives the exact total; a page past the end still counts', async () => {
      const url = (page: number) => `/api/debtors?q=Apellido 1000&limit=5&page=${page}`;
      const last = await call(t.app, token, { method: 'GET', url: url(3) });
      expect(last.body).toMatchObject({ total: 11, page: 3, limit: 5 });
      expect(last.body.data).toHaveLength(1);
      const past = await call(t.app, token, { method: 'GET', url: url(4) });
      expect(past.body).toMatchObject({ total: 11, data: [] });
      const empty = await call(t.app, token, { method: 'GET', url: '/api/debtors?q=nadie-se-llama-asi' });
      expect(empty.body).toMatchObject({ total: 0, data: [] });
    });

    it('past the cap the total is the planner’s estimate, marked totalEstimated', async () => {
      const response = await call(t.app, token, { method: 'GET', url: '/api/debtors?limit=5&page=2001' });
      expectStatus(response, 200);
      expect(response.body.totalEstimated).toBe(true);
      expect(response.body.total).toBeGreaterThan(LIST_EXACT_COUNT_CAP);
      // ANALYZE made the estimate close: within 10 % of the real count.
      expect(Math.abs(response.body.total - many) / many).toBeLessThan(0.1);
      // Paging stays exact whatever the total says.
      expect(response.body.data).toHaveLength(5);
      expect(response.body.page).toBe(2001);
    });

    it('a filtered list of a few rows is counted exactly among many', async () => {
      const debt = await createDebt(t.app, token);
      const response = await call(t.app, token, {
        method: 'GET',
        url: `/api/debts?debtorId=${debt.debtorId}`,
      });
      expect(response.body).toMatchObject({ total: 1, data: [{ id: debt.id }] });
      expect(response.body).not.toHaveProperty('totalEstimated');
    });
  });
});
