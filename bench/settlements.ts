/**
 * Settlements at scale (issue 19), per database:
 *
 *   node --import tsx bench/settlements.ts [--db postgres,pglite] [--debts 1000000] [--no-write]
 *
 * (also a case of `npm run bench`). On the generated portfolio (apps/api/bench/data.ts), the company
 * with the most debts (a tenth: 100 000 at 1M): everything it collected up to a month ago is settled
 * and closed first (timed, for reference); then a month's draft is timed (≤ 2 s on PostgreSQL), and
 * its .xlsx statement (≤ 10 s) and PDF. Afterwards both settlements are undone in SQL, so the next
 * run finds the same money unsettled.
 * Run alone, it rewrites its own section of bench/RESULTS.md; run.ts puts the same section in the file it writes.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  BENCH_ADMIN_PASSWORD,
  type DataOptions,
  generate,
  openData,
  parseDataArgs,
} from '../apps/api/bench/data';
import { cliArg, login, startApi, writeSection } from './api';

type DbKind = 'postgres' | 'pglite';
export const SETTLEMENT_BUDGET = {
  draftSeconds: { postgres: 2 } as Partial<Record<DbKind, number>>,
  xlsxSeconds: 10,
};
export const SETTLEMENT_SECTION_TITLE = '## Rendiciones (issue 19)';

export interface SettlementBenchResult {
  kind: DbKind;
  debts: number;
  companyDebts: number;
  history: { items: number; draftSeconds: number; closeSeconds: number };
  month: { items: number; draftSeconds: number; xlsxSeconds: number; xlsxBytes: number; pdfSeconds: number };
}

type Database = Awaited<ReturnType<typeof openData>>;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The generated data is there with this many debts. */
async function debtCount(options: DataOptions): Promise<number> {
  const database = await openData(options).catch(() => null);
  if (!database) return 0;
  try {
    return (
      rows<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM debts`))[0]?.n ?? 0
    );
  } finally {
    await database.close();
  }
}

/** Every settlement undone: the money unsettled again (the ledger's guard is off for it), the rows gone. */
async function undoSettlements(database: Database) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE ledger DISABLE TRIGGER ledger_guard`);
    await tx.execute(sql`UPDATE ledger SET settlement_id = NULL WHERE settlement_id IS NOT NULL`);
    await tx.execute(sql`ALTER TABLE ledger ENABLE TRIGGER ledger_guard`);
    await tx.execute(sql`DELETE FROM settlements`);
    await tx.execute(sql`DELETE FROM kpi_settled`);
  });
}

