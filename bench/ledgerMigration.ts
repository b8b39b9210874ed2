/**
 * Migration 0024 is exact on real data (issue 31, item 5):
 *
 *   node --import tsx bench/ledgerMigration.ts --url postgres://postgres@127.0.0.1:5432/ledgercheck_demo [--keep]
 *
 * The database must still be at migration 0023, made by the code before the ledger (a6ce7e2: its
 * `npm run demo`, its `npm run bench:data -- --db postgres --database-url URL`). It is left untouched:
 * a copy (<name>_0024, CREATE DATABASE … TEMPLATE) is read, migrated the way the API does at start
 * (migrate(), then seed(), which finishes 0024: the quotas' shares) and dropped (--keep keeps it), so
 * the script runs again on the same database. It proves that:
 *  - every debt's `total` under basis BOOKS (amountOwed with the debt's rates left out, on today or on
 *    its last dated row when later) equals its old stored balance, and so does the new stored balance;
 *  - where the API's own basis is BOOKS or PLAN, the balance call's total today is that figure less the
 *    rows dated after today (the old code took them; the old balance held them, a balance to today not);
 *  - one ledger row per old payment, deposit, service, quota mora and reduction;
 *  - every old link is still there: receipt → its payment or deposit (voided or not), settlement line →
 *    its record, settled payment/deposit → its settlement, debt → its import. A draft's line whose money
 *    was deleted is dropped by 0024, as designed (counted apart; a closed settlement's would fail).
 * Paid quotas are reported, not judged: 0024 has the new allocation (shared/owed.ts) work them out again.
 * Money is compared as decimal strings (BigInt cents), never floats. Prints a summary in Spanish; exit 1
 * on any difference, 2 when the database is not at 0023.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { agencyToday, amountOwed, compareMoney, fromCents, LEDGER_KINDS, toCents } from '@cobranzas/shared';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase, type Db } from '../apps/api/src/db/client';
import { seed } from '../apps/api/src/db/seed';
import { owedOf, readOwedRows } from '../apps/api/src/modules/debts/balance';
import { cliArg } from './api';

const SOURCE = cliArg('url', '');
const MIGRATIONS_AT_0023 = 24; // 0000 … 0023
const BATCH = 2000;
const n = (value: number | string | undefined) => Number(value ?? 0).toLocaleString('es-AR');
const today = agencyToday();

/** Each link as a comparable key, in the old schema (0023) and after 0024 (a row's document_id is its record's id). */
const LINKS = {
  'recibos → pago/depósito': [
    `SELECT id || '→' || coalesce(CASE WHEN payment_id IS NOT NULL THEN 'PAYMENT:' || payment_id
      WHEN deposit_id IS NOT NULL THEN 'DEPOSIT:' || deposit_id END, '-') || coalesce(' anulado ' || (voided_at IS NOT NULL), '') AS key FROM receipts`,
    `SELECT r.id || '→' || coalesce(l.kind || ':' || l.document_id, '-') || coalesce(' anulado ' || (r.voided_at IS NOT NULL), '') AS key
      FROM receipts r LEFT JOIN ledger l ON l.id = r.ledger_id`,
  ],
  'líneas de rendición → registro': [
    `SELECT s.id || '→' || s.settlement_id || ':' || s.kind || ':' || s.record_id AS key FROM settlement_lines s
      WHERE EXISTS (SELECT 1 FROM payments p WHERE s.kind = 'PAYMENT' AND p.id = s.record_id
        UNION ALL SELECT 1 FROM deposits d WHERE s.kind = 'DEPOSIT' AND d.id = s.record_id)`,
    `SELECT s.id || '→' || s.settlement_id || ':' || l.kind || ':' || l.document_id AS key
      FROM settlement_lines s JOIN ledger l ON l.id = s.ledger_id`,
  ],
  'pagos/depósitos rendidos → rendición': [
    `SELECT 'PAYMENT:' || id || '→' || settlement_id AS key FROM payments WHERE settlement_id IS NOT NULL
      UNION ALL SELECT 'DEPOSIT:' || id || '→' || settlement_id FROM deposits WHERE settlement_id IS NOT NULL`,
    `SELECT kind || ':' || document_id || '→' || settlement_id AS key FROM ledger WHERE settlement_id IS NOT NULL`,
  ],
  'deudas → importación': [
    `SELECT id || '→' || import_id AS key FROM debts WHERE import_id IS NOT NULL`,
    `SELECT id || '→' || import_id AS key FROM debts WHERE import_id IS NOT NULL`,
  ],
} as const;
type LinkName = keyof typeof LINKS;

