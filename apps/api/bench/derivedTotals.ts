/**
 * How should a debt's derived money totals be kept? Measures, on a scratch database migrated with
 * the product's migrations (never the `test` database):
 *   A      lock the debt, insert a payment, the real recomputeDebtTotals (today's code path)
 *   A+kb   the same with the real keepBooks (what a POST /payments does after the insert)
 *   B      an AFTER row trigger on payments/deposits/services/quotas recomputing the same sums
 *   Bstmt  (bulk only) an AFTER INSERT … FOR EACH STATEMENT trigger over the transition table
 *   C      an AFTER row trigger adding deltas (paid += NEW.amount, balance −= NEW.amount)
 *   …-noKPI the same with the kpi_payments/kpi_debts triggers of migration 0003 disabled
 *   N      what the product does since migration 0009 (issue 15): lock the debt, insert the payment;
 *          the debt_totals delta triggers keep the totals, the KPI deltas are folded at COMMIT
 *   N+kb   the same through the real lockDebt + keepBooks (what POST /payments runs)
 * A, B, C and their variants run with 0009's debt_totals triggers disabled and 0003's immediate KPI
 * upserts put back (the world before 0009); A's recompute is a copy of the old totals.ts.
 * (1) single-write latency on debts with 0, 10, 200 payments, (2) a 10 000-payment import over
 * 1 000 debts in one transaction, (3) 8 connections × 50 payments on one debt (READ COMMITTED):
 * are the stored totals right? also without the debt lock, and on 8 distinct debts of one company
 * (the KPI rows are then the shared hot rows), (4) the KPI triggers' share, (5) a lock-order
 * deadlock between two product paths (pay a quota / undo a quota's payment on two debts).
 *
 *   node --import tsx apps/api/bench/derivedTotals.ts [--writes 2000] [--pglite-writes 500]
 *        [--database-url postgres://postgres@127.0.0.1:5432/totals_bench] [--no-pglite] [--no-postgres]
 *        [--modes A,C,N,N+kb] [--parts 1,2,3,5]
 *
 * The PostgreSQL database named in --database-url is dropped and created again, and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { createDatabase, type Database, type Db } from '../src/db/client';
import { debts, payments } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { keepBooks } from '../src/modules/debts/books';
import { lockDebt } from '../src/modules/scope';

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const WRITES = Number(arg('writes') ?? 2000);
const PGLITE_WRITES = Number(arg('pglite-writes') ?? 500);
const DATABASE_URL = arg('database-url') ?? 'postgres://postgres@127.0.0.1:5432/totals_bench';
const WITH_PGLITE = !argv.includes('--no-pglite');
const WITH_POSTGRES = !argv.includes('--no-postgres');
const MODES = arg('modes')?.split(',');
const PARTS = (arg('parts') ?? '1,2,3,5').split(',');
const PAID_AT = '2026-01-15';
const AMOUNT = '1.23';

type Mode =
  | 'A'
  | 'N'
  | 'N+kb'
  | 'A+kb'
  | 'B'
  | 'Bstmt'
  | 'C'
  | 'A-noKPI'
  | 'C-noKPI'
  | 'A-fold'
  | 'C-fold'
  | 'B-nolock'
  | 'C-nolock';
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ---------------------------------------------------------------------------------------------
// The alternative mechanisms, created in the scratch database only.
const TRIGGERS_SQL = [
  // Same UPDATE as totals.ts, for one debt.
  `CREATE FUNCTION bench_recompute(debt integer) RETURNS void LANGUAGE sql AS $$
    UPDATE debts SET services_amount = t.services, mora_amount = t.mora, paid_amount = t.paid,
      balance = debts.original_amount + t.services + t.mora - t.paid
    FROM (SELECT
      (SELECT coalesce(sum(amount), 0) FROM services WHERE debt_id = debt) AS services,
      (SELECT coalesce(sum(mora_amount), 0) FROM quotas WHERE debt_id = debt) AS mora,
      (SELECT coalesce(sum(amount), 0) FROM payments WHERE debt_id = debt)
        + (SELECT coalesce(sum(amount), 0) FROM deposits WHERE debt_id = debt) AS paid) AS t
    WHERE debts.id = debt
  $$`,
  `CREATE FUNCTION bench_full_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM bench_recompute(OLD.debt_id); END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.debt_id <> OLD.debt_id) THEN
      PERFORM bench_recompute(NEW.debt_id);
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION bench_delta_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    o numeric := 0; n numeric := 0;
  BEGIN
    IF TG_TABLE_NAME = 'quotas' THEN
      IF TG_OP <> 'INSERT' THEN o := OLD.mora_amount; END IF;
      IF TG_OP <> 'DELETE' THEN n := NEW.mora_amount; END IF;
    ELSE
      IF TG_OP <> 'INSERT' THEN o := OLD.amount; END IF;
      IF TG_OP <> 'DELETE' THEN n := NEW.amount; END IF;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.debt_id = OLD.debt_id THEN
      IF n = o THEN RETURN NULL; END IF;
      n := n - o; o := 0;
    END IF;
    IF TG_TABLE_NAME IN ('payments', 'deposits') THEN
      IF o <> 0 THEN UPDATE debts SET paid_amount = paid_amount - o, balance = balance + o WHERE id = OLD.debt_id; END IF;
      IF n <> 0 THEN UPDATE debts SET paid_amount = paid_amount + n, balance = balance - n WHERE id = NEW.debt_id; END IF;
    ELSIF TG_TABLE_NAME = 'services' THEN
      IF o <> 0 THEN UPDATE debts SET services_amount = services_amount - o, balance = balance - o WHERE id = OLD.debt_id; END IF;
      IF n <> 0 THEN UPDATE debts SET services_amount = services_amount + n, balance = balance + n WHERE id = NEW.debt_id; END IF;
    ELSE
      IF o <> 0 THEN UPDATE debts SET mora_amount = mora_amount - o, balance = balance - o WHERE id = OLD.debt_id; END IF;
      IF n <> 0 THEN UPDATE debts SET mora_amount = mora_amount + n, balance = balance + n WHERE id = NEW.debt_id; END IF;
    END IF;
    RETURN NULL;
  END $$`,
  // One recompute per debt touched by the statement (payments INSERT only, for the bulk test).
  `CREATE FUNCTION bench_stmt_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM bench_recompute(d.debt_id) FROM (SELECT DISTINCT debt_id FROM new_rows ORDER BY debt_id) d;
    RETURN NULL;
  END $$`,
  ...['payments', 'deposits', 'services', 'quotas'].flatMap((table) => [
    `CREATE TRIGGER bench_full AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION bench_full_trigger()`,
    `CREATE TRIGGER bench_delta AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION bench_delta_trigger()`,
    `ALTER TABLE ${table} DISABLE TRIGGER bench_full`,
    `ALTER TABLE ${table} DISABLE TRIGGER bench_delta`,
  ]),
  `CREATE TRIGGER bench_stmt AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bench_stmt_trigger()`,
  `ALTER TABLE payments DISABLE TRIGGER bench_stmt`,
  // "fold": the KPI row triggers only append deltas (insert-only, no shared row locked); one
  // deferred constraint trigger folds the transaction's deltas at COMMIT, one upsert per key, in
  // key order. Bench scope: payments (kpi_collected) and debts' paid/balance/original (kpi_portfolio).
  `CREATE TABLE bench_kpi_pending (tx bigint NOT NULL DEFAULT txid_current(), kind smallint NOT NULL,
    company_id integer NOT NULL, k integer NOT NULL, day date, currency currency NOT NULL, n integer NOT NULL,
    amount numeric NOT NULL, paid numeric NOT NULL DEFAULT 0, balance numeric NOT NULL DEFAULT 0)`,
  `CREATE INDEX bench_kpi_pending_tx ON bench_kpi_pending (tx)`,
  `CREATE FUNCTION bench_kpi_money() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN
      INSERT INTO bench_kpi_pending (kind, company_id, k, day, currency, n, amount)
        SELECT 1, d.company_id, 0, OLD.paid_at, d.currency, -1, -OLD.amount FROM debts d WHERE d.id = OLD.debt_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO bench_kpi_pending (kind, company_id, k, day, currency, n, amount)
        SELECT 1, d.company_id, 0, NEW.paid_at, d.currency, 1, NEW.amount FROM debts d WHERE d.id = NEW.debt_id;
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION bench_kpi_debts() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO bench_kpi_pending (kind, company_id, k, currency, n, amount, paid, balance)
      VALUES (2, NEW.company_id, coalesce(NEW.collection_type_id, 0), NEW.currency, 0,
        NEW.original_amount - OLD.original_amount, NEW.paid_amount - OLD.paid_amount, NEW.balance - OLD.balance);
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION bench_kpi_fold() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF current_setting('bench.folded', true) = txid_current()::text THEN RETURN NULL; END IF;
    PERFORM set_config('bench.folded', txid_current()::text, true);
    PERFORM kpi_add_collected(company_id, day, currency, n, amount) FROM (
      SELECT company_id, day, currency, sum(n)::int AS n, sum(amount) AS amount FROM bench_kpi_pending
      WHERE tx = txid_current() AND kind = 1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) s;
    PERFORM kpi_add_portfolio(company_id, k, currency, 0, amount, paid, balance) FROM (
      SELECT company_id, k, currency, sum(amount) AS amount, sum(paid) AS paid, sum(balance) AS balance FROM bench_kpi_pending
      WHERE tx = txid_current() AND kind = 2 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) s;
    DELETE FROM bench_kpi_pending WHERE tx = txid_current();
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER bench_kpi AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION bench_kpi_money()`,
  `CREATE TRIGGER bench_kpi AFTER UPDATE OF original_amount, paid_amount, balance ON debts FOR EACH ROW EXECUTE FUNCTION bench_kpi_debts()`,
  `CREATE CONSTRAINT TRIGGER bench_kpi_fold AFTER INSERT ON bench_kpi_pending DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bench_kpi_fold()`,
  `ALTER TABLE payments DISABLE TRIGGER bench_kpi`,
  `ALTER TABLE debts DISABLE TRIGGER bench_kpi`,
];

// 0003's kpi_add_* (immediate upserts) and 0009's (append to kpi_pending, folded at COMMIT).
const KPI_ADD_IMMEDIATE = [
  `CREATE OR REPLACE FUNCTION kpi_add_placed(c integer, d date, t integer, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
    INSERT INTO kpi_placed AS k (company_id, day, debt_type_id, currency, debts, original_amount) VALUES (c, d, t, cur, n, amount)
    ON CONFLICT (company_id, day, debt_type_id, currency)
    DO UPDATE SET debts = k.debts + EXCLUDED.debts, original_amount = k.original_amount + EXCLUDED.original_amount $$`,
  `CREATE OR REPLACE FUNCTION kpi_add_collected(c integer, d date, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
    INSERT INTO kpi_collected AS k (company_id, day, currency, movements, amount) VALUES (c, d, cur, n, amount)
    ON CONFLICT (company_id, day, currency)
    DO UPDATE SET movements = k.movements + EXCLUDED.movements, amount = k.amount + EXCLUDED.amount $$`,
  `CREATE OR REPLACE FUNCTION kpi_add_unpaid(c integer, d date, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
    INSERT INTO kpi_unpaid_quotas AS k (company_id, due_date, currency, quotas, amount) VALUES (c, d, cur, n, amount)
    ON CONFLICT (company_id, due_date, currency)
    DO UPDATE SET quotas = k.quotas + EXCLUDED.quotas, amount = k.amount + EXCLUDED.amount $$`,
  `CREATE OR REPLACE FUNCTION kpi_add_portfolio(c integer, t integer, cur currency, n integer, original numeric, paid numeric, bal numeric) RETURNS void LANGUAGE sql AS $$
    INSERT INTO kpi_portfolio AS k (company_id, collection_type_id, currency, debts, original_amount, paid_amount, balance)
    VALUES (c, coalesce(t, 0), cur, n, original, paid, bal)
    ON CONFLICT (company_id, collection_type_id, currency)
    DO UPDATE SET debts = k.debts + EXCLUDED.debts, original_amount = k.original_amount + EXCLUDED.original_amount,
      paid_amount = k.paid_amount + EXCLUDED.paid_amount, balance = k.balance + EXCLUDED.balance $$`,
];
let KPI_ADD_APPEND: string[] = [];

/** 0009's kpi_add_* as the migration created them, read back before the bench replaces them. */
async function readAppendBodies(db: Db) {
  const rows = rowsOf<{ def: string }>(
    await db.execute(sql`SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p
      WHERE p.proname IN ('kpi_add_placed', 'kpi_add_collected', 'kpi_add_unpaid', 'kpi_add_portfolio')`),
  );
  KPI_ADD_APPEND = rows.map((row) => row.def);
}

