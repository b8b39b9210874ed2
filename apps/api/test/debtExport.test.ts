import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDebt, createDebtor } from './domain';
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

async function rowsOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Deudas');
  if (!sheet) throw new Error('sin hoja Deudas');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

forEachBackend('GET /api/debts/export: the list on screen, every page, in Excel (issue 32)', (backend) => {
  let t: TestApp;
  let admin: string;
  let client: Awaited<ReturnType<typeof createUser>>;
  let companyId: number;
  let otherCompanyId: number;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    client = await createUser(t.app, admin, 'CLIENTE');
    companyId = client.companyId as number;
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/companies/${companyId}`,
      payload: { name: 'Exportadora Sur S.A.' },
    });
    otherCompanyId = (await createCompany(t.app, admin)).id;
    const debtor = await createDebtor(t.app, admin, { firstName: 'Agustina', lastName: 'Juárez' });
    for (const amount of ['100.00', '250.50'])
      await createDebt(t.app, admin, { companyId, debtorId: debtor.id, originalAmount: amount });
    await createDebt(t.app, admin, { companyId, originalAmount: '999.00' });
    await createDebt(t.app, admin, {
      companyId: otherCompanyId,
      debtorId: debtor.id,
      originalAmount: '7.00',
    });
  });
  afterAll(() => t?.close());

  const exportOf = (query: string, token = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/debts/export?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('the filters of the list decide the rows; the company is a column; totals as in the report', async () => {
    const answer = await exportOf(`companyId=${companyId}&q=juarez agus`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="deudas-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const rows = await rowsOf(answer.rawPayload);
    expect(rows[0]?.[16]).toBe('Compañía');
    const debts = rows.slice(1, -1);
    expect(debts).toHaveLength(2);
    for (const row of debts) {
      expect(row[0]).toBe('Juárez, Agustina');
      expect(row[16]).toBe('Exportadora Sur S.A.');
    }
    // Newest first; the total row adds both (100,00 + 250,50).
    expect(debts.map((row) => row[7])).toEqual([250.5, 100]);
    const total = rows.at(-1);
    expect(total?.[0]).toBe('Total ARS (2 deudas)');
    expect((total?.[7] as { result: number } | undefined)?.result).toBe(350.5);
  });

  it('a client company user gets its own debts only, whatever it asks', async () => {
    const own = await rowsOf((await exportOf('', client.token)).rawPayload);
    expect(own.slice(1, -1)).toHaveLength(3);
    const other = await exportOf(`companyId=${otherCompanyId}`, client.token);
    expect(other.statusCode).toBe(200);
    expect((await rowsOf(other.rawPayload)).slice(1, -1)).toHaveLength(0);
  });

  it('a filter the list refuses is refused here too, in Spanish (400)', async () => {
    const answer = await exportOf('companyId=abc');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/[áéíóúñ]|inválid|debe/i);
  });
});
