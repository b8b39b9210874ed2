/**
 * Money to date under load (issue 17), per database:
 *
 *   node --import tsx bench/money.ts [--db postgres,pglite] [--seconds 10] [--no-write]
 *
 * (also a case of `npm run bench`). On a fresh database: a rate table of 100 dated entries, a debt
 * on it from five years ago with 100 payments, then GET /api/debts/{id}/balance at 10 connections
 * and POST /api/payments on it at 1 connection (and on a debt with a plan: reported). Budgets: the balance p99 ≤ 50 ms on PostgreSQL
 * (PGlite: reported); a payment's write ≤ 0.5× its cost before the ledger (issue 31). Run alone, it rewrites its own section of
 * bench/RESULTS.md; run.ts puts the same section in the file it writes.
 */
import { pathToFileURL } from 'node:url';
import { agencyToday, cuitCheckDigit } from '@cobranzas/shared';
import { BENCH_ADMIN_PASSWORD } from '../apps/api/bench/data';
import { cliArg, load, login, type Measure, startApi, writeSection } from './api';
import { freshDatabase, type ImportDbKind } from './import';

export const MONEY_BUDGET = { p99Ms: { postgres: 50, pglite: null } as Record<ImportDbKind, number | null> };
export const MONEY_SECTION_TITLE = '## Dinero a la fecha (issue 17)';

export interface MoneyBenchResult {
  kind: ImportDbKind;
  balance: Measure;
  segments: number;
  /** POST /api/payments on that debt, one at a time (issue 31). */
  write: Measure;
  /** POST /api/payments on a debt with a plan of 12 quotas (each write pays part of a quota). */
  planWrite: Measure;
}

/**
 * A payment's write before the ledger (issue 31), ms per write at 1 connection: this same case run at
 * commit a6ce7e2 (five money tables, the balance computed up to three times per write), alternated
 * with the current code in one window on 2026-11-28 at 03:50–04:15 UTC, the median of its rounds
 * (docs/performance.md «Escritura de un pago»): on this VM the same commit gave 17.36 / 21.01 ms on
 * 2026-11-27 and 23.36 / 36.50 a day later. A ratio means something only against a «before» of the
 * same window. The ledger's budget: at most half of it.
 */
export const PAYMENT_WRITE_BEFORE_MS: Record<ImportDbKind, number> = { postgres: 21.84, pglite: 26.35 };
export const PAYMENT_WRITE_BUDGET = 0.5;