async function call<T>(base: string, token: string, method: string, path: string, body?: unknown) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${bytes.toString('utf8')}`);
  const json = response.headers.get('content-type')?.includes('json')
    ? (JSON.parse(bytes.toString('utf8')) as T)
    : null;
  return { json, bytes: bytes.length, seconds };
}

const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

export async function benchSettlements(
  kinds: DbKind[],
  port: number,
  { debts, databaseUrl }: { debts: number; databaseUrl: string },
): Promise<SettlementBenchResult[]> {
  const results: SettlementBenchResult[] = [];
  for (const kind of kinds) {
    console.log(`\n== rendiciones ${kind} ==`);
    const options = parseDataArgs(['--debts', String(debts), '--db', kind, '--database-url', databaseUrl]);
    if ((await debtCount(options)) !== debts) {
      console.log(`Generando ${debts.toLocaleString('es-AR')} deudas en ${kind}…`);
      await generate(options);
    }
    const setup = await openData(options);
    let company: { id: number; debts: number };
    try {
      await undoSettlements(setup);
      const [largest] = rows<{ id: number; debts: number }>(
        await setup.db.execute(
          sql`SELECT company_id AS id, count(*)::int AS debts FROM debts GROUP BY company_id ORDER BY 2 DESC LIMIT 1`,
        ),
      );
      if (!largest) throw new Error('No hay deudas en los datos generados.');
      company = largest;
    } finally {
      await setup.close();
    }
    const env: Record<string, string> =
      kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATA_DIR: options.dir } : { DATA_DIR: options.dir };
    const server = await startApi(port, { ...env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD });
    try {
      const token = await login(server.base, 'admin', BENCH_ADMIN_PASSWORD);
      type Draft = { id: number; items: number };
      const history = await call<Draft>(server.base, token, 'POST', '/api/settlements', {
        companyId: company.id,
        to: dayBefore(31),
      });
      const closed = await call(server.base, token, 'PATCH', `/api/settlements/${history.json?.id}/close`);
      console.log(
        `  historia: ${history.json?.items} líneas, borrador ${history.seconds.toFixed(2)} s, cierre ${closed.seconds.toFixed(2)} s`,
      );
      const month = await call<Draft>(server.base, token, 'POST', '/api/settlements', {
        companyId: company.id,
        to: dayBefore(0),
      });
      const id = month.json?.id;
      const xlsx = await call(server.base, token, 'GET', `/api/settlements/${id}/file`);
      const pdf = await call(server.base, token, 'GET', `/api/settlements/${id}/pdf`);
      console.log(
        `  mes: ${month.json?.items} líneas, borrador ${month.seconds.toFixed(2)} s, xlsx ${xlsx.seconds.toFixed(2)} s (${(xlsx.bytes / 1024).toFixed(0)} KB), pdf ${pdf.seconds.toFixed(2)} s`,
      );
      results.push({
        kind,
        debts,
        companyDebts: company.debts,
        history: {
          items: history.json?.items ?? 0,
          draftSeconds: history.seconds,
          closeSeconds: closed.seconds,
        },
        month: {
          items: month.json?.items ?? 0,
          draftSeconds: month.seconds,
          xlsxSeconds: xlsx.seconds,
          xlsxBytes: xlsx.bytes,
          pdfSeconds: pdf.seconds,
        },
      });
    } finally {
      await server.stop();
      const cleanup = await openData(options);
      await undoSettlements(cleanup).finally(() => cleanup.close());
    }
    port += 10;
  }
  return results;
}

const name = (kind: DbKind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');
const draftPasses = (r: SettlementBenchResult) => {
  const budget = SETTLEMENT_BUDGET.draftSeconds[r.kind];
  return budget === undefined || r.month.draftSeconds <= budget;
};
const xlsxPasses = (r: SettlementBenchResult) => r.month.xlsxSeconds <= SETTLEMENT_BUDGET.xlsxSeconds;

export function settlementUnmet(results: SettlementBenchResult[]): string[] {
  return results.flatMap((r) => [
    ...(draftPasses(r)
      ? []
      : [
          `${name(r.kind)}: borrador de un mes, ${r.month.draftSeconds.toFixed(2)} s (≤ ${SETTLEMENT_BUDGET.draftSeconds[r.kind]} s)`,
        ]),
    ...(xlsxPasses(r)
      ? []
      : [
          `${name(r.kind)}: planilla de la rendición, ${r.month.xlsxSeconds.toFixed(2)} s (≤ ${SETTLEMENT_BUDGET.xlsxSeconds} s)`,
        ]),
  ]);
}

export function settlementMarkdown(results: SettlementBenchResult[], started: Date): string {
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  const budget = (kind: DbKind) => {
    const seconds = SETTLEMENT_BUDGET.draftSeconds[kind];
    return seconds === undefined ? 'sin presupuesto' : `≤ ${seconds} s`;
  };
  const lines = results.map(
    (r) =>
      `| ${name(r.kind)} | ${r.debts.toLocaleString('es-AR')} | ${r.companyDebts.toLocaleString('es-AR')} | ${r.history.items.toLocaleString('es-AR')}: ${r.history.draftSeconds.toFixed(2)} s + cierre ${r.history.closeSeconds.toFixed(2)} s | ${r.month.items.toLocaleString('es-AR')} | ${r.month.draftSeconds.toFixed(2)} s ${mark(draftPasses(r))} ${budget(r.kind)} | ${r.month.xlsxSeconds.toFixed(2)} s ${mark(xlsxPasses(r))} | ${r.month.pdfSeconds.toFixed(2)} s |`,
  );
  return `${SETTLEMENT_SECTION_TITLE}

Corrido el ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC con \`node --import tsx bench/settlements.ts\`.
Sobre la cartera generada, la compañía con más deudas: primero se rinde y se cierra todo lo cobrado hasta hace un mes
(la historia, como referencia); después se mide el borrador del último mes (\`POST /api/settlements\`), su planilla
(\`GET …/file\`, presupuesto ≤ ${SETTLEMENT_BUDGET.xlsxSeconds} s) y su PDF (\`GET …/pdf\`, sin presupuesto). Al terminar se deshacen las dos.

| base | deudas | de la compañía | historia (líneas: borrador + cierre) | líneas del mes | borrador del mes | planilla | PDF |
|---|---:|---:|---|---:|---|---|---:|
${lines.join('\n')}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const started = new Date();
  const results = await benchSettlements(
    cliArg('db', 'postgres,pglite').split(',').filter(Boolean) as DbKind[],
    3980,
    {
      debts: Number(cliArg('debts', '1000000')),
      databaseUrl: cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench'),
    },
  );
  if (!argv.includes('--no-write'))
    console.log(
      `\nEscrito en ${writeSection(SETTLEMENT_SECTION_TITLE, settlementMarkdown(results, started))}`,
    );
  for (const line of settlementUnmet(results)) console.log(`❌ ${line}`);
}
