import { isValidCuit, isValidDni } from '@cobranzas/shared';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtors, debts, imports, quotas, tasks, users } from '../src/db/schema';
import { DEMO_IMPORT_COMPANY } from '../src/demo/importDemo';
import { cuilFor } from '../src/demo/people';
import { DEMO_PASSWORD, parseArgs, runDemo } from '../src/demo/run';
import { SAMPLE_EXPECTED } from '../src/demo/sampleImport';
import { ADMIN_ALIAS, ADMIN_PASSWORD, call, startApp, type TestApp, tokenFor } from './helpers';

describe('demo data (npm run demo) on PGlite', () => {
  let t: TestApp;
  const printed: string[] = [];
  let summary: Awaited<ReturnType<typeof runDemo>>;

  beforeAll(async () => {
    t = await startApp('pglite');
    summary = await runDemo(
      t.database.db,
      { force: false, size: 40, seed: 7 },
      (line) => printed.push(line),
      t.app,
    );
  });
  afterAll(() => t?.close());

  const scalar = async (query: ReturnType<typeof sql>) => {
    const result = (await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows[0] ?? {};
  };

  it('counts match the summary: companies, debtors, debts in every stage and status, users', async () => {
    expect(summary).not.toBeNull();
    const counts = summary?.counts ?? {};
    // The generated portfolio; the sample import's debtors and debts are counted apart.
    const imported = summary?.import?.created ?? { debtors: 0, debts: 0 };
    const [d] = await t.database.db.select({ n: count() }).from(debtors);
    const [b] = await t.database.db.select({ n: count() }).from(debts).where(isNull(debts.importId));
    expect(counts.deudores).toBe((d?.n ?? 0) - imported.debtors);
    expect(counts.deudas).toBe(b?.n);
    expect(counts.deudores).toBe(40);
    expect(counts.compañías).toBe(5);
    const stages = await t.database.db
      .select({ id: debts.debtTypeId, n: count() })
      .from(debts)
      .groupBy(debts.debtTypeId);
    expect(stages.map((s) => s.id).sort()).toEqual([1, 2, 3]);
    const statuses = await t.database.db.select({ s: debts.status }).from(debts).groupBy(debts.status);
    expect(statuses.length).toBeGreaterThanOrEqual(4);
    expect(summary?.users.filter((u) => u.role === 'CLIENTE')).toHaveLength(5);
    const [u] = await t.database.db.select({ n: count() }).from(users);
    expect(u?.n).toBe(11);
    expect(printed.join('\n')).toContain(DEMO_PASSWORD);
    const [week] = await t.database.db.select({ n: count() }).from(tasks);
    expect(week?.n).toBeGreaterThanOrEqual(8);
  });

  it('prints a live portal link for a debtor with a plan (issue 34): it opens the portal with their DNI', async () => {
    const portal = summary?.portal;
    expect(portal?.url).toMatch(/^http:\/\/localhost:\d+\/pagar#[A-Za-z0-9_-]{43}$/);
    expect(printed.join('\n')).toContain(`abra ${portal?.url}`);
    expect(printed.join('\n')).toContain(`escriba el DNI ${portal?.dni}`);
    const entered = await t.app.inject({
      method: 'POST',
      url: '/api/portal/session',
      payload: { code: portal?.code, dni: portal?.dni },
    });
    expect(entered.statusCode).toBe(200);
    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/portal/debts',
      headers: { authorization: `Bearer ${entered.json().token}` },
    });
    const debtsSeen = seen.json().debts as { plan: unknown }[];
    expect(debtsSeen.some((debt) => debt.plan !== null)).toBe(true);
  });

  it('leaves one finished import of the sample (issue 16): DONE, its debts created, its errors file', async () => {
    const record = summary?.import;
    expect(record?.status).toBe('DONE');
    expect(record?.fileName).toBe('cartera-ejemplo.xlsx');
    expect(record?.companyName).toBe(DEMO_IMPORT_COMPANY);
    expect({
      totalRows: record?.totalRows,
      processedRows: record?.processedRows,
      created: record?.created,
      rejected: record?.rejected,
      warnings: record?.warnings,
    }).toEqual({
      totalRows: SAMPLE_EXPECTED.totalRows,
      processedRows: SAMPLE_EXPECTED.totalRows,
      created: SAMPLE_EXPECTED.created,
      rejected: SAMPLE_EXPECTED.rejected,
      warnings: SAMPLE_EXPECTED.warnings,
    });
    const rows = await t.database.db.select({ id: imports.id }).from(imports);
    expect(rows).toEqual([{ id: record?.id }]);
    const [withImport] = await t.database.db
      .select({ n: count() })
      .from(debts)
      .where(eq(debts.importId, record?.id ?? 0));
    expect(withImport?.n).toBe(SAMPLE_EXPECTED.created.debts);
    expect(printed.join('\n')).toMatch(/Importación de ejemplo \(cartera-ejemplo\.xlsx.*DONE/);

    const token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const list = await call(t.app, token, { method: 'GET', url: '/api/imports' });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: record?.id, status: 'DONE' });
    const errors = await t.app.inject({
      method: 'GET',
      url: `/api/imports/${record?.id}/errors`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toContain('spreadsheetml');
  });

  it('every debt’s balance = original + services + mora − payments − deposits, and none is negative', async () => {
    const row = await scalar(sql`
      SELECT count(*)::int AS wrong, min(d.balance)::text AS lowest FROM debts d
      WHERE d.balance <> d.original_amount
        + (SELECT coalesce(sum(amount), 0) FROM services s WHERE s.debt_id = d.id)
        + (SELECT coalesce(sum(mora_amount), 0) FROM quotas q WHERE q.debt_id = d.id)
        - (SELECT coalesce(sum(amount), 0) FROM payments p WHERE p.debt_id = d.id)
        - (SELECT coalesce(sum(amount), 0) FROM deposits x WHERE x.debt_id = d.id)
        OR d.paid_amount <> (SELECT coalesce(sum(amount), 0) FROM payments p WHERE p.debt_id = d.id)
          + (SELECT coalesce(sum(amount), 0) FROM deposits x WHERE x.debt_id = d.id)`);
    expect(row.wrong).toBe(0);
    const low = await scalar(sql`SELECT min(balance)::text AS lowest FROM debts`);
    expect(Number.parseFloat(String(low.lowest))).toBeGreaterThanOrEqual(0);
    const settled = await scalar(
      sql`SELECT count(*)::int AS n FROM debts WHERE status = 'CANCELADA' AND balance <> 0`,
    );
    expect(settled.n).toBe(0);
  });

  it('the portfolio obeys the books (issue 14): unpaid quotas within the balance, status follows the balance', async () => {
    const row = await scalar(sql`
      SELECT
        count(*) FILTER (WHERE u.unpaid > d.balance)::int AS over_balance,
        count(*) FILTER (WHERE (d.balance = 0) <> (d.status = 'CANCELADA'))::int AS status_off,
        count(*) FILTER (WHERE d.status = 'EN_CONVENIO' AND u.n = 0)::int AS agreement_without_plan
      FROM debts d CROSS JOIN LATERAL (
        SELECT coalesce(sum(q.amount + q.mora_amount), 0) AS unpaid, count(q.id) AS n
        FROM quotas q WHERE q.debt_id = d.id AND q.status <> 'PAGADA'
      ) u`);
    expect(row).toEqual({ over_balance: 0, status_off: 0, agreement_without_plan: 0 });
  });

  it('plans: paid quotas point to their payment; some quotas are overdue', async () => {
    const broken = await scalar(sql`
      SELECT count(*)::int AS n FROM quotas q LEFT JOIN payments p ON p.id = q.payment_id
      WHERE (q.status = 'PAGADA') <> (p.id IS NOT NULL) OR (p.id IS NOT NULL AND p.quota_id <> q.id)`);
    expect(broken.n).toBe(0);
    const [all] = await t.database.db.select({ n: count() }).from(quotas);
    expect(all?.n).toBeGreaterThan(0);
  });

  it('every DNI and CUIT/CUIL is valid and unique; CUILs embed their DNI', async () => {
    const rows = await t.database.db.select({ dni: debtors.dni, cuit: debtors.cuit }).from(debtors);
    for (const { dni, cuit } of rows) {
      expect(isValidDni(dni), dni).toBe(true);
      expect(cuit !== null && isValidCuit(cuit), String(cuit)).toBe(true);
      expect(cuit?.slice(2, 10)).toBe(dni.padStart(8, '0'));
    }
    expect(new Set(rows.map((r) => r.dni)).size).toBe(rows.length);
    // ANSES's rule when the check digit would be 10: prefix 23 and digit 9 (men) or 4 (women).
    expect(cuilFor('20123456', false)).toBe('20201234566');
    expect(cuilFor('10000005', false)).toBe('23100000059');
    expect(cuilFor('10000002', true)).toBe('23100000024');
    expect(cuilFor('1234567', true)).toMatch(/^2\d01234567\d$/);
  });

  it('refuses politely when there are debts; --force adds another portfolio', async () => {
    const lines: string[] = [];
    expect(await runDemo(t.database.db, { force: false, size: 5, seed: 7 }, (l) => lines.push(l))).toBeNull();
    expect(lines[0]).toMatch(/^La base de datos ya tiene \d+ deudas/);
    const again = await runDemo(t.database.db, { force: true, size: 5, seed: 7 }, () => {});
    expect(again?.counts.deudores).toBeGreaterThan(0);
    expect(again?.users).toEqual([]);
    expect(parseArgs(['--force', '--size=10'])).toEqual({ force: true, size: 10, seed: expect.any(Number) });
    expect(parseArgs(['--size=0'])).toMatch(/^Opción desconocida/);
  });

  it('the data shows through the API: a CLIENTE sees only its company, reports answer', async () => {
    const client = summary?.users.find((u) => u.role === 'CLIENTE');
    const token = await tokenFor(t.app, client?.alias as string, DEMO_PASSWORD);
    const list = await call(t.app, token, { method: 'GET', url: '/api/debts?limit=500' });
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
    expect(new Set(list.body.data.map((d: { companyName: string }) => d.companyName))).toEqual(
      new Set([client?.company]),
    );
    const kpi = await call(t.app, token, { method: 'GET', url: '/api/report/general-kpi' });
    expect(kpi.status).toBe(200);
    expect(kpi.body.debts).toBe(list.body.total);
  });
});