async function setMode(db: Db, mode: Mode) {
  const product = mode === 'N' || mode === 'N+kb';
  for (const table of ['payments', 'deposits', 'services', 'quotas'])
    await db.execute(sql.raw(`ALTER TABLE ${table} ${product ? 'ENABLE' : 'DISABLE'} TRIGGER debt_totals`));
  for (const statement of product ? KPI_ADD_APPEND : KPI_ADD_IMMEDIATE) await db.execute(sql.raw(statement));
  const trigger = mode.startsWith('B')
    ? mode === 'Bstmt'
      ? 'stmt'
      : 'full'
    : mode.startsWith('C')
      ? 'delta'
      : null;
  const kpi = !mode.endsWith('noKPI') && !mode.endsWith('fold');
  // N: 0009's own KPI triggers (kpi_payments, kpi_debts append) and no bench trigger.
  const fold = mode.endsWith('fold');
  const statements: string[] = [];
  for (const table of ['payments', 'deposits', 'services', 'quotas'])
    for (const name of ['full', 'delta'])
      statements.push(
        `ALTER TABLE ${table} ${name === trigger ? 'ENABLE' : 'DISABLE'} TRIGGER bench_${name}`,
      );
  statements.push(`ALTER TABLE payments ${trigger === 'stmt' ? 'ENABLE' : 'DISABLE'} TRIGGER bench_stmt`);
  statements.push(`ALTER TABLE payments ${kpi ? 'ENABLE' : 'DISABLE'} TRIGGER kpi_payments`);
  statements.push(`ALTER TABLE debts ${kpi ? 'ENABLE' : 'DISABLE'} TRIGGER kpi_debts`);
  statements.push(`ALTER TABLE payments ${fold ? 'ENABLE' : 'DISABLE'} TRIGGER bench_kpi`);
  statements.push(`ALTER TABLE debts ${fold ? 'ENABLE' : 'DISABLE'} TRIGGER bench_kpi`);
  for (const statement of statements) await db.execute(sql.raw(statement));
}

