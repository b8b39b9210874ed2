/**
 * What one imported row costs PostgreSQL, piece by piece (issue 38): the CPU time of the server
 * process that runs an INSERT of 2 000 debts (and of 2 000 debtors), read from /proc before and after,
 * with each trigger, all foreign keys or each index taken away inside a transaction that is rolled
 * back. CPU time, not elapsed time: on this shared 2-core machine the elapsed time of the same
 * statement varied 2× with the load, its CPU time much less. Linux only (/proc), PostgreSQL only.
 *
 *   node --import tsx apps/api/bench/rowCost.ts [--database-url URL] [--reps 8]
 *
 * The database is created, migrated and filled with 50 000 debtors and 50 000 debts first (the
 * size of an index matters), and dropped at the end.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { seed } from '../src/db/seed';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
};
const url = arg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_row_cost');
const reps = Number(arg('reps', '8'));
const ROWS = 2000;

async function admin(statement: string) {
  const target = new URL(url);
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

const name = new URL(url).pathname.slice(1);
await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await admin(`CREATE DATABASE "${name}"`);
const dir = mkdtempSync(join(os.tmpdir(), 'row-cost-'));
const client = new pg.Client({ connectionString: url });
try {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: dir,
    JWT_SECRET: 'x'.repeat(64),
    ADMIN_PASSWORD: 'Bench-row-cost-2026',
  });
  const database = await createDatabase(config);
  await database.migrate();
  await seed(database.db, config, () => {});
  await database.close();

  await client.connect();
  await client.query(`
    INSERT INTO companies (name, cuit) VALUES ('Banco Costo S.A.', '30111111118');
    INSERT INTO collection_types (name) VALUES ('Tarjeta de crédito');
    INSERT INTO debtors (dni, last_name, first_name, phone, email, address, city, province, postal_code)
      SELECT (20000000 + g)::text, 'GONZÁLEZ' || (g % 97), 'María José', '11 ' || (40000000 + g),
        'x' || g || '@mail.com', 'Av. Siempre Viva ' || g, 'Quilmes', 'Buenos Aires', '1878'
      FROM generate_series(1, 50000) g;
    INSERT INTO debts (debtor_id, company_id, debt_type_id, reference, original_amount, default_date)
      SELECT d.id, c.id, 1, 'B-' || d.id, 1000, '2024-06-01' FROM debtors d, companies c;
    ANALYZE;`);
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
  // utime + stime of the server process, in clock ticks of 10 ms.
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  // As the import writes them (modules/imports/apply.ts): the type's term and the phone flag given.
  const debts = (phoneBy: 'join' | 'trigger') => `INSERT INTO debts (debtor_id, company_id, debt_type_id,
      collection_type_id, prescription_years, reference, original_amount, currency, origin_date, default_date,
      punitive_rate${phoneBy === 'join' ? ', debtor_phone_open' : ''})
    SELECT d.id, (SELECT min(id) FROM companies), 1, (SELECT min(id) FROM collection_types), 5, 'N-' || g,
      1000.50 + g, 'ARS', '2024-01-01', '2024-06-01', 0${
        phoneBy === 'join'
          ? ', debtor_phone_open(d.phone, d.phone_owner, d.phone_closed_on, d.alt_phone, d.alt_phone_owner, d.alt_phone_closed_on)'
          : ''
      }
    FROM generate_series(1, ${ROWS}) g JOIN debtors d ON d.dni = (20000000 + 1 + (g * 7919) % 50000)::text`;
  const debtors = `INSERT INTO debtors (dni, last_name, first_name, email, phone, address, city, province, postal_code)
    SELECT (90000000 + g)::text, 'PÉREZ' || (g % 97), 'Juan Carlos', 'y' || g || '@mail.com',
      '11 ' || (50000000 + g), 'Calle ' || g, 'Quilmes', 'Buenos Aires', '1878'
    FROM generate_series(1, ${ROWS}) g`;
  const indexes = async (table: string) =>
    (
      await client.query<{ name: string }>(
        `SELECT indexname AS name FROM pg_indexes WHERE tablename = $1 AND indexname NOT LIKE '%pkey' ORDER BY 1`,
        [table],
      )
    ).rows.map((r) => r.name);
  const triggers = async (table: string) =>
    (
      await client.query<{ name: string }>(
        `SELECT tgname AS name FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal ORDER BY 1`,
        [table],
      )
    ).rows.map((r) => r.name);

  /** Each variant once per round, rounds interleaved: drift of the machine falls on all alike. */
  async function measure(table: string, statement: string, others: [string, string][] = []) {
    const variants: [string, string[], string?][] = [
      ['todo', []],
      ...others.map(([label, other]): [string, string[], string] => [label, [], other]),
      ['sin claves foráneas ni triggers', ['SET LOCAL session_replication_role = replica']],
      ['sin índices (salvo la clave)', (await indexes(table)).map((i) => `DROP INDEX ${i}`)],
      ...(await triggers(table)).map((t): [string, string[]] => [
        `sin el trigger ${t}`,
        [`ALTER TABLE ${table} DISABLE TRIGGER ${t}`],
      ]),
      ...(await indexes(table)).map((i): [string, string[]] => [`sin el índice ${i}`, [`DROP INDEX ${i}`]]),
    ];
    const total = new Map(variants.map(([label]) => [label, 0]));
    for (let round = 0; round <= reps; round++)
      for (const [label, setup, other] of variants) {
        await client.query('BEGIN');
        for (const s of setup) await client.query(s);
        const before = cpuMs();
        await client.query(other ?? statement);
        const spent = cpuMs() - before;
        await client.query('ROLLBACK');
        // Round 0 warms the caches.
        if (round > 0) total.set(label, (total.get(label) ?? 0) + spent);
      }
    const perRow = (label: string) => ((total.get(label) ?? 0) / reps / ROWS) * 1000;
    const all = perRow('todo');
    console.log(
      `\n${table}: ${all.toFixed(1)} µs de CPU de PostgreSQL por fila (${ROWS} filas por sentencia, ${reps} rondas)`,
    );
    for (const [label] of variants.slice(1))
      console.log(
        `  ${label.padEnd(48)} ${perRow(label).toFixed(1).padStart(6)} µs (${(all - perRow(label)).toFixed(1)} menos)`,
      );
  }
  await measure('debts', debts('join'), [
    ['el teléfono por el trigger de fila (sin darlo)', debts('trigger')],
  ]);
  await measure('debtors', debtors);
} finally {
  await client.end().catch(() => {});
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
}
