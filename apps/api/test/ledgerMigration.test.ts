import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { booksTotal } from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import type { Database } from '../src/db/client';
import { owedOf, readOwedRows } from '../src/modules/debts/balance';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  forEachBackend,
  makeCuit,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

// Migration 0024 (issue 31): the money of payments, deposits, services, quota mora and reductions moves
// into the ledger. An old schema (migrations up to 0023) is filled with a deterministic random
// portfolio, through its own triggers; after 0024 every figure and every link must be the same.

const LAST_OLD = 23;
const DEBTS = 40;

/** The migrations folder as it was before 0024. */
function oldMigrations(): string {
  const source = fileURLToPath(new URL('../drizzle', import.meta.url));
  const folder = mkdtempSync(path.join(tmpdir(), 'cobranzas-old-migrations-'));
  cpSync(source, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= LAST_OLD);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** mulberry32: the same portfolio on every run and both databases. */
function randomFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
  };
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const day = (month: number, dayOfMonth = 10) =>
  `${2024 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;

interface OldWorld {
  debts: { id: number; balance: string; services: string; mora: string; paid: string; withRates: boolean }[];
  receipts: { number: number; kind: 'PAYMENT' | 'DEPOSIT' | null; record: number | null }[];
  lines: { id: number; kind: string; record: number; settlement: number; gone: boolean }[];
  payments: { id: number; amount: string; paidAt: string; settlement: number | null }[];
  paidQuotas: { id: number; total: string }[];
  counts: { payments: number; deposits: number; services: number; mora: number; reductions: number };
}

async function fillOldSchema(database: Database): Promise<OldWorld> {
  const folder = oldMigrations();
  try {
    if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
    else await migratePg(database.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const all = async <T>(query: SQL) => rowsOf<T>(await database.db.execute(query));
  const id = async (query: SQL) => Number((await all<{ id: number }>(query))[0]?.id);
  const random = randomFrom(31);

  await database.db.execute(
    sql`INSERT INTO debt_types (id, name) VALUES (1, 'Preventiva') ON CONFLICT DO NOTHING`,
  );
  const company = await id(
    sql`INSERT INTO companies (name, cuit) VALUES ('Banco Migrado', ${makeCuit()}) RETURNING id`,
  );
  const debtor = await id(
    sql`INSERT INTO debtors (dni, first_name, last_name) VALUES ('20111222', 'Ana', 'Migrada') RETURNING id`,
  );
  const closed =
    await id(sql`INSERT INTO settlements (number, company_id, currency, from_date, to_date, status, items,
    collected, direct, commission_rate, commission, commissions, vat_rate, vat, net, payable)
    VALUES (1, ${company}, 'ARS', '2024-01-01', '2024-12-31', 'CLOSED', 0, 0, 0, 10, 0, '[]', 21, 0, 0, 0) RETURNING id`);
  const draft = await id(sql`INSERT INTO settlements (company_id, currency, from_date, to_date, status, items,
    collected, direct, commission_rate, commission, commissions, vat_rate, vat, net, payable)
    VALUES (${company}, 'ARS', '2025-01-01', '2025-12-31', 'DRAFT', 0, 0, 0, 10, 0, '[]', 21, 0, 0, 0) RETURNING id`);

  const world: OldWorld = {
    debts: [],
    receipts: [],
    lines: [],
    payments: [],
    paidQuotas: [],
    counts: { payments: 0, deposits: 0, services: 0, mora: 0, reductions: 0 },
  };
  let receiptNumber = 0;
  const receipt = async (kind: 'PAYMENT' | 'DEPOSIT', record: number, amount: string) => {
    receiptNumber += 1;
    await database.db.execute(
      kind === 'PAYMENT'
        ? sql`INSERT INTO receipts (number, payment_id, amount) VALUES (${receiptNumber}, ${record}, ${amount})`
        : sql`INSERT INTO receipts (number, deposit_id, amount) VALUES (${receiptNumber}, ${record}, ${amount})`,
    );
    world.receipts.push({ number: receiptNumber, kind, record });
  };
  const line = async (
    kind: 'PAYMENT' | 'DEPOSIT',
    record: number,
    debt: number,
    date: string,
    amount: string,
    settlement: number,
  ) => {
    const lineId =
      await id(sql`INSERT INTO settlement_lines (settlement_id, kind, record_id, debt_id, date, amount,
      debt_type_id, commission_rate, paid_to_client) VALUES (${settlement}, ${kind}, ${record}, ${debt}, ${date}, ${amount},
      1, 10, false) RETURNING id`);
    world.lines.push({ id: lineId, kind, record, settlement, gone: false });
  };

  for (let n = 0; n < DEBTS; n++) {
    const original = random.int(100_000, 5_000_000);
    const withRates = random.chance(0.2);
    const debt =
      await id(sql`INSERT INTO debts (debtor_id, company_id, debt_type_id, original_amount, origin_date,
      default_date, punitive_rate, interest_rate) VALUES (${debtor}, ${company}, 1, ${money(original)}, '2024-01-01',
      '2024-02-01', ${withRates ? '30' : '0'}, ${withRates ? '60' : null}) RETURNING id`);
    // A plan: some quotas paid (with their payment), some with mora.
    if (!withRates && random.chance(0.5)) {
      const count = random.int(1, 6);
      const amount = Math.floor(original / count);
      for (let q = 1; q <= count; q++) {
        const mora = random.chance(0.3) ? random.int(100, 50_000) : 0;
        const quota = await id(sql`INSERT INTO quotas (debt_id, number, amount, due_date, mora_amount)
          VALUES (${debt}, ${q}, ${money(amount)}, ${day(q + 2)}, ${money(mora)}) RETURNING id`);
        if (mora > 0) world.counts.mora += 1;
        if (random.chance(0.4)) {
          const total = money(amount + mora);
          const payment = await id(sql`INSERT INTO payments (debt_id, quota_id, amount, paid_at)
            VALUES (${debt}, ${quota}, ${total}, ${day(q + 2, 5)}) RETURNING id`);
          await database.db.execute(
            sql`UPDATE quotas SET status = 'PAGADA', paid_at = ${day(q + 2, 5)}, payment_id = ${payment} WHERE id = ${quota}`,
          );
          world.counts.payments += 1;
          world.paidQuotas.push({ id: quota, total });
          world.payments.push({ id: payment, amount: total, paidAt: day(q + 2, 5), settlement: null });
        }
      }
    }
    for (let p = random.int(0, 3); p > 0; p--) {
      const amount = money(random.int(100, Math.floor(original / 10)));
      const paidAt = day(random.int(2, 20), random.int(1, 28));
      const settled = random.chance(0.3);
      const payment =
        await id(sql`INSERT INTO payments (debt_id, amount, paid_at, method, receipt_number, paid_to_client,
        settlement_id) VALUES (${debt}, ${amount}, ${paidAt}, ${random.chance(0.5) ? 'TRANSFERENCIA' : 'EFECTIVO'},
        ${random.chance(0.5) ? `R-${n}-${p}` : null}, ${random.chance(0.2)}, ${settled ? closed : null}) RETURNING id`);
      world.counts.payments += 1;
      world.payments.push({ id: payment, amount, paidAt, settlement: settled ? closed : null });
      if (random.chance(0.6)) await receipt('PAYMENT', payment, amount);
      if (settled) await line('PAYMENT', payment, debt, paidAt, amount, closed);
      else if (random.chance(0.3)) await line('PAYMENT', payment, debt, paidAt, amount, draft);
    }
    for (let d = random.int(0, 2); d > 0; d--) {
      const amount = money(random.int(100, Math.floor(original / 10)));
      const date = day(random.int(2, 20));
      const settled = random.chance(0.3);
      const deposit = await id(sql`INSERT INTO deposits (debt_id, amount, deposited_at, bank, settlement_id)
        VALUES (${debt}, ${amount}, ${date}, 'Banco Nación', ${settled ? closed : null}) RETURNING id`);
      world.counts.deposits += 1;
      if (random.chance(0.5)) await receipt('DEPOSIT', deposit, amount);
      if (settled) await line('DEPOSIT', deposit, debt, date, amount, closed);
    }
    for (let s = random.int(0, 2); s > 0; s--) {
      await database.db.execute(sql`INSERT INTO services (debt_id, description, amount, date)
        VALUES (${debt}, 'Gastos de carta documento', ${money(random.int(100, 20_000))}, ${day(random.int(2, 20))})`);
      world.counts.services += 1;
    }
    if (random.chance(0.2)) {
      const discount = random.int(100, Math.floor(original / 5));
      const offer =
        await id(sql`INSERT INTO offers (debt_id, balance, amount, discount, discount_percent, quotas,
        down_payment, first_due_date, status) VALUES (${debt}, ${money(original)}, ${money(original - discount)},
        ${money(discount)}, 10, 1, 0, '2024-06-01', 'ACEPTADA') RETURNING id`);
      await database.db.execute(sql`INSERT INTO debt_reductions (debt_id, offer_id, amount, date)
        VALUES (${debt}, ${offer}, ${money(discount)}, '2024-06-01')`);
      world.counts.reductions += 1;
    }
    // A deleted payment: its receipt stays, voided, and its draft line points to nothing.
    if (random.chance(0.15)) {
      const gone = await id(
        sql`INSERT INTO payments (debt_id, amount, paid_at) VALUES (${debt}, '10.00', '2024-05-05') RETURNING id`,
      );
      await receipt('PAYMENT', gone, '10.00');
      await line('PAYMENT', gone, debt, '2024-05-05', '10.00', draft);
      await database.db.execute(sql`DELETE FROM payments WHERE id = ${gone}`);
      const last = world.receipts.at(-1);
      if (last) Object.assign(last, { kind: null, record: null });
      const drafted = world.lines.at(-1);
      if (drafted) drafted.gone = true;
    }
    world.debts.push({ id: debt, balance: '', services: '', mora: '', paid: '', withRates });
  }
  // The old triggers' totals, checked against the old rebuild before they are taken as the truth.
  const [rebuilt] = await all<{ changed: number }>(sql`SELECT debt_totals_rebuild() AS changed`);
  expect(Number(rebuilt?.changed)).toBe(0);
  const stored = await all<{ id: number; balance: string; services: string; mora: string; paid: string }>(sql`
    SELECT id, balance::text AS balance, services_amount::text AS services, mora_amount::text AS mora,
      paid_amount::text AS paid FROM debts`);
  for (const debt of world.debts)
    Object.assign(
      debt,
      stored.find((row) => Number(row.id) === debt.id),
    );
  return world;
}

forEachBackend('migration 0024: the money moves into the ledger exactly (issue 31)', (backend) => {
  let t: TestApp;
  let old: OldWorld;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend, {
      beforeMigrate: async (database) => {
        old = await fillOldSchema(database);
      },
    });
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  }, 120_000);
  afterAll(() => t?.close());
  const all = async <T>(query: SQL) => rowsOf<T>(await t.database.db.execute(query));

  it('every debt’s total under BOOKS, and its stored totals, equal the old stored balance', async () => {
    const rows = await readOwedRows(
      t.database.db,
      old.debts.map((debt) => debt.id),
    );
    expect(rows).toHaveLength(DEBTS);
    for (const debt of old.debts) {
      const row = rows.find((candidate) => candidate.id === debt.id);
      if (!row) throw new Error(`debt ${debt.id} missing`);
      expect(booksTotal(row.original_amount, row.moves), `debt ${debt.id}`).toBe(debt.balance);
      expect(row.balance).toBe(debt.balance);
      // PLAN and BOOKS read the books' figure: for every debt without rates it is `total` today.
      if (!debt.withRates) expect(owedOf(row).total).toBe(debt.balance);
      else expect(owedOf(row).basis).toBe('RATES');
    }
    const stored = await all<{ id: number; services: string; mora: string; paid: string }>(sql`
      SELECT id, services_amount::text AS services, mora_amount::text AS mora, paid_amount::text AS paid FROM debts`);
    for (const debt of old.debts) {
      const now = stored.find((row) => Number(row.id) === debt.id);
      expect({ services: now?.services, mora: now?.mora, paid: now?.paid }).toEqual({
        services: debt.services,
        mora: debt.mora,
        paid: debt.paid,
      });
    }
    const [rebuilt] = await all<{ changed: number }>(sql`SELECT debt_totals_rebuild() AS changed`);
    expect(Number(rebuilt?.changed)).toBe(0);
    // The balance call says the same.
    const sample = old.debts.find((debt) => !debt.withRates);
    const balance = await call(t.app, token, { method: 'GET', url: `/api/debts/${sample?.id}/balance` });
    expect(balance.status).toBe(200);
    expect(balance.body.total).toBe(sample?.balance);
  });

  it('one ledger row per old record, mora and reduction; the old functions are gone', async () => {
    const counts = await all<{ kind: string; n: number }>(
      sql`SELECT kind::text AS kind, count(*)::int AS n FROM ledger GROUP BY kind`,
    );
    const count = (kind: string) => Number(counts.find((row) => row.kind === kind)?.n ?? 0);
    expect({
      payments: count('PAYMENT'),
      deposits: count('DEPOSIT'),
      services: count('SERVICE'),
      mora: count('MORA'),
      reductions: count('REDUCTION'),
      reversals: count('REVERSAL'),
    }).toEqual({ ...old.counts, reversals: 0 });
    const functions = await all<{ proname: string }>(sql`SELECT proname FROM pg_proc
      WHERE proname IN ('debt_totals_delta', 'kpi_money_trigger', 'settled_money_frozen', 'receipts_void')`);
    expect(functions).toEqual([]);
  });

  it('a payment keeps its id, amount, date and settlement; the next one is numbered after every old id', async () => {
    for (const payment of old.payments) {
      const read = await call(t.app, token, { method: 'GET', url: `/api/payments/${payment.id}` });
      expect(read.status).toBe(200);
      expect({ amount: read.body.amount, paidAt: read.body.paidAt }).toEqual({
        amount: payment.amount,
        paidAt: payment.paidAt,
      });
      const [row] = await all<{ settlement_id: number | null }>(
        sql`SELECT settlement_id FROM ledger WHERE kind = 'PAYMENT' AND document_id = ${payment.id}`,
      );
      expect(row?.settlement_id === null ? null : Number(row?.settlement_id)).toBe(payment.settlement);
    }
    const [next] = await all<{ id: number }>(sql`SELECT nextval('ledger_document_seq') AS id`);
    const [max] = await all<{ id: number }>(sql`SELECT max(document_id) AS id FROM ledger`);
    expect(Number(next?.id)).toBeGreaterThan(Number(max?.id));
  });

  it('every receipt points to the row it printed; a voided one to none', async () => {
    const receipts = await all<{ number: number; kind: string | null; record: number | null }>(sql`
      SELECT r.number, l.kind::text AS kind, l.document_id AS record FROM receipts r LEFT JOIN ledger l ON l.id = r.ledger_id`);
    expect(receipts).toHaveLength(old.receipts.length);
    for (const receipt of old.receipts) {
      const now = receipts.find((row) => Number(row.number) === receipt.number);
      expect({ kind: now?.kind ?? null, record: now?.record === null ? null : Number(now?.record) }).toEqual({
        kind: receipt.kind,
        record: receipt.record,
      });
    }
  });

  it('every settlement line points to its row; a draft’s line whose money was gone is dropped', async () => {
    const lines = await all<{ id: number; kind: string; record: number; settlement: number }>(sql`
      SELECT s.id, l.kind::text AS kind, l.document_id AS record, s.settlement_id AS settlement
      FROM settlement_lines s JOIN ledger l ON l.id = s.ledger_id`);
    const kept = old.lines.filter((line) => !line.gone);
    expect(lines).toHaveLength(kept.length);
    for (const line of kept) {
      const now = lines.find((row) => Number(row.id) === line.id);
      expect({ kind: now?.kind, record: Number(now?.record), settlement: Number(now?.settlement) }).toEqual({
        kind: line.kind,
        record: line.record,
        settlement: line.settlement,
      });
    }
  });

  it('a quota paid before keeps its whole amount and mora as paid', async () => {
    for (const quota of old.paidQuotas) {
      const [row] = await all<{ status: string; paid: string }>(
        sql`SELECT status::text AS status, paid_amount::text AS paid FROM quotas WHERE id = ${quota.id}`,
      );
      expect(row).toEqual({ status: 'PAGADA', paid: quota.total });
    }
  });
});
