import { MESSAGES } from '@cobranzas/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rateTableEntries } from '../src/db/schema';
import { parseRatesCsv } from '../src/modules/rateTables/csv';
import { createDebt, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';
import { multipartBody, SAMPLES } from './multipart';

describe('rate CSV lines (issue 17)', () => {
  it('reads both date forms, both decimal marks and a percent sign, skipping a header', () => {
    const parsed = parseRatesCsv('fecha;tasa\n01/02/2024;45,25\n2024-03-01;46.5%\n\n5/4/2024 ; 47 \n');
    expect(parsed.rejected).toEqual([]);
    expect(parsed.entries.map(({ from, annualRate }) => [from, annualRate])).toEqual([
      ['2024-02-01', '45.25'],
      ['2024-03-01', '46.50'],
      ['2024-04-05', '47.00'],
    ]);
  });

  it('with a comma between columns, the rate must use a decimal point', () => {
    const parsed = parseRatesCsv('2024-01-01,45.25\n2024-02-01,45,25\n');
    expect(parsed.entries.map((entry) => entry.from)).toEqual(['2024-01-01']);
    expect(parsed.rejected).toEqual([{ line: 2, reason: MESSAGES.rateImportCommaRate }]);
  });

  it('rejects bad dates, bad rates, missing columns and repeated dates, with their line', () => {
    const parsed = parseRatesCsv(
      '2024-01-01;10\n31/02/2024;10\n2024-01-02;1000\n2024-01-03\n2024-01-01;11\n2024-01-04;-1\n',
    );
    expect(parsed.entries.map((entry) => entry.from)).toEqual(['2024-01-01']);
    expect(parsed.rejected).toEqual([
      { line: 2, reason: MESSAGES.rateImportBadDate },
      { line: 3, reason: MESSAGES.rateImportBadRate },
      { line: 4, reason: MESSAGES.rateImportColumns },
      { line: 5, reason: MESSAGES.rateImportRepeated(1) },
      { line: 6, reason: MESSAGES.rateImportBadRate },
    ]);
  });
});

forEachBackend('rate tables (issue 17)', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: string;
  let cliente: string;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    general = (await createUser(t.app, admin, 'GENERAL')).token;
    cliente = (await createUser(t.app, admin, 'CLIENTE')).token;
  });
  afterAll(() => t?.close());

  const post = (payload: Record<string, unknown>, token = admin) =>
    call(t.app, token, { method: 'POST', url: '/api/rate-tables', payload });
  const patch = (id: number, payload: Record<string, unknown>, token = admin) =>
    call(t.app, token, { method: 'PATCH', url: `/api/rate-tables/${id}`, payload });
  const read = (id: number, token = admin) =>
    call(t.app, token, { method: 'GET', url: `/api/rate-tables/${id}` });
  const importCsv = (id: number, content: Buffer | string, token = admin, filename = 'tasas.csv') =>
    call(t.app, token, {
      method: 'POST',
      url: `/api/rate-tables/${id}/import`,
      ...multipartBody([
        {
          name: 'file',
          filename,
          content: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
        },
      ]),
    });
  const newTable = async (entries: unknown[] = []) => {
    const response = await post({ name: unique('BNA activa '), entries });
    expectStatus(response, 201);
    return response.body as { id: number; entries: { from: string; annualRate: string }[] };
  };

  it('creates a table with its entries, sorted by date, rates as decimal strings', async () => {
    const response = await post({
      name: unique('BNA '),
      description: 'Tasa activa del Banco Nación',
      entries: [
        { from: '2024-03-01', annualRate: 40 },
        { from: '2024-01-01', annualRate: '45.25' },
        { from: '2024-02-01', annualRate: '42,5' },
      ],
    });
    expectStatus(response, 201);
    expect(response.body.description).toBe('Tasa activa del Banco Nación');
    expect(response.body.entries).toEqual([
      { from: '2024-01-01', annualRate: '45.25' },
      { from: '2024-02-01', annualRate: '42.50' },
      { from: '2024-03-01', annualRate: '40.00' },
    ]);
    expect((await read(response.body.id)).body.entries).toEqual(response.body.entries);
    const list = await call(t.app, admin, {
      method: 'GET',
      url: `/api/rate-tables?q=${encodeURIComponent(response.body.name)}`,
    });
    expectStatus(list, 200);
    expect(list.body.data).toEqual([(await read(response.body.id)).body]);
  });

  it('an update with entries replaces them all; without entries it keeps them', async () => {
    const table = await newTable([
      { from: '2024-01-01', annualRate: '10' },
      { from: '2024-02-01', annualRate: '20' },
    ]);
    const renamed = await patch(table.id, { description: 'otra' });
    expectStatus(renamed, 200);
    expect(renamed.body.entries).toHaveLength(2);
    const replaced = await patch(table.id, { entries: [{ from: '2024-02-01', annualRate: '25.5' }] });
    expectStatus(replaced, 200);
    expect(replaced.body.entries).toEqual([{ from: '2024-02-01', annualRate: '25.50' }]);
    // The audit keeps what changed in the rates: the two replaced, the one that replaced them.
    const trail = await t.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'rate-tables'), eq(auditLog.recordId, table.id)))
      .orderBy(desc(auditLog.id));
    expect(trail.find((row) => JSON.stringify(row.before ?? {}).startsWith('{"entries"'))).toEqual({
      before: {
        entries: [
          { from: '2024-01-01', annualRate: '10.00' },
          { from: '2024-02-01', annualRate: '20.00' },
        ],
      },
      after: { entries: [{ from: '2024-02-01', annualRate: '25.50' }] },
    });
    const emptied = await patch(table.id, { entries: [] });
    expect(emptied.body.entries).toEqual([]);
  });

  it('refuses two entries from the same date, bad rates and bad dates (400, Spanish)', async () => {
    const duplicate = await post({
      name: unique('Dup '),
      entries: [
        { from: '2024-01-01', annualRate: '10' },
        { from: '2024-01-01', annualRate: '11' },
      ],
    });
    expectStatus(duplicate, 400);
    expect(JSON.stringify(duplicate.body)).toContain(MESSAGES.rateTableDuplicateFrom('2024-01-01'));
    for (const annualRate of ['1000', '-1', '1.234', 'abc', '1e2'])
      expectStatus(await post({ name: unique('Mala '), entries: [{ from: '2024-01-01', annualRate }] }), 400);
    expectStatus(
      await post({ name: unique('Mala '), entries: [{ from: '2024-02-30', annualRate: '1' }] }),
      400,
    );
    expectStatus(await post({ name: '', entries: [] }), 400);
    expectStatus(await post({ name: 'x'.repeat(121) }), 400);
  });

  it('refuses a name already taken (409, Spanish)', async () => {
    const name = unique('Única ');
    expectStatus(await post({ name }), 201);
    const again = await post({ name });
    expectStatus(again, 409);
    expect(again.body.message).toBe(MESSAGES.rateTableNameTaken);
    const other = await newTable();
    const renamed = await patch(other.id, { name });
    expectStatus(renamed, 409);
    expect(renamed.body.message).toBe(MESSAGES.rateTableNameTaken);
  });

  it('GENERAL may view but not write; CLIENTE may not even view', async () => {
    const table = await newTable([{ from: '2024-01-01', annualRate: '10' }]);
    expectStatus(await call(t.app, general, { method: 'GET', url: '/api/rate-tables' }), 200);
    expectStatus(await read(table.id, general), 200);
    expectStatus(await post({ name: unique('G ') }, general), 403);
    expectStatus(await patch(table.id, { description: 'x' }, general), 403);
    expectStatus(await importCsv(table.id, '2024-05-01;10', general), 403);
    expectStatus(await call(t.app, cliente, { method: 'GET', url: '/api/rate-tables' }), 403);
    expectStatus(await read(table.id, cliente), 403);
    expectStatus(await post({ name: unique('C ') }, cliente), 403);
    expectStatus(await importCsv(table.id, '2024-05-01;10', cliente), 403);
  });

  it('deletes a table with its entries; one a debt uses is a 409', async () => {
    const free = await newTable([{ from: '2024-01-01', annualRate: '10' }]);
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/rate-tables/${free.id}` }), 204);
    const [left] = await t.database.db
      .select({ n: count() })
      .from(rateTableEntries)
      .where(eq(rateTableEntries.rateTableId, free.id));
    expect(left?.n).toBe(0);

    const used = await newTable([{ from: '2024-01-01', annualRate: '10' }]);
    const debt = await createDebt(t.app, admin);
    await t.database.db.execute(sql`update debts set rate_table_id = ${used.id} where id = ${debt.id}`);
    const refused = await call(t.app, admin, { method: 'DELETE', url: `/api/rate-tables/${used.id}` });
    expectStatus(refused, 409);
    expect(refused.body.message).toBe(MESSAGES.rateTableInUse);
    expect((await read(used.id)).body.entries).toHaveLength(1);
  });

  it('imports a CSV: merges by date, reports created, updated and rejected lines', async () => {
    const table = await newTable([
      { from: '2024-01-01', annualRate: '10' },
      { from: '2024-02-01', annualRate: '20' },
    ]);
    const response = await importCsv(
      table.id,
      'Fecha;Tasa\n01/02/2024;21,5\n2024-03-01;30%\n15/13/2024;1\n2024-04-01;abc\n',
    );
    expectStatus(response, 200);
    expect(response.body).toEqual({
      created: 1,
      updated: 1,
      rejected: [
        { line: 4, reason: MESSAGES.rateImportBadDate },
        { line: 5, reason: MESSAGES.rateImportBadRate },
      ],
    });
    expect((await read(table.id)).body.entries).toEqual([
      { from: '2024-01-01', annualRate: '10.00' },
      { from: '2024-02-01', annualRate: '21.50' },
      { from: '2024-03-01', annualRate: '30.00' },
    ]);
    const comma = await importCsv(table.id, 'fecha,tasa\n2024-05-01,31.25\n');
    expect(comma.body).toEqual({ created: 1, updated: 0, rejected: [] });
  });

  it('an import without a single valid line, or of a file that is not text, changes nothing (400)', async () => {
    const table = await newTable([{ from: '2024-01-01', annualRate: '10' }]);
    const nothing = await importCsv(table.id, 'fecha;tasa\n2024-13-01;10\nhola\n');
    expectStatus(nothing, 400);
    expect(nothing.body.message).toBe(MESSAGES.rateImportNothingValid);
    expect(nothing.body.errors.file).toContain(`Línea 2: ${MESSAGES.rateImportBadDate}`);
    const binary = await importCsv(table.id, SAMPLES.binary, admin, 'tasas.bin');
    expectStatus(binary, 400);
    expect(binary.body.errors.file).toEqual([MESSAGES.rateImportNotText]);
    expectStatus(await importCsv(table.id, ''), 400);
    const noFile = await call(t.app, admin, {
      method: 'POST',
      url: `/api/rate-tables/${table.id}/import`,
      ...multipartBody([{ name: 'other', value: 'x' }]),
    });
    expectStatus(noFile, 400);
    expect((await read(table.id)).body.entries).toEqual([{ from: '2024-01-01', annualRate: '10.00' }]);
    expectStatus(await importCsv(999_999, '2024-01-01;10'), 404);
    const big = await importCsv(table.id, `${'2024-01-01;10\n'.repeat(80_000)}`);
    expectStatus(big, 413);
  });
});
