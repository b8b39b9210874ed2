import path from 'node:path';
import { IMPORT_MAX_BYTES, type Import, MESSAGES } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import { FILE_ERRORS } from '../src/modules/imports/parse/errors';
import { IN_THREAD_MAX_BYTES } from '../src/modules/imports/parse/inWorker';
import { UPLOAD_MESSAGES } from '../src/modules/imports/upload';
import { create, createDebt, createDebtor, expectStatus, makeCuit, makeDni } from './domain';
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
import {
  countsOf,
  csvOf,
  cuitFor,
  dashed,
  debtsOfImport,
  errorsFile,
  finished,
  listAll,
  runImport,
  upload,
  xlsxOf,
  zipBombXlsx,
} from './importHelpers';
import { SAMPLES, storedFiles } from './multipart';

/**
 * The portfolio import through the API (DESIGN.md §10.1, §10.6; issue 16): what a user sees of each
 * rule — the counts of GET /api/imports/{id}, the debtors and debts it left, the errors file. The
 * value readers and the header synonyms one by one are importParse.test.ts's; here each is proved
 * end to end, and the app runs batches of 2 rows so that every file spans several batches.
 */

/** §10.1's header synonyms, as the contract lists them. */
const SYNONYMS = {
  dni: ['DNI', 'Documento', 'Nro Documento', 'Nº Doc', 'Num Doc'],
  cuit: ['CUIT', 'CUIL', 'CUIT/CUIL'],
  fullName: ['Apellido y Nombre', 'Nombre y Apellido', 'Titular', 'Deudor', 'Razón Social'],
  reference: ['Referencia', 'Nro Cuenta', 'Cuenta', 'Nro Operación', 'Operación', 'Nro Crédito', 'Contrato'],
  originalAmount: ['Monto', 'Importe', 'Saldo', 'Deuda', 'Saldo Deuda', 'Capital', 'Monto Adeudado'],
  defaultDate: ['Fecha Mora', 'Fecha de Mora', 'Vencimiento', 'Fecha Vto'],
  originDate: ['Fecha Origen', 'Fecha Alta', 'Fecha Otorgamiento'],
  phone: ['Teléfono', 'Tel', 'Celular', 'Móvil'],
  altPhone: ['Teléfono 2', 'Tel Alternativo', 'Tel Laboral'],
  email: ['Email', 'E-mail', 'Correo', 'Mail'],
  address: ['Domicilio', 'Dirección', 'Calle'],
  city: ['Localidad', 'Ciudad'],
  province: ['Provincia'],
  postalCode: ['CP', 'Código Postal'],
  employer: ['Empleador', 'Empresa Empleadora'],
  collectionType: ['Producto', 'Tipo de Cobranza', 'Tipo Producto'],
} as const;
type SynonymField = keyof typeof SYNONYMS | 'lastName' | 'firstName';

/**
 * Files whose headers, together, use every synonym of §10.1 once at least: file i takes each field's
 * i-th synonym (cycling). The first seven name the debtor in one column, the last two in Apellido and
 * Nombre / Nombres.
 */
const SYNONYM_SETS: Partial<Record<SynonymField, string>>[] = Array.from({ length: 9 }, (_, i) => {
  const set: Partial<Record<SynonymField, string>> = {};
  for (const [field, list] of Object.entries(SYNONYMS) as [keyof typeof SYNONYMS, readonly string[]][]) {
    if (field === 'fullName' && i >= 7) continue;
    set[field] = list[i % list.length];
  }
  if (i >= 7) {
    set.lastName = 'Apellido';
    set.firstName = i === 7 ? 'Nombre' : 'Nombres';
  }
  return set;
});

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const reasonsOf = (rows: Record<string, unknown>[]) =>
  Object.fromEntries(rows.map((row) => [row.Fila, String(row.Motivo)]));