// ---------------------------------------------------------------------------------------------
const USER = { sub: 1, alias: 'admin', type: 1, company: null } as never;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function lock(tx: Tx, debtId: number) {
  await tx.select({ id: debts.id }).from(debts).where(eq(debts.id, debtId)).for('no key update');
}

/** recomputeDebtTotals as it was before migration 0009 (modules/debts/totals.ts): lock, full sums. */
async function recomputeDebtTotals(tx: Tx, debtId: number) {
  await lock(tx, debtId);
  await tx.execute(sql`
    UPDATE debts SET services_amount = t.services, mora_amount = t.mora, paid_amount = t.paid,
      balance = debts.original_amount + t.services + t.mora - t.paid
    FROM (SELECT
      (SELECT coalesce(sum(amount), 0) FROM services WHERE debt_id = ${debtId}) AS services,
      (SELECT coalesce(sum(mora_amount), 0) FROM quotas WHERE debt_id = ${debtId}) AS mora,
      (SELECT coalesce(sum(amount), 0) FROM payments WHERE debt_id = ${debtId})
        + (SELECT coalesce(sum(amount), 0) FROM deposits WHERE debt_id = ${debtId}) AS paid) AS t
    WHERE debts.id = ${debtId}`);
}

/** One payment write, the way `mode` keeps the totals. */
async function pay(db: Db, mode: Mode, debtId: number) {
  await db.transaction(async (tx) => {
    if (mode === 'N+kb') {
      const locked = await lockDebt(tx, debtId, USER);
      await tx.insert(payments).values({ debtId, amount: AMOUNT, paidAt: PAID_AT, method: 'EFECTIVO' });
      await keepBooks(tx, USER, locked);
      return;
    }
    if (!mode.endsWith('nolock')) await lock(tx, debtId);
    await tx.insert(payments).values({ debtId, amount: AMOUNT, paidAt: PAID_AT, method: 'EFECTIVO' });
    if (mode === 'A' || mode === 'A-noKPI' || mode === 'A-fold') await recomputeDebtTotals(tx, debtId);
  });
}

