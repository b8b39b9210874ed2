import { PassThrough } from 'node:stream';
import { agencyToday, MESSAGES } from '@cobranzas/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { longWorksHoldingHeapGrowth } from '../src/heapGrowth';
import { clientDebtStream, debtBatches } from '../src/reports/clientDebt';
import { type DebtReportRow, writeClientDebtWorkbook } from '../src/reports/xlsx';
import { create, createCatalog, createDebt, createDebtor, expectStatus } from './domain';
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

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Deudas');
  if (!sheet) throw new Error('sin hoja Deudas');
  return sheet;
}

forEachBackend('GET /api/report/clientDebt: the streamed .xlsx', (backend) => {
  let t: TestApp;
  let admin: string;
  let client: Awaited<ReturnType<typeof createUser>>;
  let companyId: number;
  let otherCompanyId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    client = await createUser(t.app, admin, 'CLIENTE');
    companyId = client.companyId as number;
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/companies/${companyId}`,
      payload: { name: 'Pérez & Hijos S.A.' },
    });
    otherCompanyId = (await createCompany(t.app, admin)).id;
    const card = await create(t.app, admin, 'collections-types', { name: 'Tarjeta de crédito' });
    const eventTypeId = (await createCatalog(t.app, admin, 'events-types')).id;
    const ana = await createDebtor(t.app, admin, {
      firstName: 'Ana',
      lastName: 'Núñez',
      dni: '20123456',
      cuit: '27201234560',
    });
    ids.first = (
      await createDebt(t.app, admin, {
        companyId,
        debtorId: ana.id,
        collectionTypeId: card.id,
        originalAmount: '1000.10',
        reference: 'TC-1',
      })
    ).id;
    await create(t.app, admin, 'payments', { debtId: ids.first, amount: '250.55', paidAt: '2024-03-01' });
    await create(t.app, admin, 'events', { debtId: ids.first, eventTypeId, date: '2024-05-10T02:00:00Z' });
    await create(t.app, admin, 'events', { debtId: ids.first, eventTypeId, date: '2024-04-01T12:00:00Z' });
    // Two promises: the report shows the latest, with its status derived as GET /promises does.
    await create(t.app, admin, 'promises', { debtId: ids.first, amount: '50.00', dueDate: agencyToday() });
    await create(t.app, admin, 'promises', { debtId: ids.first, amount: '120.30', dueDate: agencyToday() });
    ids.judicial = (await createDebt(t.app, admin, { companyId, debtTypeId: 3, originalAmount: '2000' })).id;
    await create(t.app, admin, 'services', {
      debtId: ids.judicial,
      description: 'Tasa',
      amount: '30',
      date: '2024-01-01',
    });
    await create(t.app, admin, 'deposits', {
      debtId: ids.judicial,
      amount: '100',
      depositedAt: '2024-01-02',
    });
    ids.usd = (
      await createDebt(t.app, admin, { companyId, debtTypeId: 2, currency: 'USD', originalAmount: '500' })
    ).id;
    ids.newer = (await createDebt(t.app, admin, { companyId, originalAmount: '0.05' })).id;
    // A debt starts ACTIVA; its status changes by its own call (issue 14).
    expectStatus(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/debts/${ids.newer}/status`,
        payload: { status: 'INCOBRABLE' },
      }),
      200,
    );
    await createDebt(t.app, admin, { companyId: otherCompanyId, originalAmount: '77' });
  });
  afterAll(() => t?.close());

  const report = (query: string, token = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/report/clientDebt?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('one row per debt, stage by stage and newest first, with es-AR formats, widths and a frozen bold header', async () => {
    const response = await report(`company=${companyId}&start=2000-01-01&end=2199-12-31`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="deuda-perez-hijos-s-a-2000-01-01-a-2199-12-31.xlsx"',
    );
    const sheet = await workbookOf(response.rawPayload);
    const header = sheet.getRow(1);
    expect(header.values).toEqual([
      undefined,
      'Deudor',
      'DNI',
      'CUIT/CUIL',
      'Referencia',
      'Etapa',
      'Tipo de cobranza',
      'Moneda',
      'Importe original',
      'Pagado',
      'Saldo',
      'Saldo actualizado',
      'Estado',
      'Último contacto',
      'Promesa de pago',
      'Monto prometido',
      'Estado de la promesa',
    ]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(32);

    const row = (n: number) => sheet.getRow(n).values as unknown[];
    // Stage 1 newest first (the 0.05 debt, then Ana's), then stage 2 (USD), then stage 3.
    // Without rates, «Saldo actualizado» is the stored balance.
    expect(row(2).slice(5, 13)).toEqual(['Preventiva', 'Sin tipo', 'ARS', 0.05, 0, 0.05, 0.05, 'Incobrable']);
    expect(row(3)).toEqual([
      undefined,
      'Núñez, Ana',
      '20123456',
      '27-20123456-0',
      'TC-1',
      'Preventiva',
      'Tarjeta de crédito',
      'ARS',
      1000.1,
      250.55,
      749.55,
      749.55,
      'Activa',
      // The latest contact, 2024-05-10T02:00Z, was still the 9th in Argentina.
      new Date('2024-05-09T00:00:00Z'),
      // The latest promise, due today, nothing paid yet.
      new Date(`${agencyToday()}T00:00:00Z`),
      120.3,
      'Pendiente',
    ]);
    expect(row(4).slice(5, 13)).toEqual(['Extrajudicial', 'Sin tipo', 'USD', 500, 0, 500, 500, 'Activa']);
    expect(row(5).slice(5, 13)).toEqual(['Judicial', 'Sin tipo', 'ARS', 2000, 100, 1930, 1930, 'Activa']);
    expect(row(5)[13]).toBeUndefined();
    expect(sheet.getRow(3).getCell(8).numFmt).toBe('"$" #,##0.00');
    expect(sheet.getRow(4).getCell(8).numFmt).toBe('"US$" #,##0.00');
    expect(sheet.getRow(3).getCell(11).numFmt).toBe('"$" #,##0.00');
    expect(sheet.getRow(4).getCell(11).numFmt).toBe('"US$" #,##0.00');
    expect(sheet.getRow(3).getCell(13).numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getRow(3).getCell(14).numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getRow(3).getCell(15).numFmt).toBe('"$" #,##0.00');
    expect(sheet.autoFilter).toBe('A1:P1');

    // Totals per currency: SUMIF formulas with the exact sums cached.
    expect(sheet.getCell('A6').value).toBe('Total ARS (4 deudas)');
    expect(sheet.getCell('A6').font?.bold).toBe(true);
    expect(sheet.getCell('H6').value).toEqual({ formula: 'SUMIF(G2:G5,"ARS",H2:H5)', result: 3000.15 });
    expect(sheet.getCell('I6').value).toEqual({ formula: 'SUMIF(G2:G5,"ARS",I2:I5)', result: 350.55 });
    expect(sheet.getCell('J6').value).toEqual({ formula: 'SUMIF(G2:G5,"ARS",J2:J5)', result: 2679.6 });
    expect(sheet.getCell('K6').value).toEqual({ formula: 'SUMIF(G2:G5,"ARS",K2:K5)', result: 2679.6 });
    expect(sheet.getCell('A7').value).toBe('Total USD (4 deudas)');
    expect(sheet.getCell('J7').value).toEqual({ formula: 'SUMIF(G2:G5,"USD",J2:J5)', result: 500 });
    expect(sheet.getCell('K7').value).toEqual({ formula: 'SUMIF(G2:G5,"USD",K2:K5)', result: 500 });
    expect(sheet.rowCount).toBe(7);
  });

  it('the period filters on the day each debt was placed; an empty period still has its totals row', async () => {
    const response = await report(`company=${companyId}&start=2001-01-01&end=2001-12-31`);
    expect(response.statusCode).toBe(200);
    const sheet = await workbookOf(response.rawPayload);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getCell('A2').value).toBe('Total ARS (0 deudas)');
    expect(sheet.getCell('H2').value).toBe(0);
  });

  it('a CLIENTE gets its own company whatever it asks for (or when it asks for none)', async () => {
    for (const query of [`company=${otherCompanyId}`, '']) {
      const response = await report(query, client.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="deuda-perez-hijos-s-a-inicio-a-${agencyToday()}.xlsx"`,
      );
      const sheet = await workbookOf(response.rawPayload);
      expect(sheet.rowCount).toBe(7);
    }
  });

  it('bad input → 400 in Spanish; an unknown company → 404; no token → 401', async () => {
    const json = async (query: string) => {
      const response = await call(t.app, admin, { method: 'GET', url: `/api/report/clientDebt?${query}` });
      return response;
    };
    for (const query of [
      'company=abc',
      `company=${companyId}&start=2024-13-01`,
      `company=${companyId}&end=ayer`,
      '',
    ])
      expectStatus(await json(query), 400);
    const reversed = await json(`company=${companyId}&start=2024-05-02&end=2024-05-01`);
    expectStatus(reversed, 400);
    expect(reversed.body.errors).toEqual({ end: [MESSAGES.invalidPeriod] });
    const missing = await json('company=99999999');
    expectStatus(missing, 404);
    expect(missing.body).toEqual({ message: MESSAGES.companyNotFound });
    expectStatus(
      await call(t.app, null, { method: 'GET', url: `/api/report/clientDebt?company=${companyId}` }),
      401,
    );
  });

  it('«Saldo actualizado»: a debt with a rate shows its interest to date, one without rates its stored balance, and the totals add them up', async () => {
    const today = agencyToday();
    const daysBefore = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    const company = (await createCompany(t.app, admin)).id;
    // 10 000 × 36,5 % × 100/365 = 1 000,00 of interest: 11 000,00 owed today.
    const rated = await createDebt(t.app, admin, {
      companyId: company,
      originalAmount: '10000.00',
      defaultDate: daysBefore(100),
      interestRate: '36.5',
    });
    // No rates: 2 500,50 − 500,25 paid = 2 000,25, its stored balance.
    const plain = await createDebt(t.app, admin, {
      companyId: company,
      originalAmount: '2500.50',
      defaultDate: daysBefore(100),
    });
    await create(t.app, admin, 'payments', { debtId: plain.id, amount: '500.25', paidAt: daysBefore(10) });
    // US$ 1 000 at 73 %: 50 days = 100,00 of interest, which the payment of 100,00 that day pays;
    // 50 more days = 100,00 again: 1 100,00 owed, where the stored balance is 900,00.
    const dollars = await createDebt(t.app, admin, {
      companyId: company,
      currency: 'USD',
      originalAmount: '1000.00',
      defaultDate: daysBefore(100),
      interestRate: '73',
    });
    await create(t.app, admin, 'payments', { debtId: dollars.id, amount: '100.00', paidAt: daysBefore(50) });

    const response = await report(`company=${company}`);
    expect(response.statusCode).toBe(200);
    const sheet = await workbookOf(response.rawPayload);
    const amounts = (n: number) => (sheet.getRow(n).values as unknown[]).slice(7, 12);
    // Newest first: the dollars, the plain debt, the rated one (currency, original, paid, saldo, actualizado).
    expect(amounts(2)).toEqual(['USD', 1000, 100, 900, 1100]);
    expect(amounts(3)).toEqual(['ARS', 2500.5, 500.25, 2000.25, 2000.25]);
    expect(amounts(4)).toEqual(['ARS', 10000, 0, 10000, 11000]);
    expect(sheet.getRow(4).getCell(11).numFmt).toBe('"$" #,##0.00');
    // A totals row per currency, in the order the currencies first appear.
    expect(sheet.getCell('A5').value).toBe('Total USD (3 deudas)');
    expect(sheet.getCell('J5').value).toEqual({ formula: 'SUMIF(G2:G4,"USD",J2:J4)', result: 900 });
    expect(sheet.getCell('K5').value).toEqual({ formula: 'SUMIF(G2:G4,"USD",K2:K4)', result: 1100 });
    expect(sheet.getCell('K5').numFmt).toBe('"US$" #,##0.00');
    expect(sheet.getCell('A6').value).toBe('Total ARS (3 deudas)');
    // 10 000 + 2 000,25 stored; 11 000 + 2 000,25 to date.
    expect(sheet.getCell('J6').value).toEqual({ formula: 'SUMIF(G2:G4,"ARS",J2:J4)', result: 12000.25 });
    expect(sheet.getCell('K6').value).toEqual({ formula: 'SUMIF(G2:G4,"ARS",K2:K4)', result: 13000.25 });
    expect(sheet.getCell('K6').numFmt).toBe('"$" #,##0.00');
    expect(sheet.rowCount).toBe(6);

    // On another day: 50 days at 36,5 % = 500,00; the dollars' payment that day leaves 1 000,00; the
    // plain debt's payment came 40 days later, so it owed all of its 2 500,50 (the books to that day).
    const earlier: Record<number, string> = {};
    for await (const page of debtBatches(t.database.db, { companyId: company, date: daysBefore(50) }, 1))
      for (const debt of page) earlier[debt.id] = debt.updatedBalance;
    expect(earlier).toEqual({ [rated.id]: '10500.00', [plain.id]: '2500.50', [dollars.id]: '1000.00' });
  });

  it('keyset pages cover every debt exactly once across stages', async () => {
    const seen: number[] = [];
    let pages = 0;
    for await (const page of debtBatches(t.database.db, { companyId }, 1)) {
      pages++;
      seen.push(...page.map((debt) => debt.id));
    }
    expect(seen).toEqual([ids.newer, ids.first, ids.usd, ids.judicial]);
    expect(pages).toBe(4);
  });
});

describe('client-debt workbook failures', () => {
  const debt: DebtReportRow = {
    id: 1,
    firstName: 'Ana',
    lastName: 'Núñez',
    dni: '20123456',
    cuit: null,
    reference: null,
    stage: 'Preventiva',
    collectionType: null,
    currency: 'ARS',
    originalAmount: '10.00',
    paidAmount: '0.00',
    balance: '10.00',
    updatedBalance: '10.00',
    status: 'ACTIVA',
    lastContact: null,
    promise: null,
  };
  async function* failing() {
    yield [debt];
    throw new Error('la base de datos se cayó');
  }

  it('an error midway rejects the writer instead of crashing', async () => {
    const out = new PassThrough();
    out.resume();
    await expect(writeClientDebtWorkbook(out, failing())).rejects.toThrow('la base de datos se cayó');
  });

  it('the route’s stream is destroyed and the error logged: the client sees a cut download', async () => {
    const log = { error: vi.fn() };
    const stream = clientDebtStream(failing(), log);
    const chunks: Buffer[] = [];
    const outcome = await new Promise<string>((resolve) => {
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve('end'));
      stream.on('close', () => resolve('close'));
    });
    expect(outcome).toBe('close');
    expect(stream.destroyed).toBe(true);
    expect(log.error).toHaveBeenCalledOnce();
    expect(longWorksHoldingHeapGrowth()).toBe(0);
  });

  it('V8’s small heap growth is held while a report is written and given back after it (issue 20)', async () => {
    let release: (() => void) | undefined;
    async function* slow() {
      yield [debt];
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    }
    const stream = clientDebtStream(slow(), { error: vi.fn() });
    const ended = new Promise((resolve) => stream.on('end', resolve));
    stream.resume();
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(longWorksHoldingHeapGrowth()).toBe(1);
    release?.();
    await ended;
    await vi.waitFor(() => expect(longWorksHoldingHeapGrowth()).toBe(0));
  });
});
