import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtors, debts } from '../src/db/schema';
import { debtorMatches, debtsOfDebtor } from '../src/modules/debts/columns';
import { forEachBackend, startApp, type TestApp } from './helpers';

/**
 * Query plans the budgets of issue 7 depend on. With sequential scans disabled the planner takes an
 * index whenever the query lets it, so a plan without one means the SQL itself rules it out.
 */
forEachBackend('query plans', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t?.close());

  const planOf = (query: { getSQL(): ReturnType<typeof sql> }) =>
    t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = (await tx.execute(sql`EXPLAIN ${query}`)) as { rows: Record<string, string>[] };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });

  describe('GET /debts/dni/{dni}', () => {
    it('finds the debtor by the DNI and CUIT indexes', async () => {
      const plan = await planOf(
        t.database.db.select({ id: debtors.id }).from(debtors).where(debtorMatches('20123456786')),
      );
      expect(plan).toContain('debtors_dni_unique');
      expect(plan).toContain('debtors_cuit_unique');
      expect(plan).not.toMatch(/Seq Scan on debtors/);
    });

    it('reaches the debts through debts_debtor_id_idx', async () => {
      const plan = await planOf(
        t.database.db.select({ id: debts.id }).from(debts).where(debtsOfDebtor('12345678')),
      );
      expect(plan).toContain('debts_debtor_id_idx');
    });
  });
});