async function post<T>(base: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} → ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The day `months` months before today (day 1), YYYY-MM-DD. */
function monthsAgo(months: number): string {
  const [y, m] = agencyToday().split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * A debt with 100 payments on a 100-entry rate table (its id and the segments its balance has), and
 * a debt of $ 600.000,00 of the same debtor and company with a plan of 12 monthly quotas from today.
 */
async function seed(base: string, token: string): Promise<{ id: number; segments: number; planned: number }> {
  let cuit = '';
  for (let n = 1; !cuit; n++) {
    const check = cuitCheckDigit(`30${String(70_000_000 + n)}`);
    if (check !== null) cuit = `30${String(70_000_000 + n)}${check}`;
  }
  const company = await post<{ id: number }>(base, token, '/api/companies', {
    name: 'Banco Tasas S.A.',
    cuit,
  });
  const debtor = await post<{ id: number }>(base, token, '/api/debtors', {
    dni: '30111222',
    firstName: 'Ana',
    lastName: 'Bench',
  });
  // A rate a month for 100 months: 40 %, 41 %, … (the BNA history is monthly too).
  const entries = Array.from({ length: 100 }, (_, i) => ({
    from: monthsAgo(100 - i),
    annualRate: String(40 + (i % 20)),
  }));
  const table = await post<{ id: number }>(base, token, '/api/rate-tables', {
    name: 'Tasa activa (bench)',
    entries,
  });
  const debt = await post<{ id: number }>(base, token, '/api/debts', {
    debtorId: debtor.id,
    companyId: company.id,
    originalAmount: '5000000.00',
    defaultDate: monthsAgo(100),
    punitiveRate: '10',
    rateTableId: table.id,
  });
  // 100 payments, one a month (mid-month, so each one is a cut of its own).
  for (let i = 0; i < 100; i++)
    await post(base, token, '/api/payments', {
      debtId: debt.id,
      amount: '10000.00',
      paidAt: monthsAgo(99 - i).replace(/-01$/, '-15'),
    });
  const balance = (await (
    await fetch(`${base}/api/debts/${debt.id}/balance`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { segments: unknown[] };
  const planned = await post<{ id: number }>(base, token, '/api/debts', {
    debtorId: debtor.id,
    companyId: company.id,
    originalAmount: '600000.00',
  });
  await post(base, token, '/api/quotas/plan', {
    debtId: planned.id,
    installments: 12,
    firstDueDate: agencyToday(),
  });
  return { id: debt.id, segments: balance.segments.length, planned: planned.id };
}

export async function benchMoney(
  kinds: ImportDbKind[],
  port: number,
  { databaseUrl, seconds = 10 }: { databaseUrl: string; seconds?: number },
): Promise<MoneyBenchResult[]> {
  const results: MoneyBenchResult[] = [];
  for (const kind of kinds) {
    console.log(`\n== dinero a la fecha ${kind} ==`);
    const db = await freshDatabase(kind, databaseUrl);
    const api = await startApi(port, { ...db.env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD });
    try {
      const token = await login(api.base, 'admin', BENCH_ADMIN_PASSWORD);
      const { id, segments, planned } = await seed(api.base, token);
      const spec = {
        name: 'GET /debts/{id}/balance',
        connections: 10,
        path: `/api/debts/${id}/balance`,
        token,
      };
      await load(api.base, { ...spec, connections: 4 }, 2);
      const balance = await load(api.base, spec, seconds);
      console.log(
        `  ${kind.padEnd(8)} ${spec.name} (${segments} tramos) ${balance.rps.toFixed(0)} req/s  p50 ${balance.p50} ms  p99 ${balance.p99} ms${balance.errors ? `  (${balance.errors} errores)` : ''}`,
      );
      // One payment at a time: its receipt number, the debt's lock, the rules and the stored totals.
      const payOne = async (name: string, debtId: number) => {
        const measure = await load(
          api.base,
          {
            name: 'POST /payments',
            connections: 1,
            method: 'POST',
            path: '/api/payments',
            body: JSON.stringify({ debtId, amount: '1.00', paidAt: agencyToday(), receiptNumber: 'B-0001' }),
            token,
          },
          seconds,
        );
        console.log(
          `  ${kind.padEnd(8)} POST /payments (${name}) ${msPerWrite(measure).toFixed(2)} ms por escritura  p99 ${measure.p99} ms${measure.errors ? `  (${measure.errors} errores)` : ''}`,
        );
        return measure;
      };
      const write = await payOne('con tasas', id);
      const planWrite = await payOne('con plan', planned);
      results.push({ kind, balance, segments, write, planWrite });
    } finally {
      await api.stop();
      await db.drop();
    }
    port += 10;
  }
  return results;
}

const budgetOf = (r: MoneyBenchResult) => MONEY_BUDGET.p99Ms[r.kind];
const passes = (r: MoneyBenchResult) => {
  const max = budgetOf(r);
  return r.balance.errors === 0 && (max === null || r.balance.p99 <= max);
};
/** Mean ms per write at one connection. */
const msPerWrite = (m: Measure) => (m.rps > 0 ? 1000 / m.rps : Number.POSITIVE_INFINITY);
const writeRatio = (r: MoneyBenchResult) => msPerWrite(r.write) / PAYMENT_WRITE_BEFORE_MS[r.kind];
const writePasses = (r: MoneyBenchResult) => r.write.errors === 0 && writeRatio(r) <= PAYMENT_WRITE_BUDGET;
const dbName = (r: MoneyBenchResult) => (r.kind === 'postgres' ? 'PostgreSQL' : 'PGlite');

export function moneyUnmet(results: MoneyBenchResult[]): string[] {
  return [
    ...results
      .filter((r) => !passes(r))
      .map((r) => `${dbName(r)}: saldo a la fecha, p99 ${r.balance.p99} ms (p99 ≤ ${budgetOf(r)} ms)`),
    ...results
      .filter((r) => !writePasses(r))
      .map(
        (r) =>
          `${dbName(r)}: escritura de un pago, ${writeRatio(r).toFixed(2)}× la de antes del libro mayor (≤ ${PAYMENT_WRITE_BUDGET}×)`,
      ),
  ];
}

export function moneyMarkdown(results: MoneyBenchResult[], started: Date): string {
  const rows = results.map((r) => {
    const max = budgetOf(r);
    const budget = max === null ? '—' : `${passes(r) ? '✅' : '❌'} p99 ≤ ${max} ms`;
    return `| ${r.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${r.segments} | ${r.balance.rps.toFixed(0)} | ${r.balance.p50} | ${r.balance.p99} | ${r.balance.errors} | ${budget} |`;
  });
  return `${MONEY_SECTION_TITLE}

Corrido el ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC con \`node --import tsx bench/money.ts\`.
Una deuda de $ 5.000.000,00 en mora hace 100 meses, sobre una tabla de 100 tasas mensuales, con punitorio
y 100 pagos (uno por mes): \`GET /api/debts/{id}/balance\` a 10 conexiones, en una base nueva.

| base | tramos | req/s | p50 ms | p99 ms | errores | presupuesto |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Escritura de un pago (issue 31): \`POST /api/payments\` con su comprobante en esa misma deuda, de a uno,
contra la misma medición en el commit a6ce7e2 (antes del libro mayor: \`PAYMENT_WRITE_BEFORE_MS\`).

| base | ms por escritura | p99 ms | antes (a6ce7e2) | proporción | errores | presupuesto |
|---|---:|---:|---:|---:|---:|---|
${results
  .map(
    (r) =>
      `| ${dbName(r)} | ${msPerWrite(r.write).toFixed(2)} | ${r.write.p99} | ${PAYMENT_WRITE_BEFORE_MS[r.kind].toFixed(2)} | ${writeRatio(r).toFixed(2)}× | ${r.write.errors} | ${writePasses(r) ? '✅' : '❌'} ≤ ${PAYMENT_WRITE_BUDGET}× |`,
  )
  .join('\n')}

El mismo pago en una deuda de $ 600.000,00 con un plan de 12 cuotas: cada pago paga parte de la cuota más
vieja, así que la escritura lee el libro de la deuda y reparte lo pagado entre sus cuotas. Informado, sin
presupuesto: en a6ce7e2 ese pago se rechazaba (409, las cuotas habrían superado el saldo), no hay «antes».

| base | ms por escritura | p99 ms | errores |
|---|---:|---:|---:|
${results
  .map(
    (r) =>
      `| ${dbName(r)} | ${msPerWrite(r.planWrite).toFixed(2)} | ${r.planWrite.p99} | ${r.planWrite.errors} |`,
  )
  .join('\n')}
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const started = new Date();
  const results = await benchMoney(
    cliArg('db', 'postgres,pglite').split(',').filter(Boolean) as ImportDbKind[],
    Number(cliArg('port', '3850')),
    {
      databaseUrl: cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench_money'),
      seconds: Number(cliArg('seconds', '10')),
    },
  );
  if (!argv.includes('--no-write'))
    console.log(`\nEscrito en ${writeSection(MONEY_SECTION_TITLE, moneyMarkdown(results, started))}`);
  for (const line of moneyUnmet(results)) console.log(`❌ ${line}`);
}
