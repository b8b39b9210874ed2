import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteWorkerClient } from '../src/db/pglite/client';

// SELECTs outside a transaction run as named statements in the worker (parsed once, bound per call).
describe('PGlite worker: SELECTs as named statements', () => {
  let client: PGliteWorkerClient;
  beforeAll(async () => {
    client = await PGliteWorkerClient.create(undefined);
    await client.query('CREATE TABLE t (id integer PRIMARY KEY, name text, at date, amount numeric(12,2))');
    await client.query(
      "INSERT INTO t VALUES (1, 'uno', '2026-01-02', 10.50), (2, 'dos', '2026-03-04', 0.10), (3, NULL, NULL, NULL)",
    );
  });
  afterAll(() => client?.close());

  it('the same statement with other parameters answers each its own rows, typed as before', async () => {
    const text = 'SELECT id, name, at, amount FROM t WHERE id = ANY($1::integer[]) ORDER BY id';
    const first = await client.query(text, [[1, 3]], { rowMode: 'array' });
    const second = await client.query(text, [[2]], { rowMode: 'array' });
    expect(first.rows).toEqual([
      [1, 'uno', '2026-01-02', '10.50'],
      [3, null, null, null],
    ]);
    expect(second.rows).toEqual([[2, 'dos', '2026-03-04', '0.10']]);
    expect(second.fields.map((field) => field.name)).toEqual(['id', 'name', 'at', 'amount']);
    const objects = await client.query('SELECT name FROM t WHERE id = $1', [2]);
    expect(objects.rows).toEqual([{ name: 'dos' }]);
  });

  it('a bad parameter is PostgreSQL’s error with its code, and the next query still works', async () => {
    const text = 'SELECT id FROM t WHERE id = $1';
    await expect(client.query(text, ['no-es-un-número'])).rejects.toMatchObject({ code: '22P02' });
    await expect(client.query('SELECT id FROM t WHERE nope = 1')).rejects.toMatchObject({ code: '42703' });
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1 }]);
  });

  it('a text search (ILIKE) is planned for its values, and the session keeps its generic plans', async () => {
    const search = 'SELECT id FROM t WHERE name ILIKE $1 ORDER BY id';
    expect((await client.query(search, ['%U%'])).rows).toEqual([{ id: 1 }]);
    expect((await client.query(search, ['%o%'])).rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await client.query('SHOW plan_cache_mode')).rows).toEqual([
      { plan_cache_mode: 'force_generic_plan' },
    ]);
  });

  it('a SELECT inside a transaction sees the transaction’s own writes; outside, only committed ones', async () => {
    const count = 'SELECT count(*)::int AS n FROM t';
    await client
      .transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES (4, 'cuatro', NULL, NULL)");
        expect((await tx.query(count)).rows).toEqual([{ n: 4 }]);
        throw new Error('deshacer');
      })
      .catch(() => {});
    expect((await client.query(count)).rows).toEqual([{ n: 3 }]);
  });
});
