import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { anyOf, arrayParam, bulkInsert, elementType, rowsOf } from '../src/db/bulk';
import { debtors, debts } from '../src/db/schema';
import { forEachBackend, startApp, type TestApp } from './helpers';

it('the array casts take the column type from Drizzle, without a length that would cut a value', () => {
  expect(elementType(debtors.dni)).toBe('varchar');
  expect(elementType(debtors.cuit)).toBe('bpchar');
  expect(elementType(debts.originalAmount)).toBe('numeric');
  expect(elementType(debts.id)).toBe('integer');
  expect(elementType(debts.status)).toBe('debt_status');
});

forEachBackend('db/bulk: one array parameter per list, sent by the driver', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend, { seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a list of texts with quotes, commas, backslashes, braces and NULL arrives whole', async () => {
    const values = ['a"b', 'c,d', 'e\\f', '{g}', 'NULL', null, ''];
    const rows = rowsOf<{ value: string | null }>(
      await t.database.db.execute(sql`SELECT unnest(${arrayParam(values)}::text[]) AS value`),
    );
    expect(rows.map((r) => r.value)).toEqual(values);
  });

  it('an enum made by a migration goes as an array of that enum, in a read and in a write', async () => {
    const statuses = arrayParam(['CANCELADA', 'INCOBRABLE']);
    const read = sql`SELECT count(*)::int AS n FROM ${debts} WHERE ${debts.status} = ANY(${statuses}::debt_status[])`;
    expect(rowsOf(await t.database.db.execute(read))).toEqual([{ n: 0 }]);
    // A write is not a named statement on PGlite: PGlite's own query() must know debt_status[].
    const write = sql`UPDATE ${debts} SET notes = notes WHERE ${debts.status} = ANY(${statuses}::debt_status[]) RETURNING id`;
    expect(rowsOf(await t.database.db.execute(write))).toEqual([]);
  });

  it('bulkInsert refuses a value longer than its column instead of cutting it, and anyOf finds what went in', async () => {
    const insert = (dni: string) =>
      t.database.db.execute(
        bulkInsert(
          debtors,
          [
            { column: debtors.dni, values: [dni] },
            { column: debtors.cuit, values: [null] },
            { column: debtors.lastName, values: ['Pérez, "el de la esquina"'] },
            { column: debtors.firstName, values: ['Ana'] },
          ],
          [debtors.id],
        ),
      );
    await expect(insert('123456789')).rejects.toThrow();
    const [inserted] = rowsOf<{ id: number }>(await insert('12345678'));
    const found = await t.database.db
      .select({ id: debtors.id, lastName: debtors.lastName })
      .from(debtors)
      .where(anyOf(debtors.dni, ['12345678', '99999999']));
    expect(found).toEqual([{ id: inserted?.id, lastName: 'Pérez, "el de la esquina"' }]);
    await t.database.db.delete(debtors).where(inArray(debtors.id, [inserted?.id ?? 0]));
  });
});
