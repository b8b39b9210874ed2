import { formatMoney, fromCents, MESSAGES, toCents } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createDebt, createDebtor, expectStatus } from './domain';
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

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Settlement {
  id: number;
  number: number | null;
  items: number;
  collected: string;
  direct: string;
  commission: string;
  commissions: { commissionRate: string; collected: string; commission: string }[];
  vat: string;
  net: string;
  payable: string;
}

/** The statement's sheet read back: its lines (between the header and the blank row) and totals by label. */
async function readStatement(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Rendición');
  if (!sheet) throw new Error('sin hoja Rendición');
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(row);
  });
  const header = rows.findIndex((row) => row.getCell(1).value === 'Fecha');
  const blank = rows.findIndex((row, i) => i > header && row.getCell(1).value === null);
  const lines = rows.slice(header + 1, blank);
  const totals = new Map<string, number>();
  for (const row of rows.slice(blank + 1))
    totals.set(String(row.getCell(1).value), row.getCell(8).value as number);
  return { sheet, rows, header: rows[header] as ExcelJS.Row, lines, totals };
}

const pdfText = async (pdf: Buffer) =>
  (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, ' ');

forEachBackend('settlement statements: GET /api/settlements/{id}/file|pdf (issue 19)', (backend) => {
  let t: TestApp;
  let admin: string;
  let cliente: Awaited<ReturnType<typeof createUser>>;
  let companyA: number;
  let companyB: number;
  let debtA1: number;
  let draftA: Settlement;
  let closedA: Settlement;
  let closedB: Settlement;

  /** A file's answer: its bytes, or the JSON error. */
  const get = async (url: string, token = admin) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    const { statusCode: status, headers, rawPayload } = response;
    return { status, headers, rawPayload, body: status === 200 ? null : response.json() };
  };
  const draft = async (companyId: number, to: string, currency = 'ARS') =>
    (await create(t.app, admin, 'settlements', { companyId, to, currency })) as Settlement;
  const close = async (id: number) => {
    const response = await call(t.app, admin, { method: 'PATCH', url: `/api/settlements/${id}/close` });
    expectStatus(response, 200);
    return response.body as Settlement;
  };
  const pay = (debtId: number, amount: string, paidAt: string, paidToClient = false) =>
    create(t.app, admin, 'payments', { debtId, amount, paidAt, paidToClient });
  const deposit = (debtId: number, amount: string, depositedAt: string) =>
    create(t.app, admin, 'deposits', { debtId, amount, depositedAt });

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    await t.database.db.execute(
      sql`UPDATE agency_settings SET name = 'Estudio Cobranzas del Sur', cuit = '30712345678' WHERE id = 1`,
    );
    cliente = await createUser(t.app, admin, 'CLIENTE');
    companyA = cliente.companyId as number;
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/companies/${companyA}`,
      payload: { name: 'Pérez & Hijos S.A.', commissionRate: '10', commissionRateJudicial: '15.5' },
    });
    companyB = (await createCompany(t.app, admin, { commissionRate: '20' })).id;

    const ana = await createDebtor(t.app, admin, { firstName: 'Ana', lastName: 'Núñez' });
    debtA1 = (
      await createDebt(t.app, admin, {
        companyId: companyA,
        debtorId: ana.id,
        reference: 'R-1',
        originalAmount: '100000.00',
      })
    ).id;
    const debtA2 = (
      await createDebt(t.app, admin, {
        companyId: companyA,
        reference: 'R-2',
        originalAmount: '100000.00',
        debtTypeId: 3,
      })
    ).id;
    await pay(debtA1, '1234.56', '2024-03-01');
    await pay(debtA1, '100.10', '2024-03-05', true);
    await deposit(debtA2, '500.00', '2024-03-10');
    await pay(debtA2, '2000.01', '2024-03-15');
    closedA = await close((await draft(companyA, '2024-03-31')).id);

    // B: everything was paid to the client, so the client owes the agency its commission.
    const debtB = (await createDebt(t.app, admin, { companyId: companyB, originalAmount: '100000.00' })).id;
    await pay(debtB, '1000.00', '2024-01-15', true);
    closedB = await close((await draft(companyB, '2024-01-31')).id);
    await deposit(debtB, '70.25', '2024-02-01');
    await pay(debtB, '29.75', '2024-05-01');
    const usd = (
      await createDebt(t.app, admin, { companyId: companyB, currency: 'USD', originalAmount: '500.00' })
    ).id;
    await pay(usd, '10.00', '2024-04-20');

    // A: money after the closed settlement, taken by a draft (which does not mark it).
    await pay(debtA1, '50.00', '2024-04-02');
    draftA = await draft(companyA, '2024-04-30');
  }, 60_000);
  afterAll(() => t?.close());

  it('the .xlsx holds the heading, one row per line and the totals the API reports', async () => {
    const response = await get(`/api/settlements/${closedA.id}/file`);
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="rendicion-${closedA.number}-perez-hijos-s-a.xlsx"`,
    );
    const { sheet, rows, header, lines, totals } = await readStatement(response.rawPayload);
    const text = rows
      .slice(0, 8)
      .map((row) => row.values?.toString() ?? '')
      .join(' ');
    expect(text).toContain('Estudio Cobranzas del Sur');
    expect(text).toContain('30-71234567-8');
    expect(text).toContain(`Rendición N° ${closedA.number}`);
    expect(text).toContain('Pérez & Hijos S.A.');
    expect(text).toContain('01/03/2024 al 31/03/2024');
    expect(header.values).toEqual([
      undefined,
      'Fecha',
      'Tipo',
      'Deudor',
      'DNI/CUIT',
      'Referencia',
      'Etapa',
      'Comisión %',
      'Importe',
      'Cobrado por',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header.number });
    expect(sheet.autoFilter).toBe(`A${header.number}:I${header.number}`);

    expect(lines).toHaveLength(closedA.items);
    expect(closedA.items).toBe(4);
    const first = lines[0] as ExcelJS.Row;
    expect(first.getCell(1).value).toEqual(new Date('2024-03-01T00:00:00Z'));
    expect(first.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(2).value).toBe('Pago');
    expect(first.getCell(3).value).toBe('Núñez, Ana');
    expect(first.getCell(5).value).toBe('R-1');
    expect(first.getCell(6).value).toBe('Preventiva');
    expect(first.getCell(7).value).toBe(10);
    expect(first.getCell(8).value).toBe(1234.56);
    expect(first.getCell(8).numFmt).toBe('"$" #,##0.00');
    expect(first.getCell(9).value).toBe('Agencia');
    expect(lines.map((row) => row.getCell(9).value)).toEqual([
      'Agencia',
      'Cliente directo',
      'Agencia',
      'Agencia',
    ]);
    expect(lines.map((row) => row.getCell(2).value)).toEqual(['Pago', 'Pago', 'Depósito', 'Pago']);
    expect(lines.map((row) => row.getCell(6).value)).toEqual([
      'Preventiva',
      'Preventiva',
      'Judicial',
      'Judicial',
    ]);
    const sum = lines.reduce((cents, row) => cents + toCents(String(row.getCell(8).value)), 0n);
    expect(fromCents(sum)).toBe(closedA.collected);

    // Two rates (the judicial stage has its own): one commission row each, then the total.
    expect(closedA.commissions).toHaveLength(2);
    expect(totals.get('Cobrado')).toBe(Number(closedA.collected));
    expect(totals.get('Incluye lo cobrado directamente por el cliente')).toBe(Number(closedA.direct));
    expect(totals.get(`Comisión 10 % sobre ${formatMoney('1334.66')}`)).toBe(
      Number(closedA.commissions[0]?.commission),
    );
    expect(totals.get(`Comisión 15,50 % sobre ${formatMoney('2500.01')}`)).toBe(
      Number(closedA.commissions[1]?.commission),
    );
    expect(totals.get('Comisión total')).toBe(Number(closedA.commission));
    expect(totals.get('IVA (21 % de la comisión)')).toBe(Number(closedA.vat));
    expect(totals.get('Neto (cobrado – comisión – IVA)')).toBe(Number(closedA.net));
    expect(totals.get('A transferir al cliente (neto – cobrado por el cliente)')).toBe(
      Number(closedA.payable),
    );
  });

  it('a negative payable reads «A cobrar al cliente», a draft «borrador» in its name', async () => {
    const b = await readStatement((await get(`/api/settlements/${closedB.id}/file`)).rawPayload);
    expect(closedB.payable.startsWith('-')).toBe(true);
    expect(b.totals.get('A cobrar al cliente (cobrado por el cliente – neto)')).toBe(
      Number(closedB.payable.slice(1)),
    );
    expect(b.totals.get('Comisión (20 %)')).toBe(Number(closedB.commission));

    const response = await get(`/api/settlements/${draftA.id}/file`);
    expectStatus(response, 200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="rendicion-borrador-${draftA.id}-perez-hijos-s-a.xlsx"`,
    );
    const { rows, lines, totals } = await readStatement(response.rawPayload);
    expect(rows[2]?.getCell(1).value).toBe('Rendición (borrador)');
    expect(lines).toHaveLength(draftA.items);
    expect(totals.get('Cobrado')).toBe(Number(draftA.collected));
  });

  it('the PDF carries the letterhead, the lines and the totals as $ 1.234,56', async () => {
    const response = await get(`/api/settlements/${closedA.id}/pdf`);
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="rendicion-${closedA.number}-perez-hijos-s-a.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Estudio Cobranzas del Sur');
    expect(text).toContain('CUIT 30-71234567-8');
    expect(text).toContain(`Rendición N° ${closedA.number}`);
    expect(text).toContain('01/03/2024 al 31/03/2024');
    expect(text).toContain('Núñez, Ana');
    expect(text).toContain('Cliente directo');
    expect(text).toContain('$ 1.234,56');
    for (const amount of [
      closedA.collected,
      closedA.direct,
      closedA.commission,
      closedA.vat,
      closedA.net,
      closedA.payable,
    ])
      expect(text).toContain(formatMoney(amount));
    expect(formatMoney(closedA.collected)).toBe('$ 3.834,67');

    const b = await pdfText((await get(`/api/settlements/${closedB.id}/pdf`)).rawPayload);
    expect(b).toContain(
      `A cobrar al cliente (cobrado por el cliente – neto) ${formatMoney(closedB.payable.slice(1))}`,
    );
  });

  it('a CLIENTE gets its company’s closed settlements only: a draft or another company’s is a 404', async () => {
    for (const kind of ['file', 'pdf']) {
      expectStatus(await get(`/api/settlements/${closedA.id}/${kind}`, cliente.token), 200);
      for (const id of [draftA.id, closedB.id, 999_999]) {
        const response = await call(t.app, cliente.token, {
          method: 'GET',
          url: `/api/settlements/${id}/${kind}`,
        });
        expectStatus(response, 404);
        expect(response.body.message).toBe(MESSAGES.notFound);
      }
      const general = await createUser(t.app, admin, 'GENERAL');
      expectStatus(await get(`/api/settlements/${draftA.id}/${kind}`, general.token), 200);
      expectStatus(await get(`/api/settlements/999999/${kind}`), 404);
      expectStatus(await get(`/api/settlements/abc/${kind}`), 400);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/settlements/${closedA.id}/${kind}` })).statusCode,
      ).toBe(401);
    }
  });

  it('a statement of 5 000 lines renders as PDF; past the cap the PDF is a 409 that points to the .xlsx', async () => {
    const company = await createCompany(t.app, admin, { commissionRate: '8' });
    const debtId = (await createDebt(t.app, admin, { companyId: company.id, originalAmount: '10000000.00' }))
      .id;
    await t.database.db.execute(sql`INSERT INTO payments (debt_id, amount, paid_at)
      SELECT ${debtId}::integer, 12.34, '2024-06-01'::date + (i % 28) FROM generate_series(1, 5000) i`);
    const big = await draft(company.id, '2024-06-30');
    expect(big.items).toBe(5000);
    const start = performance.now();
    const response = await get(`/api/settlements/${big.id}/pdf`);
    const ms = Math.round(performance.now() - start);
    expectStatus(response, 200);
    const { totalPages, text } = await extractText(new Uint8Array(response.rawPayload), { mergePages: true });
    console.info(
      `[${backend}] PDF de 5 000 líneas: ${ms} ms, ${totalPages} páginas, ${response.rawPayload.length} bytes`,
    );
    expect(totalPages).toBeGreaterThan(50);
    expect(text.replace(/\s+/g, ' ')).toContain(formatMoney(big.collected));
    expect(formatMoney(big.collected)).toBe('$ 61.700,00');

    await t.database.db.execute(sql`UPDATE settlements SET items = 10001 WHERE id = ${big.id}`);
    const refused = await get(`/api/settlements/${big.id}/pdf`);
    expectStatus(refused, 409);
    expect(refused.body.message).toBe(
      'La rendición tiene 10.001 líneas y el PDF admite hasta 10.000: descargue la planilla Excel.',
    );
  }, 60_000);

  describe('GET /api/report/to-settle', () => {
    const mine = (body: { data: { companyId: number }[] }) =>
      body.data.filter((row) => row.companyId === companyA || row.companyId === companyB);

    it('per company and currency: what is in no closed settlement (a draft does not count as settled)', async () => {
      const response = await call(t.app, admin, { method: 'GET', url: '/api/report/to-settle' });
      expectStatus(response, 200);
      // By company name: B («Compañía …») before A («Pérez …»).
      expect(mine(response.body)).toEqual([
        {
          companyId: companyB,
          companyName: expect.any(String),
          currency: 'ARS',
          items: 2,
          amount: '100.00',
          since: '2024-02-01',
        },
        {
          companyId: companyB,
          companyName: expect.any(String),
          currency: 'USD',
          items: 1,
          amount: '10.00',
          since: '2024-04-20',
        },
        {
          companyId: companyA,
          companyName: 'Pérez & Hijos S.A.',
          currency: 'ARS',
          items: 1,
          amount: '50.00',
          since: '2024-04-02',
        },
      ]);
      const general = await createUser(t.app, admin, 'GENERAL');
      const one = await call(t.app, general.token, {
        method: 'GET',
        url: `/api/report/to-settle?company=${companyB}`,
      });
      expectStatus(one, 200);
      expect(one.body.data.map((row: { currency: string }) => row.currency)).toEqual(['ARS', 'USD']);
    });

    it('a CLIENTE sees its own company only, whatever it asks', async () => {
      for (const url of ['/api/report/to-settle', `/api/report/to-settle?company=${companyB}`]) {
        const response = await call(t.app, cliente.token, { method: 'GET', url });
        expectStatus(response, 200);
        expect(response.body.data).toEqual([
          expect.objectContaining({ companyId: companyA, amount: '50.00' }),
        ]);
      }
    });
  });
});