const OLD = {
  balances: 'SELECT id, balance::text AS balance FROM debts',
  counts: `SELECT 'PAYMENT' AS kind, count(*) AS n FROM payments UNION ALL SELECT 'DEPOSIT', count(*) FROM deposits
    UNION ALL SELECT 'SERVICE', count(*) FROM services UNION ALL SELECT 'MORA', count(*) FROM quotas WHERE mora_amount > 0
    UNION ALL SELECT 'REDUCTION', count(*) FROM debt_reductions`,
  droppedLines: `SELECT st.status AS kind, count(*) AS n FROM settlement_lines s JOIN settlements st ON st.id = s.settlement_id
    WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE s.kind = 'PAYMENT' AND p.id = s.record_id
      UNION ALL SELECT 1 FROM deposits d WHERE s.kind = 'DEPOSIT' AND d.id = s.record_id) GROUP BY st.status`,
  paidQuotas: `CREATE TEMP TABLE old_paid AS SELECT q.id, q.payment_id, p.paid_at FROM quotas q
    LEFT JOIN payments p ON p.id = q.payment_id WHERE q.status = 'PAGADA'`,
};
/** The quotas PAGADA before, now (old_paid lives in this session: the migration never sees it). */
const PAID_NOW = `SELECT count(*) AS before, count(*) FILTER (WHERE q.status = 'PAGADA') AS paid,
  count(*) FILTER (WHERE q.status = 'PAGADA' AND q.payment_id = o.payment_id) AS same,
  count(*) FILTER (WHERE q.status IS DISTINCT FROM 'PAGADA' AND o.paid_at > $1) AS later
  FROM old_paid o LEFT JOIN quotas q ON q.id = o.id`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
const rows = async <T extends pg.QueryResultRow>(client: pg.Client, text: string, values: unknown[] = []) =>
  (await client.query<T>(text, values)).rows;
const counts = async (client: pg.Client, text: string) =>
  Object.fromEntries(
    (await rows<{ kind: string; n: string }>(client, text)).map((r) => [r.kind, Number(r.n)]),
  );
const keys = async (client: pg.Client, text: string) =>
  new Set((await rows<{ key: string }>(client, text)).map((r) => r.key));

/** (c) Every debt, in batches, with the API's own reading (readOwedRows) and arithmetic (amountOwed). */
async function checkDebts(db: Db, oldBalance: Map<number, string>) {
  const ids = [...oldBalance.keys()].sort((a, b) => a - b);
  const mismatches: string[] = [];
  const basis: Record<string, number> = { BOOKS: 0, PLAN: 0, RATES: 0 };
  let checked = 0;
  let futureDated = 0;
  for (let i = 0; i < ids.length; i += BATCH)
    for (const row of await readOwedRows(db, ids.slice(i, i + BATCH))) {
      const old = oldBalance.get(row.id) as string;
      const last = row.moves.reduce((latest, m) => (m.date > latest ? m.date : latest), today);
      const { original_amount: originalAmount, default_date: defaultDate, moves, quotas } = row;
      const noRates = { interestRate: null, rateTable: null, punitiveRate: '0' };
      const books = amountOwed({ originalAmount, defaultDate, ...noRates, moves, quotas, date: last }).total;
      // What the old balance held that a balance to today leaves out: the rows dated after today.
      let later = 0n;
      for (const m of moves)
        if (m.date > today)
          later += m.kind === 'SERVICE' || m.kind === 'MORA' ? toCents(m.amount) : -toCents(m.amount);
      const api = owedOf(row, today);
      basis[api.basis] = (basis[api.basis] ?? 0) + 1;
      checked += 1;
      if (last > today) futureDated += 1;
      const apiWrong =
        api.basis !== 'RATES' && compareMoney(api.total, fromCents(toCents(old) - later)) !== 0;
      if (compareMoney(books, old) !== 0 || compareMoney(row.balance, old) !== 0 || apiWrong)
        mismatches.push(
          `deuda ${row.id}: saldo viejo ${old} · total BOOKS ${books} · saldo guardado ${row.balance} · API hoy ${api.total} (${api.basis})`,
        );
    }
  if (checked !== ids.length)
    mismatches.push(`${ids.length - checked} deudas no se leyeron después de migrar`);
  return { checked, mismatches, basis, futureDated };
}

