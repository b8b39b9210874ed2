import type { TokenPayload } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockOrderError, noteChildLock } from '../src/crud';
import { keepBooks } from '../src/modules/debts/books';
import { heldDebt, lockDebt, lockDebts } from '../src/modules/debts/lock';
import { recomputeDebtTotals } from '../src/modules/debts/totals';
import { vacuumPending } from '../src/ops/pendingVacuum';
import { createDebt } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  createCompany,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';
import { DRIFTED_DEBTS, rowsOf, summariesKeptAndComputed } from './totals';

const STAFF = { sub: 1, alias: 'admin', type: 'ADMIN', companyId: null } as unknown as TokenPayload;

forEachBackend('derived money totals: the ledger’s triggers, one rule set in TypeScript', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf(t, query))[0] as T;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const totals = (id: number) =>
    one<
      Record<string, string>
    >(sql`SELECT original_amount::text AS original, services_amount::text AS services,
      mora_amount::text AS mora, paid_amount::text AS paid, balance::text AS balance FROM debts WHERE id = ${id}`);
  const newId = async (query: ReturnType<typeof sql>) => Number((await one<{ id: number }>(query)).id);

  describe('the ledger keeps services, mora, paid and balance = original + services + mora − paid − reductions', () => {
    it('for every kind of write, through the views or the ledger itself (a worked example, figures by hand)', async () => {
      const company = await createCompany(t.app, token);
      const a = (await createDebt(t.app, token, { companyId: company.id, originalAmount: '1000.00' })).id;
      const b = (await createDebt(t.app, token, { companyId: company.id, originalAmount: '500.00' })).id;
      // A new debt: its totals are its original amount.
      expect(await totals(a)).toEqual({
        original: '1000.00',
        services: '0.00',
        mora: '0.00',
        paid: '0.00',
        balance: '1000.00',
      });

      // A service of 150 raises the balance: 1000 + 150 = 1150.
      const service = await newId(sql`INSERT INTO services (debt_id, description, amount, date)
        VALUES (${a}, 'Carta documento', 150, '2025-01-05') RETURNING id`);
      expect(await totals(a)).toMatchObject({ services: '150.00', balance: '1150.00' });
      // A quota moves nothing; 12.50 of mora (a MORA row): 1150 + 12.50 = 1162.50.
      const quota = await newId(sql`INSERT INTO quotas (debt_id, number, amount, due_date)
        VALUES (${a}, 1, 300, '2025-02-01') RETURNING id`);
      expect(await totals(a)).toMatchObject({ mora: '0.00', balance: '1150.00' });
      const mora = await newId(sql`INSERT INTO ledger (debt_id, kind, date, amount, quota_id)
        VALUES (${a}, 'MORA', '2025-02-10', 12.50, ${quota}) RETURNING id`);
      expect(await totals(a)).toMatchObject({ mora: '12.50', balance: '1162.50' });
      // A payment of 200 and a deposit of 62.50: paid 262.50, balance 1162.50 − 262.50 = 900.
      const payment = await newId(sql`INSERT INTO payments (debt_id, amount, paid_at)
        VALUES (${a}, 200, '2025-02-02') RETURNING id`);
      const deposit = await newId(sql`INSERT INTO deposits (debt_id, amount, deposited_at)
        VALUES (${a}, 62.50, '2025-02-03') RETURNING id`);
      expect(await totals(a)).toMatchObject({ paid: '262.50', balance: '900.00' });
      // The payment raised to 250 (its row undone, a new one): paid 312.50, balance 850.
      await exec(sql`UPDATE payments SET amount = 250 WHERE id = ${payment}`);
      expect(await totals(a)).toMatchObject({ paid: '312.50', balance: '850.00' });
      // The deposit moves to debt B: A paid 250, balance 912.50; B paid 62.50, balance 437.50.
      await exec(sql`UPDATE deposits SET debt_id = ${b} WHERE id = ${deposit}`);
      expect(await totals(a)).toMatchObject({ paid: '250.00', balance: '912.50' });
      expect(await totals(b)).toMatchObject({ paid: '62.50', balance: '437.50' });
      // The service deleted (undone): services 0, balance 762.50.
      await exec(sql`DELETE FROM services WHERE id = ${service}`);
      expect(await totals(a)).toMatchObject({ services: '0.00', balance: '762.50' });
      // The original amount 1000 → 1200: balance 962.50.
      await exec(sql`UPDATE debts SET original_amount = 1200 WHERE id = ${a}`);
      expect(await totals(a)).toMatchObject({ original: '1200.00', balance: '962.50' });
      // The mora undone (a REVERSAL): 1200 + 0 + 0 − 250 = 950.
      await exec(sql`INSERT INTO ledger (debt_id, kind, date, amount, reversal_of)
        VALUES (${a}, 'REVERSAL', '2025-03-01', 12.50, ${mora})`);
      expect(await totals(a)).toEqual({
        original: '1200.00',
        services: '0.00',
        mora: '0.00',
        paid: '250.00',
        balance: '950.00',
      });
      // The deposit deleted from B: back to its original.
      await exec(sql`DELETE FROM deposits WHERE id = ${deposit}`);
      expect(await totals(b)).toMatchObject({ paid: '0.00', balance: '500.00' });
      // Every row is still there: the service and its reversal (2), the mora and its reversal (2), the
      // payment, its reversal and its 250 (3), the deposit, its reversal, its row on B and that one's
      // reversal (4): 11.
      expect(await one(sql`SELECT count(*)::int AS n FROM ledger WHERE debt_id IN (${a}, ${b})`)).toEqual({
        n: 11,
      });
      // The rebuild from scratch finds nothing to set right.
      expect(await one(sql`SELECT debt_totals_rebuild(${a}::integer) AS n`)).toEqual({ n: 0 });
    });

    it('a ledger row is never erased nor its money changed (the guard trigger)', async () => {
      const debt = (await createDebt(t.app, token, { originalAmount: '80.00' })).id;
      const row = await newId(sql`INSERT INTO ledger (debt_id, kind, date, amount, document_id)
        VALUES (${debt}, 'SERVICE', '2025-03-01', 5, nextval('ledger_document_seq')) RETURNING id`);
      await expect(exec(sql`DELETE FROM ledger WHERE id = ${row}`)).rejects.toThrow();
      await expect(exec(sql`UPDATE ledger SET amount = 6 WHERE id = ${row}`)).rejects.toThrow();
      await expect(exec(sql`UPDATE ledger SET date = '2025-03-02' WHERE id = ${row}`)).rejects.toThrow();
      // What describes it may change.
      await exec(sql`UPDATE ledger SET description = 'Carta' WHERE id = ${row}`);
      expect(await totals(debt)).toMatchObject({ services: '5.00', balance: '85.00' });
    });

    it('debt_totals_rebuild (the repair path) sets a drifted debt right and only that one', async () => {
      const debt = (await createDebt(t.app, token, { originalAmount: '80.00' })).id;
      await exec(sql`INSERT INTO payments (debt_id, amount, paid_at) VALUES (${debt}, 30, '2025-03-01')`);
      // A repair by psql with the triggers' arithmetic bypassed.
      await exec(sql`UPDATE debts SET paid_amount = 0, balance = 99 WHERE id = ${debt}`);
      expect(await rowsOf(t, DRIFTED_DEBTS)).toHaveLength(1);
      const changed = await t.database.db.transaction(async (tx) =>
        recomputeDebtTotals(tx, await lockDebt(tx, debt, STAFF)),
      );
      expect(changed).toBe(true);
      expect(await totals(debt)).toMatchObject({ paid: '30.00', balance: '50.00' });
      expect(await one(sql`SELECT debt_totals_rebuild() AS n`)).toEqual({ n: 0 });
      expect(await rowsOf(t, DRIFTED_DEBTS)).toEqual([]);
    });
  });

  describe('random sequences of money writes', () => {
    it('leave stored totals = debt_totals_rebuild and summaries = kpi_rebuild (every write through the views or the ledger)', async () => {
      const companies = [(await createCompany(t.app, token)).id, (await createCompany(t.app, token)).id];
      const amount = fc.integer({ min: 1, max: 500_00 }).map((cents) => (cents / 100).toFixed(2));
      const day = fc.integer({ min: 1, max: 28 }).map((d) => `2025-04-${String(d).padStart(2, '0')}`);
      const pick = fc.nat();
      const op = fc.oneof(
        fc.record({ kind: fc.constantFrom('payments', 'deposits', 'services'), debt: pick, amount, day }),
        fc.record({ kind: fc.constant('quota' as const), debt: pick, amount, day }),
        fc.record({
          kind: fc.constant('amount' as const),
          table: fc.constantFrom('payments', 'deposits', 'services'),
          row: pick,
          amount,
        }),
        fc.record({ kind: fc.constant('mora' as const), row: pick, mora: amount, day }),
        fc.record({
          kind: fc.constant('move' as const),
          table: fc.constantFrom('payments', 'deposits', 'services'),
          row: pick,
          debt: pick,
        }),
        fc.record({
          kind: fc.constant('delete' as const),
          table: fc.constantFrom('payments', 'deposits', 'services'),
          row: pick,
        }),
        fc.record({ kind: fc.constant('unmora' as const), row: pick, day }),
        fc.record({ kind: fc.constant('original' as const), debt: pick, amount }),
        fc.record({ kind: fc.constant('debtMove' as const), debt: pick, company: pick, usd: fc.boolean() }),
      );
      // Writes grouped in transactions; some end by rolling back to a savepoint.
      const batch = fc.record({ ops: fc.array(op, { minLength: 1, maxLength: 5 }), undoLast: fc.boolean() });
      const debts: number[] = [];
      for (let i = 0; i < 4; i++)
        debts.push(
          (await createDebt(t.app, token, { companyId: companies[i % 2], originalAmount: '1000.00' })).id,
        );
      const ids = async (table: string) =>
        (
          await rowsOf(
            t,
            sql`SELECT id FROM ${sql.identifier(table)} WHERE debt_id = ANY(${`{${debts.join(',')}}`}::int[]) ORDER BY id`,
          )
        ).map((row) => Number((row as { id: number }).id));
      let quotaNumber = 1;
      await fc.assert(
        fc.asyncProperty(fc.array(batch, { minLength: 1, maxLength: 6 }), async (batches) => {
          for (const { ops, undoLast } of batches) {
            const rows: Record<string, number[]> = {};
            for (const table of ['payments', 'deposits', 'services', 'quotas'])
              rows[table] = await ids(table);
            rows.moras = (
              await rowsOf(
                t,
                sql`SELECT id FROM ledger_live WHERE kind = 'MORA' AND debt_id = ANY(${`{${debts.join(',')}}`}::int[]) ORDER BY id`,
              )
            ).map((row) => Number((row as { id: number }).id));
            const of = (table: string, n: number) => {
              const list = rows[table] ?? [];
              return list.length ? list[n % list.length] : undefined;
            };
            const debt = (n: number) => debts[n % debts.length] as number;
            await t.database.db.transaction(async (tx) => {
              for (const [i, o] of ops.entries()) {
                if (undoLast && i === ops.length - 1) await tx.execute(sql`SAVEPOINT undo`);
                if (o.kind === 'payments')
                  await tx.execute(
                    sql`INSERT INTO payments (debt_id, amount, paid_at) VALUES (${debt(o.debt)}, ${o.amount}, ${o.day})`,
                  );
                else if (o.kind === 'deposits')
                  await tx.execute(
                    sql`INSERT INTO deposits (debt_id, amount, deposited_at) VALUES (${debt(o.debt)}, ${o.amount}, ${o.day})`,
                  );
                else if (o.kind === 'services')
                  await tx.execute(
                    sql`INSERT INTO services (debt_id, description, amount, date) VALUES (${debt(o.debt)}, 'x', ${o.amount}, ${o.day})`,
                  );
                else if (o.kind === 'quota')
                  await tx.execute(sql`INSERT INTO quotas (debt_id, number, amount, due_date)
                    VALUES (${debt(o.debt)}, ${quotaNumber++}, ${o.amount}, ${o.day})`);
                else if (o.kind === 'amount') {
                  const row = of(o.table, o.row);
                  if (row)
                    await tx.execute(
                      sql`UPDATE ${sql.identifier(o.table)} SET amount = ${o.amount} WHERE id = ${row}`,
                    );
                } else if (o.kind === 'mora') {
                  const row = of('quotas', o.row);
                  if (row)
                    await tx.execute(sql`INSERT INTO ledger (debt_id, kind, date, amount, quota_id)
                      SELECT debt_id, 'MORA', ${o.day}, ${o.mora}, id FROM quotas WHERE id = ${row}`);
                } else if (o.kind === 'unmora') {
                  const row = of('moras', o.row);
                  if (row) {
                    await tx.execute(sql`INSERT INTO ledger (debt_id, kind, date, amount, reversal_of)
                      SELECT debt_id, 'REVERSAL', ${o.day}, amount, id FROM ledger WHERE id = ${row}`);
                    (rows.moras as number[]).splice((rows.moras as number[]).indexOf(row), 1);
                  }
                } else if (o.kind === 'move') {
                  const row = of(o.table, o.row);
                  if (row)
                    await tx.execute(
                      sql`UPDATE ${sql.identifier(o.table)} SET debt_id = ${debt(o.debt)} WHERE id = ${row}`,
                    );
                } else if (o.kind === 'delete') {
                  const row = of(o.table, o.row);
                  if (row) {
                    await tx.execute(sql`DELETE FROM ${sql.identifier(o.table)} WHERE id = ${row}`);
                    (rows[o.table] as number[]).splice((rows[o.table] as number[]).indexOf(row), 1);
                  }
                } else if (o.kind === 'original')
                  await tx.execute(
                    sql`UPDATE debts SET original_amount = ${o.amount} WHERE id = ${debt(o.debt)}`,
                  );
                else if (o.kind === 'debtMove')
                  await tx.execute(sql`UPDATE debts SET company_id = ${companies[o.company % 2]},
                    currency = ${o.usd ? 'USD' : 'ARS'}::currency WHERE id = ${debt(o.debt)}`);
                if (undoLast && i === ops.length - 1) await tx.execute(sql`ROLLBACK TO SAVEPOINT undo`);
              }
            });
          }
          expect(await rowsOf(t, DRIFTED_DEBTS)).toEqual([]);
          const { kept, computed } = await summariesKeptAndComputed(t);
          expect(kept).toEqual(computed);
          expect(await rowsOf(t, sql`SELECT count(*)::int AS n FROM kpi_pending`)).toEqual([{ n: 0 }]);
        }),
        { numRuns: 25 },
      );
      // The rebuilds from scratch agree with what the triggers kept.
      expect(await one(sql`SELECT debt_totals_rebuild() AS n`)).toEqual({ n: 0 });
      const before = await summariesKeptAndComputed(t);
      await exec(sql`SELECT kpi_rebuild()`);
      expect((await summariesKeptAndComputed(t)).kept).toEqual(before.kept);
    }, 240_000);
  });

  describe("kpi_pending and queue_pending hold only the open transactions' rows", () => {
    it('empty after each COMMIT, and VACUUM gives their pages back (PGlite has no autovacuum)', async () => {
      const debt = (await createDebt(t.app, token)).id;
      // Its balance's digits change the queue's score: queue_pending is written too.
      await t.database.db.execute(sql`UPDATE debts SET assigned_user_id = 1 WHERE id = ${debt}`);
      for (let i = 0; i < 200; i++)
        await t.database.db.transaction(async (tx) => {
          await tx.execute(
            sql`INSERT INTO payments (debt_id, amount, paid_at) VALUES (${debt}, 0.01, '2025-06-01')`,
          );
        });
      for (const table of ['kpi_pending', 'queue_pending']) {
        expect(await one(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)).toEqual({ n: 0 });
        expect(
          Number((await one<{ size: number }>(sql`SELECT pg_relation_size(${table}) AS size`)).size),
        ).toBeGreaterThan(0);
      }
      await vacuumPending(t.database);
      for (const table of ['kpi_pending', 'queue_pending'])
        expect(
          Number((await one<{ size: number }>(sql`SELECT pg_relation_size(${table}) AS size`)).size),
        ).toBe(0);
    });
  });

  describe('the lock order is enforced in code (the lock ledger)', () => {
    it('debts in ascending id order: a lower id after a higher one throws (a bug, not a user error)', async () => {
      const [low, high] = [(await createDebt(t.app, token)).id, (await createDebt(t.app, token)).id].sort(
        (x, y) => x - y,
      );
      await expect(
        t.database.db.transaction(async (tx) => {
          await lockDebt(tx, high, STAFF);
          await lockDebt(tx, low, STAFF);
        }),
      ).rejects.toBeInstanceOf(LockOrderError);
      // lockDebts sorts them; re-locking a debt already held never waits, so it is allowed.
      await t.database.db.transaction(async (tx) => {
        const locked = await lockDebts(tx, [high, low], STAFF);
        expect(locked.map((debt) => debt.id)).toEqual([low, high]);
        expect(await lockDebt(tx, low, STAFF)).toBe(locked[0]);
      });
    });

    it('a debt locked after a child row of the transaction throws', async () => {
      const debt = (await createDebt(t.app, token)).id;
      await expect(
        t.database.db.transaction(async (tx) => {
          noteChildLock(tx, 'payments 1');
          await lockDebt(tx, debt, STAFF);
        }),
      ).rejects.toBeInstanceOf(LockOrderError);
    });

    it('keepBooks takes only a debt locked by its own transaction', async () => {
      const debt = (await createDebt(t.app, token)).id;
      await expect(t.database.db.transaction(async (tx) => heldDebt(tx, debt))).rejects.toThrow(
        /no está bloqueada/,
      );
      const elsewhere = await t.database.db.transaction(async (tx) => lockDebt(tx, debt, STAFF));
      await expect(t.database.db.transaction(async (tx) => keepBooks(tx, STAFF, elsewhere))).rejects.toThrow(
        /otra transacción/,
      );
      // @ts-expect-error a debt id is not a LockedDebt: the lock cannot be forgotten.
      const unlocked = () => keepBooks(t.database.db, STAFF, debt as number);
      expect(unlocked).toBeTypeOf('function');
    });
  });
});

describe('lock ledger mode', () => {
  it('throws outside production, warns in production, LOCK_ORDER overrides', async () => {
    const { lockOrderMode } = await import('../src/crud');
    const saved = { node: process.env.NODE_ENV, lock: process.env.LOCK_ORDER };
    try {
      delete process.env.LOCK_ORDER;
      process.env.NODE_ENV = 'test';
      expect(lockOrderMode()).toBe('throw');
      process.env.NODE_ENV = 'production';
      expect(lockOrderMode()).toBe('warn');
      process.env.LOCK_ORDER = 'throw';
      expect(lockOrderMode()).toBe('throw');
    } finally {
      process.env.NODE_ENV = saved.node;
      if (saved.lock === undefined) delete process.env.LOCK_ORDER;
      else process.env.LOCK_ORDER = saved.lock;
    }
  });
});