let companyId = 0;
let debtorId = 0;

/** `n` new debts, each with `existing` payments of 1.00 and its totals right; returns their ids. */
async function makeDebts(db: Db, n: number, existing: number, company = companyId): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO debts (debtor_id, company_id, debt_type_id, original_amount, balance)
      SELECT ${debtorId}, ${company}, 1, 1000000, 1000000 FROM generate_series(1, ${n}) RETURNING id`),
  );
  const ids = rows.map((row) => Number(row.id));
  if (existing > 0 && ids.length > 0) {
    const [low, high] = [Math.min(...ids), Math.max(...ids)];
    await db.execute(sql`INSERT INTO payments (debt_id, amount, paid_at)
      SELECT d, 1.00, ${PAID_AT}::date FROM generate_series(${low}::int, ${high}::int) d, generate_series(1, ${existing})`);
    await db.execute(sql`UPDATE debts SET paid_amount = ${existing}, balance = original_amount - ${existing}
      WHERE id BETWEEN ${low} AND ${high}`);
  }
  return ids;
}

/** Debts among `ids` whose stored totals differ from the sums of their records. */
async function drift(db: Db, ids: number[]) {
  const [row] = rowsOf<{ bad: number; stored: string; summed: string }>(
    await db.execute(sql`
    WITH s AS (SELECT d.id, d.paid_amount, d.balance, d.original_amount,
      (SELECT coalesce(sum(amount), 0) FROM services WHERE debt_id = d.id) AS services,
      (SELECT coalesce(sum(mora_amount), 0) FROM quotas WHERE debt_id = d.id) AS mora,
      (SELECT coalesce(sum(amount), 0) FROM payments WHERE debt_id = d.id)
        + (SELECT coalesce(sum(amount), 0) FROM deposits WHERE debt_id = d.id) AS paid
      FROM debts d WHERE d.id = ANY(${`{${ids.join(',')}}`}::int[]))
    SELECT count(*) FILTER (WHERE paid_amount <> paid OR balance <> original_amount + services + mora - paid)::int AS bad,
      sum(paid_amount)::text AS stored, sum(paid)::text AS summed FROM s`),
  );
  return { bad: Number(row?.bad ?? 0), stored: row?.stored ?? '0', summed: row?.summed ?? '0' };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const ms = (value: number) => value.toFixed(2);

interface Engine {
  name: 'postgres' | 'pglite';
  database: Database;
  db: Db;
  close(): Promise<void>;
}

async function openPostgres(): Promise<Engine> {
  const name = new URL(DATABASE_URL).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'test' || name === 'postgres')
    throw new Error(`Base de prueba inválida: ${name}`);
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const adminClient = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await adminClient(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminClient(`CREATE DATABASE ${name}`);
  const config = loadConfig({
    DATABASE_URL,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-totals-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: 'clave-admin-123',
  });
  const database = await createDatabase(config);
  await database.migrate();
  await seed(database.db, config, () => {});
  return {
    name: 'postgres',
    database,
    db: database.db,
    async close() {
      await database.close();
      await adminClient(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

async function openPglite(): Promise<Engine> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-totals-'));
  const config = loadConfig({
    DATA_DIR: dir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: 'clave-admin-123',
  });
  const database = await createDatabase(config, { memory: true });
  await database.migrate();
  await seed(database.db, config, () => {});
  return {
    name: 'pglite',
    database,
    db: database.db,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function prepare(db: Db) {
  await readAppendBodies(db);
  for (const statement of TRIGGERS_SQL) await db.execute(sql.raw(statement));
  const [company] = rowsOf<{ id: number }>(
    await db.execute(
      sql`INSERT INTO companies (name, cuit) VALUES ('Bench Totales S.A.', '30712345671') RETURNING id`,
    ),
  );
  const [debtor] = rowsOf<{ id: number }>(
    await db.execute(
      sql`INSERT INTO debtors (dni, first_name, last_name) VALUES ('30111222', 'Ana', 'Bench') RETURNING id`,
    ),
  );
  companyId = Number(company?.id);
  debtorId = Number(debtor?.id);
}

// ---------------------------------------------------------------------------------------------
// (1) + (4): single-write latency.
// A+kb (the old keepBooks) is gone with 0009: its recompute is no longer the product's.
const chosen = (modes: Mode[]) => (MODES ? modes.filter((mode) => MODES.includes(mode)) : modes);
const LATENCY_MODES: Mode[] = chosen(['A', 'B', 'C', 'A-noKPI', 'C-noKPI', 'A-fold', 'C-fold', 'N', 'N+kb']);
const GROUPS = [0, 10, 200];

async function latency(engine: Engine, writes: number) {
  const { db } = engine;
  const rounds = 4;
  const perRound = Math.ceil(writes / rounds);
  const pools = new Map<string, number[]>();
  const pool = (existing: number) => (existing === 0 ? writes : existing === 10 ? writes / 10 : writes / 20);
  for (const mode of LATENCY_MODES)
    for (const existing of GROUPS)
      pools.set(`${mode}/${existing}`, await makeDebts(db, Math.ceil(pool(existing)), existing));
  await db.execute(sql`VACUUM ANALYZE debts`);
  await db.execute(sql`VACUUM ANALYZE payments`);
  const samples = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++)
    // Rotate the order every round: a drift of the shared machine does not favour one mode.
    for (const existing of GROUPS)
      for (const mode of [
        ...LATENCY_MODES.slice(round % LATENCY_MODES.length),
        ...LATENCY_MODES.slice(0, round % LATENCY_MODES.length),
      ]) {
        await setMode(db, mode);
        const ids = pools.get(`${mode}/${existing}`) as number[];
        const times = samples.get(`${mode}/${existing}`) ?? [];
        samples.set(`${mode}/${existing}`, times);
        for (let k = 0; k < perRound; k++) {
          const debtId = ids[(round * perRound + k) % ids.length] as number;
          const started = performance.now();
          await pay(db, mode, debtId);
          times.push(performance.now() - started);
        }
      }
  const out: { mode: Mode; existing: number; median: number; p95: number; n: number; bad: number }[] = [];
  for (const mode of LATENCY_MODES)
    for (const existing of GROUPS) {
      const times = (samples.get(`${mode}/${existing}`) as number[]).sort((a, b) => a - b);
      const { bad } = await drift(db, pools.get(`${mode}/${existing}`) as number[]);
      out.push({
        mode,
        existing,
        median: quantile(times, 0.5),
        p95: quantile(times, 0.95),
        n: times.length,
        bad,
      });
    }
  return out;
}

// ---------------------------------------------------------------------------------------------
// (2): an import of 10 000 payments over 1 000 debts in one transaction.
const BULK_MODES: Mode[] = chosen(['A', 'B', 'Bstmt', 'C', 'A-noKPI', 'C-noKPI', 'A-fold', 'C-fold', 'N']);

async function bulk(engine: Engine, reps: number) {
  const { db } = engine;
  const samples = new Map<Mode, number[]>();
  const bad = new Map<Mode, number>();
  for (let rep = 0; rep < reps; rep++)
    for (const mode of BULK_MODES) {
      await setMode(db, mode);
      const ids = await makeDebts(db, 1000, 0);
      const rows = Array.from({ length: 10_000 }, (_, i) => ({
        debtId: ids[i % ids.length] as number,
        amount: AMOUNT,
        paidAt: PAID_AT,
        method: 'EFECTIVO' as const,
      }));
      const started = performance.now();
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 1000) await tx.insert(payments).values(rows.slice(i, i + 1000));
        // A: once per debt touched, at the end (in id order: the same lock order for every import).
        if (mode === 'A' || mode === 'A-noKPI' || mode === 'A-fold')
          for (const id of ids) await recomputeDebtTotals(tx, id);
      });
      const seconds = (performance.now() - started) / 1000;
      samples.set(mode, [...(samples.get(mode) ?? []), seconds]);
      bad.set(mode, (bad.get(mode) ?? 0) + (await drift(db, ids)).bad);
    }
  return BULK_MODES.map((mode) => {
    const times = (samples.get(mode) as number[]).sort((a, b) => a - b);
    return {
      mode,
      median: quantile(times, 0.5),
      min: times[0] as number,
      reps: times.length,
      bad: bad.get(mode) ?? 0,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// (3): 8 connections × 50 payments under READ COMMITTED.
async function concurrency(engine: Engine, mode: Mode, distinct: boolean) {
  const { db } = engine;
  await setMode(db, mode);
  const ids = await makeDebts(db, distinct ? 8 : 1, 0);
  const errors: string[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async (_, worker) => {
      for (let k = 0; k < 50; k++)
        await pay(db, mode, ids[distinct ? worker : 0] as number).catch((error: unknown) => {
          const code =
            (error as { cause?: { code?: string }; code?: string }).cause?.code ??
            (error as { code?: string }).code;
          errors.push(code ?? String(error));
        });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const result = await drift(db, ids);
  return { mode, distinct, seconds, errors, ...result, tps: (400 - errors.length) / seconds };
}

// ---------------------------------------------------------------------------------------------
// (5): two product paths, two debts of one company, KPI rows taken in opposite orders.
//   T1 = PATCH /quotas/{x}/pay:      INSERT payment (kpi_collected) … UPDATE quota → PAGADA (kpi_unpaid_quotas)
//   T2 = DELETE /quotas/{y}/payment: UPDATE quota → PENDIENTE (kpi_unpaid_quotas) … DELETE payment (kpi_collected)
async function deadlock(engine: Engine, mode: Mode) {
  const { db } = engine;
  await setMode(db, mode);
  const [x, y] = await makeDebts(db, 2, 0);
  const due = '2026-02-01';
  const [qx] = rowsOf<{ id: number }>(
    await db.execute(
      sql`INSERT INTO quotas (debt_id, number, amount, due_date) VALUES (${x}, 1, 100, ${due}) RETURNING id`,
    ),
  );
  const [py] = rowsOf<{ id: number }>(
    await db.execute(
      sql`INSERT INTO payments (debt_id, amount, paid_at) VALUES (${y}, 100, ${PAID_AT}) RETURNING id`,
    ),
  );
  const [qy] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO quotas (debt_id, number, amount, due_date, status, payment_id, paid_at)
      VALUES (${y}, 1, 100, ${due}, 'PAGADA', ${py?.id}, ${PAID_AT}) RETURNING id`),
  );
  const t1 = new pg.Client({ connectionString: DATABASE_URL });
  const t2 = new pg.Client({ connectionString: DATABASE_URL });
  await Promise.all([t1.connect(), t2.connect()]);
  const outcome: string[] = [];
  const run = (client: pg.Client, label: string, statement: string) =>
    client.query(statement).then(
      () => undefined,
      (error: { code?: string }) => {
        outcome.push(`${label}: ${error.code}`);
        return client.query('ROLLBACK');
      },
    );
  try {
    await t1.query('BEGIN');
    await t2.query('BEGIN');
    // Both lock their own debt first, as the product does: no conflict there.
    await t1.query(`SELECT id FROM debts WHERE id = ${x} FOR NO KEY UPDATE`);
    await t2.query(`SELECT id FROM debts WHERE id = ${y} FOR NO KEY UPDATE`);
    await t1.query(
      `INSERT INTO payments (debt_id, quota_id, amount, paid_at) VALUES (${x}, ${qx?.id}, 100, '${PAID_AT}')`,
    );
    await t2.query(
      `UPDATE quotas SET status = 'PENDIENTE', payment_id = NULL, paid_at = NULL WHERE id = ${qy?.id}`,
    );
    const a = run(
      t1,
      'T1 pay',
      `UPDATE quotas SET status = 'PAGADA', paid_at = '${PAID_AT}' WHERE id = ${qx?.id}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const b = run(t2, 'T2 undo', `DELETE FROM payments WHERE id = ${py?.id}`);
    await Promise.all([a, b]);
    await t1.query('COMMIT').catch(() => {});
    await t2.query('COMMIT').catch(() => {});
  } finally {
    await Promise.all([t1.end(), t2.end()]);
  }
  return outcome.length ? outcome.join(', ') : 'sin deadlock';
}

// ---------------------------------------------------------------------------------------------
async function main() {
  const lines: string[] = [];
  const log = (line = '') => {
    lines.push(line);
    console.log(line);
  };
  const engines: (() => Promise<Engine>)[] = WITH_POSTGRES ? [openPostgres] : [];
  if (WITH_PGLITE) engines.push(openPglite);
  for (const open of engines) {
    const engine = await open();
    try {
      await prepare(engine.db);
      const writes = engine.name === 'postgres' ? WRITES : PGLITE_WRITES;
      log(`\n## ${engine.name}\n`);
      if (PARTS.includes('1')) {
        log(`### (1)+(4) Latencia de un pago (ms por transacción, ${writes} escrituras por celda)\n`);
        log('| modo | pagos previos | mediana | p95 | mediana / A | deudas con totales mal |');
        log('|---|---|---|---|---|---|');
        const lat = await latency(engine, writes);
        for (const row of lat) {
          const base = lat.find((other) => other.mode === 'A' && other.existing === row.existing);
          log(
            `| ${row.mode} | ${row.existing} | ${ms(row.median)} | ${ms(row.p95)} | ${(row.median / (base?.median ?? 1)).toFixed(2)} | ${row.bad} |`,
          );
        }
      }
      if (PARTS.includes('2')) {
        const reps = engine.name === 'postgres' ? 3 : 1;
        log(`\n### (2) Importación: 10 000 pagos en 1 000 deudas, una transacción (${reps} rep.)\n`);
        log('| modo | mediana s | mín s | / A | deudas con totales mal |');
        log('|---|---|---|---|---|');
        const bulkRows = await bulk(engine, reps);
        const bulkA = bulkRows.find((row) => row.mode === 'A')?.median ?? 1;
        for (const row of bulkRows)
          log(
            `| ${row.mode} | ${row.median.toFixed(2)} | ${row.min.toFixed(2)} | ${(row.median / bulkA).toFixed(2)} | ${row.bad} |`,
          );
      }
      if (engine.name === 'postgres' && PARTS.includes('3')) {
        log('\n### (3) 8 conexiones × 50 pagos, READ COMMITTED\n');
        log('| modo | deudas | s | pagos/s | errores | pagado guardado | suma de pagos | ¿correcto? |');
        log('|---|---|---|---|---|---|---|---|');
        const cases: [Mode, boolean][] = [
          ['A', false],
          ['B', false],
          ['C', false],
          ['B-nolock', false],
          ['C-nolock', false],
          ['A', true],
          ['A-noKPI', true],
          ['C', true],
          ['C-noKPI', true],
          ['C-nolock', true],
          ['A-fold', true],
          ['C-fold', true],
          ['C-fold', false],
          ['N', false],
          ['N', true],
        ];
        for (const [mode, distinct] of cases) {
          const r = await concurrency(engine, mode, distinct);
          const errors = r.errors.length ? `${r.errors.length} (${[...new Set(r.errors)].join(', ')})` : '0';
          log(
            `| ${mode} | ${distinct ? '8 distintas, 1 compañía' : '1'} | ${r.seconds.toFixed(2)} | ${r.tps.toFixed(0)} | ${errors} | ${r.stored} | ${r.summed} | ${r.bad === 0 ? 'sí' : `NO (${r.bad})`} |`,
          );
        }
      }
      if (engine.name === 'postgres' && PARTS.includes('5')) {
        log(
          `\n### (5) Orden de locks en filas KPI (pagar cuota en X ∥ anular pago de cuota en Y, misma compañía)\n`,
        );
        log(`Resultado antes de 0009 (A): ${await deadlock(engine, 'A')}`);
        log(`Resultado con 0009 (N): ${await deadlock(engine, 'N')}`);
      }
    } finally {
      await engine.close();
    }
  }
  console.log('\n(fin)');
  return lines;
}

await main();
process.exit(0);