async function main(): Promise<number> {
  if (!SOURCE) throw new Error('Falta --url postgres://…/base (una base en la migración 0023).');
  const urlOf = (database: string) => Object.assign(new URL(SOURCE), { pathname: `/${database}` }).toString();
  const source = new URL(SOURCE).pathname.slice(1);
  const copy = `${source}_0024`;
  const [state] = await withClient(SOURCE, (client) =>
    rows<{ n: string; ledger: string | null }>(
      client,
      `SELECT (SELECT count(*) FROM drizzle.__drizzle_migrations) AS n,
      to_regclass('ledger')::text AS ledger`,
    ),
  );
  if (Number(state?.n) !== MIGRATIONS_AT_0023 || state?.ledger) {
    console.error(`${source} no está en la migración 0023 (${state?.n} migraciones aplicadas).`);
    return 2;
  }
  const admin = (statement: string) => withClient(urlOf('postgres'), (client) => client.query(statement));
  await admin(`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${copy}" TEMPLATE "${source}"`);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'ledger-migration-'));
  const secret = randomBytes(32).toString('hex');
  const config = loadConfig({ DATABASE_URL: urlOf(copy), DATA_DIR: dataDir, JWT_SECRET: secret });
  const database = await createDatabase(config);
  try {
    return await withClient(urlOf(copy), async (client) => {
      // (a) What the old code stored: balances, record counts, links, paid quotas.
      const balances = await rows<{ id: number; balance: string }>(client, OLD.balances);
      const oldBalance = new Map(balances.map((r) => [Number(r.id), r.balance]));
      const oldCounts = await counts(client, OLD.counts);
      const dropped = await counts(client, OLD.droppedLines);
      const oldLinks = new Map<LinkName, Set<string>>();
      for (const [name, [before]] of Object.entries(LINKS))
        oldLinks.set(name as LinkName, await keys(client, before));
      await client.query(OLD.paidQuotas);

      // (b) The new code's migrations, as the API runs them at start.
      let started = performance.now();
      await database.migrate();
      const migrateSeconds = (performance.now() - started) / 1000;
      started = performance.now();
      await seed(database.db, config, () => {});
      const seedSeconds = (performance.now() - started) / 1000;

      // (c) and (d): the debts, the rows per kind, the links, the paid quotas.
      const debts = await checkDebts(database.db, oldBalance);
      let failed = debts.mismatches.length > 0 || (dropped.CLOSED ?? 0) > 0;
      const newCounts = await counts(
        client,
        'SELECT kind::text AS kind, count(*) AS n FROM ledger GROUP BY 1',
      );
      const countLine = LEDGER_KINDS.map((kind) => {
        const same = (oldCounts[kind] ?? 0) === (newCounts[kind] ?? 0);
        failed ||= !same;
        return `${kind} ${n(newCounts[kind])}/${n(oldCounts[kind])}${same ? '' : ' ✗'}`;
      });
      const linkLines: string[] = [];
      for (const [name, [, after]] of Object.entries(LINKS)) {
        const before = oldLinks.get(name as LinkName) ?? new Set<string>();
        const now = await keys(client, after);
        const missing = [...before].filter((key) => !now.has(key));
        const extra = [...now].filter((key) => !before.has(key));
        failed ||= missing.length + extra.length > 0;
        linkLines.push(
          `  ${name.padEnd(38)} ${n(before.size - missing.length)}/${n(before.size)}` +
            (missing.length ? ` · faltan ${missing.slice(0, 5).join(', ')}` : '') +
            (extra.length ? ` · sobran ${extra.slice(0, 5).join(', ')}` : ''),
        );
      }
      const [paid] = await rows<Record<'before' | 'paid' | 'same' | 'later', string>>(client, PAID_NOW, [
        today,
      ]);

      console.log(
        `Migración 0024 sobre ${source} (copia ${copy}): migrate ${migrateSeconds.toFixed(1)} s, seed (cuotas) ${seedSeconds.toFixed(1)} s`,
      );
      console.log(`Deudas comprobadas: ${n(debts.checked)} · diferencias: ${n(debts.mismatches.length)}`);
      for (const line of debts.mismatches.slice(0, 20)) console.log(`  ${line}`);
      const { BOOKS, PLAN, RATES } = debts.basis;
      console.log(`Base de la API hoy (${today}): BOOKS ${n(BOOKS)} · PLAN ${n(PLAN)} · RATES ${n(RATES)}`);
      console.log(
        `  deudas con filas fechadas después de hoy (su total de hoy no las cuenta): ${n(debts.futureDated)}`,
      );
      console.log(`Filas del libro (nuevas/viejas): ${countLine.join(' · ')}`);
      console.log('Vínculos (siguen/había):');
      for (const line of linkLines) console.log(line);
      console.log(
        `  líneas de borrador sin su pago, quitadas por 0024: ${n(dropped.DRAFT)}` +
          (dropped.CLOSED ? ` · de rendiciones cerradas: ${n(dropped.CLOSED)} ✗` : ''),
      );
      console.log(
        `Cuotas PAGADA antes (informativo): ${n(paid?.before)}; siguen PAGADA ${n(paid?.paid)} (con el mismo pago ` +
          `${n(paid?.same)}); ya no, por un pago fechado después de hoy: ${n(paid?.later)}, por otra causa: ` +
          `${n(Number(paid?.before) - Number(paid?.paid) - Number(paid?.later))}`,
      );
      console.log(failed ? 'Resultado: la migración NO es exacta.' : 'Resultado: la migración es exacta.');
      return failed ? 1 : 0;
    });
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (!process.argv.includes('--keep')) await admin(`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`);
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