forEachBackend('portfolio import (DESIGN.md §10.1)', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: Awaited<ReturnType<typeof createUser>>;
  let cliente: Awaited<ReturnType<typeof createUser>>;
  let collectionType: { id: number; name: string };

  beforeAll(async () => {
    t = await startApp(backend, { jobs: { timing: { pollMs: 100 } }, imports: { batchRows: 2 } });
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    general = await createUser(t.app, admin, 'GENERAL');
    cliente = await createUser(t.app, admin, 'CLIENTE');
    collectionType = await create(t.app, admin, 'collections-types', { name: 'Tarjeta de Crédito' });
  });
  afterAll(() => t?.close());

  const newCompany = async () => (await createCompany(t.app, admin)).id;
  const debtorByDni = (dni: string) => call(t.app, admin, { method: 'GET', url: `/api/debtors/dni/${dni}` });
  const importsTotal = async () =>
    (await call(t.app, admin, { method: 'GET', url: '/api/imports?limit=1' })).body.total as number;
  const importsRoot = () => path.join(t.config.dataDir, 'documents', 'imports');

  it('every header synonym of §10.1 is mapped automatically, and a file with each set imports its row', async () => {
    const companyId = await newCompany();
    for (const [i, set] of SYNONYM_SETS.entries()) {
      const headers = Object.values(set);
      const dni = makeDni();
      const cuit = cuitFor(dni);
      const values: Record<SynonymField, unknown> = {
        dni,
        cuit,
        fullName: `SINÓNIMO${i}, Ana María`,
        lastName: `SINÓNIMO${i}`,
        firstName: 'Ana María',
        reference: `SYN-${i}`,
        originalAmount: `1.500,${10 + i}`,
        defaultDate: '05/03/2024',
        originDate: '2023-12-01',
        phone: '351 555 0001',
        altPhone: '351 555 0002',
        email: `ana${i}@example.com`,
        address: 'San Martín 123',
        city: 'Córdoba',
        province: 'Córdoba',
        postalCode: '5000',
        employer: 'Fábrica SA',
        collectionType: 'tarjeta de credito',
      };
      const fields = Object.keys(set) as SynonymField[];
      const content = await xlsxOf([headers, fields.map((f) => values[f])]);

      const preview = await upload(t, admin, { content, url: '/api/imports/preview' });
      expectStatus(preview, 200);
      expect(preview.body.mapping, `juego ${i}: ${headers.join(' | ')}`).toEqual(set);
      expect(preview.body.mappingSource).toBe('auto');

      const record = await runImport(t, admin, { content, companyId });
      expect(countsOf(record), `juego ${i}`).toEqual({
        status: 'DONE',
        totalRows: 1,
        processedRows: 1,
        created: { debtors: 1, debts: 1 },
        updatedDebtors: 0,
        unchanged: 0,
        rejected: 0,
        warnings: 0,
      });
      expect(record.mapping).toEqual(set);
      const debtor = await debtorByDni(dni);
      expectStatus(debtor, 200);
      expect(debtor.body).toMatchObject({
        dni,
        cuit,
        lastName: `SINÓNIMO${i}`,
        firstName: 'Ana María',
        phone: '351 555 0001',
        altPhone: '351 555 0002',
        email: `ana${i}@example.com`,
        address: 'San Martín 123',
        city: 'Córdoba',
        province: 'Córdoba',
        postalCode: '5000',
        employer: 'Fábrica SA',
      });
      const debt = (await debtsOfImport(t, admin, record.id)).get(`SYN-${i}`);
      expect(debt).toMatchObject({
        debtorId: debtor.body.id,
        companyId,
        originalAmount: `1500.${10 + i}`,
        currency: 'ARS',
        defaultDate: '2024-03-05',
        originDate: '2023-12-01',
        collectionTypeId: collectionType.id,
        debtTypeId: 1,
      });
    }
  });

  it('every value format of §10.1: amounts, dates, DNI with dots, CUIT with or without dashes', async () => {
    const companyId = await newCompany();
    const dnis: [string, string, string, string] = [makeDni(), makeDni(), makeDni(), makeDni()];
    const dotted = (dni: string) => dni.replace(/\B(?=(\d{3})+$)/g, '.');
    const content = await xlsxOf([
      ['Nº Doc', 'CUIT', 'Apellido y Nombre', 'Nro Cuenta', 'Monto', 'Fecha de Mora', 'Fecha Alta'],
      // Numeric amount cell, date cell, Excel serial; DNI with dots; CUIT with dashes.
      [dotted(dnis[0]), dashed(cuitFor(dnis[0])), 'PÉREZ, Juan', 'F-1', 1234.56, utc('2024-03-05'), 45292],
      // '1234.56'; serial; dd/mm/aaaa; DNI as a number cell; CUIT without dashes.
      [Number(dnis[1]), cuitFor(dnis[1]), 'PÉREZ Juan', 'F-2', '1234.56', 45356, '01/01/2024'],
      // '1.234,56'; aaaa-mm-dd; d/m/aaaa; no CUIT: the DNI alone.
      [dnis[2], null, 'PÉREZ, Juan', 'F-3', '1.234,56', '2024-03-05', '1/1/2024'],
      // '$ 1.234,56'; a CUIL in the DNI column gives both.
      [dashed(cuitFor(dnis[3])), null, 'PÉREZ, Juan', 'F-4', '$ 1.234,56', '05/03/2024', '2024-01-01'],
    ]);
    const record = await runImport(t, admin, { content, companyId });
    expect(countsOf(record)).toEqual({
      status: 'DONE',
      totalRows: 4,
      processedRows: 4,
      created: { debtors: 4, debts: 4 },
      updatedDebtors: 0,
      unchanged: 0,
      rejected: 0,
      warnings: 0,
    });
    const debts = await debtsOfImport(t, admin, record.id);
    expect([...debts.keys()].sort()).toEqual(['F-1', 'F-2', 'F-3', 'F-4']);
    for (const [i, dni] of dnis.entries()) {
      const debt = debts.get(`F-${i + 1}`);
      expect(debt, `F-${i + 1}`).toMatchObject({
        originalAmount: '1234.56',
        currency: 'ARS',
        defaultDate: '2024-03-05',
        originDate: '2024-01-01',
        debtor: { dni, cuit: i === 2 ? null : cuitFor(dni), lastName: 'PÉREZ', firstName: 'Juan' },
      });
    }
  });

  it('rejected rows with their reasons while the good rows go in; the errors file holds them with Fila and Motivo', async () => {
    const companyId = await newCompany();
    const dnis = Array.from({ length: 6 }, makeDni);
    const goodCuit = cuitFor(dnis[1] as string);
    const badCuit = `${goodCuit.slice(0, 10)}${(Number(goodCuit.slice(10)) + 1) % 10}`;
    const headers = ['DNI', 'CUIT', 'Apellido', 'Nombre', 'Referencia', 'Importe', 'Vencimiento', 'Producto'];
    const content = await xlsxOf([
      headers,
      [dnis[0], null, 'BUENO', 'Uno', 'R-1', '100', '01/02/2024', 'TARJETA DE CRÉDITO'],
      [dnis[1], badCuit, 'MALO', 'Cuit', 'R-2', '100', '01/02/2024', null],
      [dnis[2], null, 'MALO', 'Importe', 'R-3', null, '01/02/2024', null],
      [dnis[3], null, 'MALO', 'Fecha', 'R-4', '100', '31/02/2024', null],
      [dnis[4], null, 'MALO', 'Producto', 'R-5', '100', '01/02/2024', 'Hipoteca Lunar'],
      [dnis[5], null, 'BUENO', 'Dos', 'R-6', '200,50', null, null],
    ]);
    const record = await runImport(t, admin, { content, companyId, fileName: 'con errores.xlsx' });
    expect(countsOf(record)).toEqual({
      status: 'DONE',
      totalRows: 6,
      processedRows: 6,
      created: { debtors: 2, debts: 2 },
      updatedDebtors: 0,
      unchanged: 0,
      rejected: 4,
      warnings: 0,
    });
    expect(record.fileName).toBe('con errores.xlsx');
    const debts = await debtsOfImport(t, admin, record.id);
    expect([...debts.keys()].sort()).toEqual(['R-1', 'R-6']);
    expect(debts.get('R-1')).toMatchObject({
      collectionTypeId: collectionType.id,
      defaultDate: '2024-02-01',
    });
    expect(debts.get('R-6')).toMatchObject({ originalAmount: '200.50' });
    for (const dni of dnis.slice(1, 5)) expectStatus(await debtorByDni(dni), 404);

    const file = await errorsFile(t, admin, record.id);
    expect(file.headers).toEqual(['Fila', ...headers, 'Motivo']);
    expect(file.rows.map((row) => row.Fila)).toEqual([3, 4, 5, 6]);
    expect(file.rows.map((row) => row.Referencia)).toEqual(['R-2', 'R-3', 'R-4', 'R-5']);
    expect(file.rows[0]).toMatchObject({ DNI: dnis[1], CUIT: badCuit, Apellido: 'MALO', Nombre: 'Cuit' });
    const reasons = reasonsOf(file.rows);
    expect(reasons[3]).toBe(
      `No se importó: CUIT/CUIL inválido: ${badCuit} (el dígito verificador no coincide)`,
    );
    expect(reasons[4]).toBe('No se importó: Falta el importe');
    expect(reasons[5]).toBe('No se importó: Fecha de mora inválida: 31/02/2024');
    expect(reasons[6]).toBe(
      'No se importó: Tipo de cobranza desconocido: «Hipoteca Lunar» (no está en el catálogo de Tipos de cobranza)',
    );
  });

  it("the file is parsed once: the upload keeps the rows it read in the file's place, the job imports them, and they go when it ends", async () => {
    const companyId = await newCompany();
    const dnis = [makeDni(), makeDni()];
    const content = await xlsxOf([
      ['DNI', 'Apellido y Nombre', 'Cuenta', 'Saldo', 'Fecha Mora'],
      [dnis[0], 'UNO, Ana', 'P-1', '100,50', utc('2024-03-05')],
      [dnis[1], 'DOS, Ana', 'P-2', 200, '06/04/2024'],
    ]);
    const response = await upload(t, admin, { content, companyId });
    expectStatus(response, 202);
    const id = (response.body as { id: number }).id;
    const [stored] = rowsOf<{ kind: string; storage_key: string | null }>(
      await t.database.db.execute(sql`SELECT kind, storage_key FROM imports WHERE id = ${id}`),
    );
    expect(stored?.kind).toBe('rows');
    // The uploaded .xlsx itself is not kept: only the rows read from it (until the import ends).
    for (const file of storedFiles(importsRoot())) expect(file).toMatch(/\.rows$/);
    const record = await finished(t, admin, id);
    expect(countsOf(record)).toMatchObject({
      status: 'DONE',
      totalRows: 2,
      created: { debtors: 2, debts: 2 },
    });
    const debts = await listAll(t, admin, `/api/debts?companyId=${companyId}`);
    expect(debts.map((d) => [d.reference, d.originalAmount, d.defaultDate]).sort()).toEqual([
      ['P-1', '100.50', '2024-03-05'],
      ['P-2', '200.00', '2024-04-06'],
    ]);
    expect(storedFiles(importsRoot()).filter((file) => file.includes(String(stored?.storage_key)))).toEqual(
      [],
    );
  });

  it('an imported debt knows whether its debtor has a phone to call, as one created by hand does', async () => {
    const companyId = await newCompany();
    const [withPhone, without, stored] = [makeDni(), makeDni(), makeDni()];
    expectStatus(
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/debtors',
        payload: { dni: stored, lastName: 'GUARDADO', firstName: 'Ana', phone: '351 555 0101' },
      }),
      201,
    );
    const record = await runImport(t, admin, {
      companyId,
      content: await xlsxOf([
        ['DNI', 'Apellido y Nombre', 'Cuenta', 'Saldo', 'Celular'],
        [withPhone, 'CON, Ana', 'T-1', '100', '351 555 0001'],
        [without, 'SIN, Ana', 'T-2', '100', ''],
        [stored, 'GUARDADO, Ana', 'T-3', '100', ''],
      ]),
    });
    expect(record).toMatchObject({ status: 'DONE', created: { debts: 3 } });
    const storedDebtor = (await debtorByDni(stored)).body as { id: number };
    const byHand = await createDebt(t.app, admin, { companyId, reference: 'T-4', debtorId: storedDebtor.id });
    const byHandNoPhone = await createDebt(t.app, admin, { companyId, reference: 'T-5' });
    const open = rowsOf<{ reference: string; debtor_phone_open: boolean }>(
      await t.database.db.execute(
        sql`SELECT reference, debtor_phone_open FROM debts WHERE company_id = ${companyId} ORDER BY reference`,
      ),
    );
    expect(open).toEqual([
      { reference: 'T-1', debtor_phone_open: true },
      { reference: 'T-2', debtor_phone_open: false },
      { reference: 'T-3', debtor_phone_open: true },
      { reference: 'T-4', debtor_phone_open: true },
      { reference: 'T-5', debtor_phone_open: false },
    ]);
    expect([byHand.id, byHandNoPhone.id].every((id) => id > 0)).toBe(true);
  });

  it('idempotency: the same file twice creates nothing the second time; a different amount is a warning and is not overwritten', async () => {
    const companyId = await newCompany();
    const dnis = [makeDni(), makeDni(), makeDni()];
    const rows = (amount: string) => [
      ['DNI', 'Apellido y Nombre', 'Cuenta', 'Saldo'],
      [dnis[0], 'UNO, Ana', 'I-1', amount],
      [dnis[1], 'DOS, Ana', 'I-2', '200'],
      [dnis[2], 'TRES, Ana', 'I-3', '300'],
    ];
    const first = await runImport(t, admin, { content: await xlsxOf(rows('100')), companyId });
    expect(first.created).toEqual({ debtors: 3, debts: 3 });
    const companyDebts = () => listAll(t, admin, `/api/debts?companyId=${companyId}`);
    expect(await companyDebts()).toHaveLength(3);

    const second = await runImport(t, admin, { content: await xlsxOf(rows('100')), companyId });
    expect(countsOf(second)).toEqual({
      status: 'DONE',
      totalRows: 3,
      processedRows: 3,
      created: { debtors: 0, debts: 0 },
      updatedDebtors: 0,
      unchanged: 3,
      rejected: 0,
      warnings: 0,
    });
    expect(await companyDebts()).toHaveLength(3);
    expect((await debtsOfImport(t, admin, second.id)).size).toBe(0);

    const third = await runImport(t, admin, { content: await xlsxOf(rows('999,90')), companyId });
    expect(countsOf(third)).toMatchObject({ created: { debtors: 0, debts: 0 }, unchanged: 3, warnings: 1 });
    const debts = await companyDebts();
    expect(debts).toHaveLength(3);
    expect(debts.find((d) => d.reference === 'I-1')).toMatchObject({ originalAmount: '100.00' });
    const file = await errorsFile(t, admin, third.id);
    expect(file.rows).toHaveLength(1);
    expect(file.rows[0]).toMatchObject({ Fila: 2, Cuenta: 'I-1', Saldo: '999,90' });
    expect(String(file.rows[0]?.Motivo)).toMatch(
      /^Se importó\. La deuda ya estaba cargada con otro importe \(\$ 100,00; el archivo dice \$ 999,90\): no se modifica$/,
    );

    // One audit entry per import, and a finished import cannot be cancelled.
    for (const record of [first, second, third]) {
      const audit = await call(t.app, admin, {
        method: 'GET',
        url: `/api/audit?resource=imports&recordId=${record.id}`,
      });
      expectStatus(audit, 200);
      expect(audit.body.data).toHaveLength(1);
      expect(audit.body.data[0]).toMatchObject({ action: 'create', resource: 'imports' });
    }
    const cancel = await call(t.app, admin, { method: 'DELETE', url: `/api/imports/${first.id}` });
    expectStatus(cancel, 409);
    expect(cancel.body.message).toBe('La importación ya terminó: no se puede cancelar.');
  });

  it('a debtor already present is reused (by DNI, else CUIT): empty fields filled, conflicting data kept and warned', async () => {
    const companyId = await newCompany();
    const byDni = await createDebtor(t.app, admin, {
      lastName: 'Gómez',
      firstName: 'Ana',
      phone: '351 555 1234',
    });
    const companyCuit = makeCuit('30');
    const byCuit = await createDebtor(t.app, admin, {
      lastName: 'Empresa',
      firstName: 'SA',
      cuit: companyCuit,
    });
    const content = await xlsxOf([
      ['DNI', 'CUIT', 'Apellido y Nombre', 'Teléfono', 'Email', 'Localidad', 'Cuenta', 'Monto'],
      [byDni.dni, null, 'GÓMEZ, Ana', '11 4444-5555', 'ana@example.com', 'Rosario', 'E-1', '100'],
      [null, dashed(companyCuit), null, null, null, null, 'E-2', '200'],
      [byDni.dni, null, null, '3515551234', null, null, 'E-3', '300'],
    ]);
    const record = await runImport(t, admin, { content, companyId });
    expect(countsOf(record)).toEqual({
      status: 'DONE',
      totalRows: 3,
      processedRows: 3,
      created: { debtors: 0, debts: 3 },
      updatedDebtors: 1,
      unchanged: 0,
      rejected: 0,
      warnings: 1,
    });
    const debtor = (await debtorByDni(byDni.dni)).body;
    expect(debtor).toMatchObject({
      id: byDni.id,
      lastName: 'Gómez',
      firstName: 'Ana',
      phone: '351 555 1234',
      email: 'ana@example.com',
      city: 'Rosario',
    });
    const debts = await debtsOfImport(t, admin, record.id);
    expect(debts.get('E-1')).toMatchObject({ debtorId: byDni.id });
    expect(debts.get('E-2')).toMatchObject({ debtorId: byCuit.id });
    expect(debts.get('E-3')).toMatchObject({ debtorId: byDni.id });
    const file = await errorsFile(t, admin, record.id);
    expect(file.rows.map((row) => [row.Fila, row.Motivo])).toEqual([
      [
        2,
        'Se importó. Teléfono: el archivo dice «11 4444-5555» y el deudor tiene «351 555 1234» (se conserva el del deudor)',
      ],
    ]);
  });

  it('a CUIT given to a stored debtor by one row is that debtor’s for the next rows (never a unique-key failure)', async () => {
    const companyId = await newCompany();
    const stored = await createDebtor(t.app, admin, { lastName: 'Sincuit', firstName: 'Ana' });
    const cuit = cuitFor(stored.dni);
    const typo = makeDni();
    // Row 2 gives the stored debtor its CUIT; row 3 names a new DNI with that same CUIT.
    const content = await xlsxOf([
      ['DNI', 'CUIT', 'Apellido y Nombre', 'Cuenta', 'Monto'],
      [stored.dni, cuit, 'SINCUIT, Ana', 'CU-1', '100'],
      [typo, cuit, 'SINCUIT, Ana', 'CU-2', '200'],
    ]);
    const record = await runImport(t, admin, { content, companyId });
    // Row 3's DNI is unknown but its CUIT is now the stored debtor's: that debtor, with a warning.
    expect(record).toMatchObject({
      status: 'DONE',
      created: { debtors: 0, debts: 2 },
      updatedDebtors: 1,
      rejected: 0,
      warnings: 1,
    });
    const file = await errorsFile(t, admin, record.id);
    expect(reasonsOf(file.rows)[3]).toContain(
      `DNI: el archivo dice «${typo}» y el deudor con ese CUIT tiene «${stored.dni}»`,
    );
    expect((await debtorByDni(stored.dni)).body.cuit).toBe(cuit);
    expect((await debtsOfImport(t, admin, record.id)).get('CU-2')).toMatchObject({ debtorId: stored.id });
  });

  it('a NUL or other control character in a text cell, anywhere in the file, is a space (the import ends DONE)', async () => {
    const companyId = await newCompany();
    const rows = [['DNI', 'Apellido', 'Nombre', 'Cuenta', 'Monto']];
    // Past the first 4 KB, where the CSV sniffer looks.
    for (let i = 0; i < 200; i++) rows.push([makeDni(), 'RELLENO', 'Ana', `N-${i}`, '10']);
    rows.push([makeDni(), 'NU\u0000LO', 'Ana\u0007Paula', 'N-NUL', '10']);
    const record = await runImport(t, admin, { content: csvOf(rows), fileName: 'nul.csv', companyId });
    expect(record).toMatchObject({ status: 'DONE', created: { debts: 201 }, rejected: 0, error: null });
    const debts = await debtsOfImport(t, admin, record.id);
    const debtor = await call(t.app, admin, {
      method: 'GET',
      url: `/api/debtors/${debts.get('N-NUL')?.debtorId}`,
    });
    expect(debtor.body).toMatchObject({ lastName: 'NU LO', firstName: 'Ana Paula' });
  });

  it('an amount that rounds past NUMERIC(15,2) is a rejected row, not a failed import', async () => {
    const companyId = await newCompany();
    const content = await xlsxOf([
      ['DNI', 'Apellido y Nombre', 'Cuenta', 'Monto'],
      [makeDni(), 'GRANDE, Ana', 'G-1', 9999999999999.996],
      [makeDni(), 'CHICO, Ana', 'G-2', 10],
    ]);
    const record = await runImport(t, admin, { content, companyId });
    expect(record).toMatchObject({ status: 'DONE', created: { debts: 1 }, rejected: 1 });
    const file = await errorsFile(t, admin, record.id);
    expect(reasonsOf(file.rows)[2]).toContain('es demasiado grande');
  });

  it('a file past IN_THREAD_MAX_BYTES is read on a worker thread: the same import, the same refusals', async () => {
    const companyId = await newCompany();
    const rows = [['DNI', 'Apellido', 'Nombre', 'Cuenta', 'Monto', 'Observaciones']];
    // Few rows (this app writes batches of 2), made long by their notes.
    const filler = 'x'.repeat(1500);
    for (let i = 0; rows.length * 1530 < IN_THREAD_MAX_BYTES * 1.1; i++)
      rows.push([makeDni(), 'HILO', 'Ana', `W-${i}`, '10,50', filler]);
    rows.push(['123', 'HILO', 'Ana', 'W-MALA', '10', filler]);
    const content = csvOf(rows);
    expect(content.length).toBeGreaterThan(IN_THREAD_MAX_BYTES);
    const record = await runImport(t, admin, { content, fileName: 'grande.csv', companyId });
    const good = rows.length - 2;
    expect(record).toMatchObject({
      status: 'DONE',
      totalRows: good + 1,
      created: { debts: good },
      rejected: 1,
    });
    expect(reasonsOf((await errorsFile(t, admin, record.id)).rows)[rows.length]).toContain('DNI inválido');

    // A quote left open near the end: the worker's refusal is the same Spanish 400.
    const broken = Buffer.concat([content, Buffer.from(`${makeDni()};"ABIERTA;Ana;W-X;10;x\r\n`)]);
    const refused = await upload(t, admin, { content: broken, fileName: 'rota.csv', companyId });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^El CSV no se puede leer/);
  });

  it('a dry run writes no debtors nor debts but reports the counts the real run then produces', async () => {
    const companyId = await newCompany();
    const existing = await createDebtor(t.app, admin);
    await createDebt(t.app, admin, {
      companyId,
      debtorId: existing.id,
      reference: 'D-0',
      originalAmount: '100',
    });
    const [n1, n2] = [makeDni(), makeDni()];
    const content = await xlsxOf([
      ['DNI', 'Apellido y Nombre', 'Email', 'Cuenta', 'Monto'],
      [existing.dni, null, 'nuevo@example.com', 'D-0', '100'], // unchanged, fills the e-mail
      [n1, 'NUEVO, Uno', null, 'D-1', '10'], // a new debtor and debt
      [n1, 'NUEVO, Uno', null, 'D-2', '20'], // the same new debtor (next batch), another debt
      [n2, 'NUEVO, Dos', null, 'D-3', '30'], // another new debtor
      [existing.dni, null, null, 'D-0', '150'], // a different amount: a warning
      [n2, null, null, 'D-9', 'mucho'], // rejected
      [n1, 'NUEVO, Uno', null, 'D-1', '10'], // repeated in the file: unchanged
    ]);
    const dry = await runImport(t, admin, { content, companyId, dryRun: true });
    const expected = {
      status: 'DONE',
      totalRows: 7,
      processedRows: 7,
      created: { debtors: 2, debts: 3 },
      updatedDebtors: 1,
      unchanged: 3,
      rejected: 1,
      warnings: 1,
    };
    expect(countsOf(dry)).toEqual(expected);
    expect(dry.dryRun).toBe(true);
    expectStatus(await debtorByDni(n1), 404);
    expectStatus(await debtorByDni(n2), 404);
    expect((await debtorByDni(existing.dni)).body.email).toBeNull();
    expect(await listAll(t, admin, `/api/debts?companyId=${companyId}`)).toHaveLength(1);
    const dryAudit = await call(t.app, admin, {
      method: 'GET',
      url: `/api/audit?resource=imports&recordId=${dry.id}`,
    });
    expect(dryAudit.body.data).toHaveLength(0);
    const dryFile = await errorsFile(t, admin, dry.id);
    expect(dryFile.rows.map((row) => row.Fila)).toEqual([6, 7]);

    const real = await runImport(t, admin, { content, companyId });
    expect(countsOf(real)).toEqual(expected);
    expect(real.dryRun).toBe(false);
    expectStatus(await debtorByDni(n1), 200);
    expect((await debtorByDni(existing.dni)).body.email).toBe('nuevo@example.com');
    expect([...(await debtsOfImport(t, admin, real.id)).keys()].sort()).toEqual(['D-1', 'D-2', 'D-3']);
    expect((await errorsFile(t, admin, real.id)).rows.map((row) => [row.Fila, row.Motivo])).toEqual(
      dryFile.rows.map((row) => [row.Fila, row.Motivo]),
    );
  });

  it('a CSV in Windows-1252 and one with a BOM import fine', async () => {
    const companyId = await newCompany();
    const [a, b] = [makeDni(), makeDni()];
    const latin1 = Buffer.from(
      `DNI;Apellido y Nombre;Cuenta;Monto\r\n${a};PEÑA, José Ñandú;W-1;1.234,56\r\n`,
      'latin1',
    );
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csvOf([
        ['DNI', 'Apellido y Nombre', 'Cuenta', 'Monto'],
        [b, 'NÚÑEZ, María', 'B-1', '$ 10,50'],
      ]),
    ]);
    for (const [content, dni, reference, lastName, firstName, amount] of [
      [latin1, a, 'W-1', 'PEÑA', 'José Ñandú', '1234.56'],
      [bom, b, 'B-1', 'NÚÑEZ', 'María', '10.50'],
    ] as const) {
      const record = await runImport(t, admin, { content, companyId, fileName: 'cartera.csv' });
      expect(countsOf(record)).toMatchObject({
        status: 'DONE',
        created: { debtors: 1, debts: 1 },
        rejected: 0,
      });
      expect(record.mapping).toMatchObject({ dni: 'DNI' });
      expect((await debtorByDni(dni)).body).toMatchObject({ lastName, firstName });
      expect((await debtsOfImport(t, admin, record.id)).get(reference)).toMatchObject({
        originalAmount: amount,
      });
    }
  });

  it('bad files: a clear Spanish 4xx and nothing changes (no import, no stored file)', async () => {
    const companyId = await newCompany();
    const importsBefore = await importsTotal();
    const filesBefore = storedFiles(importsRoot()).length;
    const good = csvOf([
      ['DNI', 'Cuenta', 'Monto'],
      [makeDni(), 'X-1', '10'],
    ]);
    const cases: { name: string; args: Parameters<typeof upload>[2]; status: number; message: string }[] = [
      {
        name: 'a PNG',
        args: { content: SAMPLES.png, fileName: 'foto.png' },
        status: 415,
        message: UPLOAD_MESSAGES.notSpreadsheet,
      },
      {
        name: 'an .exe',
        args: { content: SAMPLES.exe, fileName: 'cartera.exe' },
        status: 415,
        message: UPLOAD_MESSAGES.notSpreadsheet,
      },
      {
        name: 'a PNG renamed .xlsx',
        args: { content: SAMPLES.png, fileName: 'cartera.xlsx' },
        status: 400,
        message: FILE_ERRORS.notXlsx().message,
      },
      {
        name: 'an empty file',
        args: { content: Buffer.alloc(0), fileName: 'cartera.csv' },
        status: 400,
        message: 'El archivo está vacío.',
      },
      {
        name: 'headers only (.csv)',
        args: { content: Buffer.from('DNI;Cuenta;Monto\r\n'), fileName: 'cartera.csv' },
        status: 400,
        message: FILE_ERRORS.noData().message,
      },
      {
        name: 'headers only (.xlsx)',
        args: { content: await xlsxOf([['DNI', 'Cuenta', 'Monto']]) },
        status: 400,
        message: FILE_ERRORS.noData().message,
      },
      {
        name: 'over 50 MB',
        args: { content: Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x31), fileName: 'cartera.csv' },
        status: 413,
        message: 'El archivo supera el máximo de 50 MB. Divídalo en partes.',
      },
      {
        name: 'a zip bomb posing as .xlsx',
        args: { content: zipBombXlsx(600) },
        status: 400,
        message: FILE_ERRORS.uncompressedTooLarge(512 * 1024 * 1024).message,
      },
      {
        name: 'no company',
        args: { content: good, fileName: 'cartera.csv', companyId: undefined },
        status: 400,
        message: MESSAGES.invalidInput,
      },
      {
        name: 'an unknown company',
        args: { content: good, fileName: 'cartera.csv', companyId: 999_999 },
        status: 400,
        message: MESSAGES.invalidInput,
      },
      {
        name: 'a mapping naming a column not in the file',
        args: {
          content: good,
          fileName: 'cartera.csv',
          mapping: { dni: 'DNI', reference: 'Cuenta', originalAmount: 'Importe' },
        },
        status: 400,
        message: 'La columna «Importe» (Importe original) no está en el archivo.',
      },
      {
        name: 'a mapping without a required field',
        args: { content: good, fileName: 'cartera.csv', mapping: { dni: 'DNI', reference: 'Cuenta' } },
        status: 400,
        message: 'Falta indicar la columna de «Importe original».',
      },
      {
        name: 'headers the automatic mapping does not know',
        args: {
          content: csvOf([
            ['Documento', 'Columna rara', 'Monto'],
            ['1', '2', '3'],
          ]),
          fileName: 'cartera.csv',
        },
        status: 400,
        message:
          'No se pudieron reconocer las columnas del archivo: Falta indicar la columna de «Referencia». Indique la asignación de columnas.',
      },
    ];
    for (const c of cases) {
      const response = await upload(t, admin, { companyId, ...c.args });
      expect(response.status, `${c.name}: ${JSON.stringify(response.body)}`).toBe(c.status);
      expect(response.body.message, c.name).toBe(c.message);
      expect(await importsTotal(), c.name).toBe(importsBefore);
      expect(storedFiles(importsRoot()), c.name).toHaveLength(filesBefore);
    }
    // The preview refuses the same files the same way.
    for (const c of cases.slice(0, 8)) {
      const response = await upload(t, admin, { ...c.args, url: '/api/imports/preview' });
      expect(response.status, `preview ${c.name}`).toBe(c.status);
      expect(response.body.message, `preview ${c.name}`).toBe(c.message);
    }
    expect(storedFiles(importsRoot())).toHaveLength(filesBefore);
  });

  it('preview: headers, the first 10 rows (dates as {date}), and the company’s last mapping when it fits', async () => {
    const companyId = await newCompany();
    const headers = ['Documento del cliente', 'Operación', 'Monto', 'Vencimiento', 'Apellido y Nombre'];
    const rows = Array.from({ length: 12 }, (_, i) => [
      makeDni(),
      `P-${i}`,
      10 + i,
      utc('2024-03-05'),
      `PREVIA, Ana ${i}`,
    ]);
    const content = await xlsxOf([headers, ...rows]);
    const auto = await upload(t, general.token, { content, url: '/api/imports/preview', companyId });
    expectStatus(auto, 200);
    expect(auto.body).toMatchObject({
      fileName: 'cartera.xlsx',
      headers,
      mapping: {
        dni: 'Documento del cliente',
        reference: 'Operación',
        originalAmount: 'Monto',
        defaultDate: 'Vencimiento',
        fullName: 'Apellido y Nombre',
      },
      mappingSource: 'auto',
    });
    expect(auto.body.sample).toHaveLength(10);
    expect(auto.body.sample[0]).toEqual({
      rowNumber: 2,
      cells: {
        'Documento del cliente': rows[0]?.[0],
        Operación: 'P-0',
        Monto: 10,
        Vencimiento: { date: '2024-03-05T00:00:00.000Z' },
        'Apellido y Nombre': 'PREVIA, Ana 0',
      },
    });

    // An import with a hand-made mapping (Monto as the amount, no name) makes it the company's.
    const mapping = { dni: 'Documento del cliente', reference: 'Operación', originalAmount: 'Monto' };
    const record = await runImport(t, general.token, { content, companyId, mapping, dryRun: true });
    expect(record).toMatchObject({ status: 'DONE', mapping, rejected: 12 });
    const again = await upload(t, general.token, { content, url: '/api/imports/preview', companyId });
    expect(again.body).toMatchObject({ mapping, mappingSource: 'company' });
    // Another file without those columns gets the automatic mapping again.
    const other = await upload(t, general.token, {
      content: csvOf([
        ['DNI', 'Cuenta', 'Saldo'],
        ['1', '2', '3'],
      ]),
      fileName: 'otra.csv',
      url: '/api/imports/preview',
      companyId,
    });
    expect(other.body).toMatchObject({
      mapping: { dni: 'DNI', reference: 'Cuenta', originalAmount: 'Saldo' },
      mappingSource: 'auto',
    });
  });

  it('GET /api/imports/{id} has the contract fields; the list is newest first and filters by company, dry run and status', async () => {
    const companyId = await newCompany();
    const content = csvOf([
      ['DNI', 'Apellido y Nombre', 'Cuenta', 'Monto'],
      [makeDni(), 'LISTA, Ana', 'L-1', '10'],
    ]);
    const dry = await runImport(t, general.token, { content, companyId, dryRun: true, fileName: 'a.csv' });
    const real = await runImport(t, admin, { content, companyId, fileName: 'b.csv' });
    expect(real).toEqual({
      id: real.id,
      status: 'DONE',
      fileName: 'b.csv',
      companyId,
      companyName: expect.any(String),
      dryRun: false,
      mapping: { dni: 'DNI', fullName: 'Apellido y Nombre', reference: 'Cuenta', originalAmount: 'Monto' },
      totalRows: 1,
      processedRows: 1,
      created: { debtors: 1, debts: 1 },
      updatedDebtors: 0,
      unchanged: 0,
      rejected: 0,
      warnings: 0,
      error: null,
      createdBy: 1,
      createdByName: expect.any(String),
      createdAt: expect.any(String),
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    } satisfies Import);
    expect(dry.createdBy).toBe(general.id);
    const list = async (query: string) =>
      (await listAll(t, admin, `/api/imports?companyId=${companyId}${query}`)).map((row) => row.id);
    expect(await list('')).toEqual([real.id, dry.id]);
    expect(await list('&dryRun=true')).toEqual([dry.id]);
    expect(await list('&dryRun=false')).toEqual([real.id]);
    expect(await list('&status=DONE')).toEqual([real.id, dry.id]);
    expect(await list('&status=FAILED')).toEqual([]);
    expectStatus(await call(t.app, admin, { method: 'GET', url: '/api/imports/999999' }), 404);
    expectStatus(await call(t.app, admin, { method: 'GET', url: '/api/imports/999999/errors' }), 404);
  });

  it('CLIENTE → 403 on every imports route; GENERAL may use them all', async () => {
    const companyId = cliente.companyId as number;
    const content = csvOf([
      ['DNI', 'Apellido y Nombre', 'Cuenta', 'Monto'],
      [makeDni(), 'PERMISO, Ana', 'K-1', '10'],
    ]);
    const byGeneral = await runImport(t, general.token, { content, companyId, fileName: 'k.csv' });
    expect(byGeneral).toMatchObject({ status: 'DONE', createdBy: general.id });
    const before = await importsTotal();
    const routes = [
      { method: 'GET', url: '/api/imports' },
      { method: 'GET', url: `/api/imports/${byGeneral.id}` },
      { method: 'GET', url: `/api/imports/${byGeneral.id}/errors` },
      { method: 'DELETE', url: `/api/imports/${byGeneral.id}` },
    ] as const;
    for (const route of routes) {
      const response = await call(t.app, cliente.token, route);
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
      expect(response.body).toEqual({ message: MESSAGES.forbidden });
    }
    for (const url of ['/api/imports', '/api/imports/preview']) {
      const response = await upload(t, cliente.token, { content, companyId, fileName: 'k.csv', url });
      expect(response.status, `POST ${url}`).toBe(403);
      expect(response.body).toEqual({ message: MESSAGES.forbidden });
    }
    expect(await importsTotal()).toBe(before);

    // Cancelling is part of adding debts (actionFor): GENERAL reaches the route (409: already ended).
    const ok = { GET: 200, DELETE: 409 } as const;
    for (const route of routes) {
      const response = await call(t.app, general.token, route);
      expect(response.status, `GENERAL ${route.method} ${route.url}`).toBe(ok[route.method]);
    }
    expectStatus(
      await upload(t, general.token, { content, fileName: 'k.csv', url: '/api/imports/preview' }),
      200,
    );
  });

  // Last: it stops this app's job runner.
  it('cancel: DELETE while running or queued → CANCELLED; DELETE on an ended import → 409; unknown → 404', async () => {
    const companyId = await newCompany();
    const many = 2000;
    const dnis = Array.from({ length: many }, makeDni);
    const content = await xlsxOf([
      ['DNI', 'Apellido y Nombre', 'Cuenta', 'Monto'],
      ...dnis.map((dni, i) => [dni, `LARGA, Ana ${i}`, `C-${i}`, 10 + i]),
    ]);
    const started = await upload(t, admin, { content, companyId });
    expectStatus(started, 202);
    expect(started.body).toEqual({ id: expect.any(Number), status: 'QUEUED' });
    const id = started.body.id as number;
    for (;;) {
      const record = (await call(t.app, admin, { method: 'GET', url: `/api/imports/${id}` })).body as Import;
      expect(record.status).not.toBe('DONE');
      if (record.status === 'RUNNING' && record.processedRows > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/imports/${id}` }), 204);
    const cancelled = await finished(t, admin, id);
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.finishedAt).not.toBeNull();
    expect(cancelled.processedRows).toBeLessThan(many);
    // Whole batches only: every debt counted is there, each with its debtor.
    const debts = await debtsOfImport(t, admin, id);
    expect(debts.size).toBe(cancelled.created.debts);
    expect(cancelled.created.debtors).toBe(cancelled.created.debts);
    for (const [reference, debt] of debts)
      expect((debt.debtor as { dni: string }).dni).toBe(dnis[Number(reference.slice(2))]);
    // The job stays cancelled: it does not come back to life.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = await finished(t, admin, id);
    expect(countsOf(later)).toEqual(countsOf(cancelled));
    const again = await call(t.app, admin, { method: 'DELETE', url: `/api/imports/${id}` });
    expectStatus(again, 409);
    expect(again.body.message).toBe('La importación ya terminó: no se puede cancelar.');

    // With the runner stopped, an import stays QUEUED until it is cancelled.
    await t.app.jobs.close();
    const queued = await upload(t, admin, {
      content: csvOf([
        ['DNI', 'Apellido y Nombre', 'Cuenta', 'Monto'],
        [makeDni(), 'COLA, Ana', 'Q-1', '10'],
      ]),
      fileName: 'cola.csv',
      companyId,
    });
    expectStatus(queued, 202);
    const queuedId = queued.body.id as number;
    expect((await call(t.app, admin, { method: 'GET', url: `/api/imports/${queuedId}` })).body).toMatchObject(
      {
        status: 'QUEUED',
        startedAt: null,
        finishedAt: null,
      },
    );
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/imports/${queuedId}` }), 204);
    const record = (await call(t.app, admin, { method: 'GET', url: `/api/imports/${queuedId}` }))
      .body as Import;
    expect(record).toMatchObject({
      status: 'CANCELLED',
      processedRows: 0,
      created: { debtors: 0, debts: 0 },
    });
    expect(record.finishedAt).not.toBeNull();
    expect((await debtsOfImport(t, admin, queuedId)).size).toBe(0);
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/imports/${queuedId}` }), 409);
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: '/api/imports/999999' }), 404);
  });
});
