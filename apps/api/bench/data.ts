/**
 * `npm run bench:data -- --debts 1000000 [--db pglite|postgres] [--database-url URL] [--dir DIR]`
 *
 * A believable portfolio for the benchmarks, generated inside the database with set-based SQL
 * (generate_series), never row by row: 20 companies (the first holds a tenth of the debts), one
 * debtor per three debts with unique DNIs and CUIT/CUILs with valid check digits, debts over the
 * three stages, payment plans with paid quotas and their payments, payments on account, contacts
 * and the agenda's tasks. Totals (paid, balance) are computed from the ledger by debt_totals_rebuild(),
 * the repair path of the SQL triggers that keep them in the API (migrations 0009, 0024).
 *
 * PGlite goes to DIR (default bench/.data/pglite-N); PostgreSQL to DATABASE_URL's database, which
 * is dropped and created again. Users' password: bench-cobranzas (admin: BENCH_ADMIN_PASSWORD).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../src/auth/passwords';
import { loadConfig } from '../src/config';
import { createDatabase, type Db } from '../src/db/client';
import { seed } from '../src/db/seed';
import { refreshQueueRanks } from '../src/modules/queue/ranks';

export const BENCH_ADMIN_PASSWORD = 'bench-admin-2026';
export const BENCH_PASSWORD = 'bench-cobranzas';
export const BENCH_COMPANIES = 20;
/** Collectors (GENERAL users gestor1 … gestor200): 5 000 debts each at 1M, as issue 18 benches the queue. */
export const BENCH_COLLECTORS = 200;
const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface DataOptions {
  debts: number;
  db: 'pglite' | 'postgres';
  databaseUrl: string;
  dir: string;
}

export function parseDataArgs(argv: string[]): DataOptions {
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const debts = Number(value('debts') ?? 100_000);
  if (!Number.isInteger(debts) || debts < 30) throw new Error('--debts debe ser un entero ≥ 30.');
  const db = value('db') ?? (value('database-url') ? 'postgres' : 'pglite');
  if (db !== 'pglite' && db !== 'postgres') throw new Error('--db debe ser pglite o postgres.');
  return {
    debts,
    db,
    databaseUrl: value('database-url') ?? 'postgres://postgres@127.0.0.1:5432/cobranzas_bench',
    dir: value('dir') ?? path.join(ROOT, 'bench/.data', `pglite-${debts}`),
  };
}

/** A CUIT with its check digit (weights 5,4,3,2,7,6,5,4,3,2), or null when the digit would be 10. */
function cuitOf(body: string): string | null {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? null : `${body}${check}`;
}

/** The same check digit, in SQL, for the CUIL of each generated debtor (prefix 20 or 27 + DNI). */
const CUIL_SQL = sql.raw(`(
  WITH b AS (SELECT (CASE WHEN g % 2 = 0 THEN '20' ELSE '27' END) || (10000000 + g)::text AS body)
  SELECT CASE WHEN c.check = 10 THEN NULL ELSE b.body || c.check::text END
  FROM b, LATERAL (
    SELECT (11 - (
      substr(b.body,1,1)::int*5 + substr(b.body,2,1)::int*4 + substr(b.body,3,1)::int*3 +
      substr(b.body,4,1)::int*2 + substr(b.body,5,1)::int*7 + substr(b.body,6,1)::int*6 +
      substr(b.body,7,1)::int*5 + substr(b.body,8,1)::int*4 + substr(b.body,9,1)::int*3 +
      substr(b.body,10,1)::int*2) % 11) % 11 AS check
  ) c
)`);

/** The debtors' first names (also in the bench's free-text searches). */
export const BENCH_FIRST_NAMES = [
  'Juan',
  'María',
  'Carlos',
  'Ana',
  'Jorge',
  'Laura',
  'Luis',
  'Silvia',
  'Diego',
  'Paula',
  'Martín',
  'Valeria',
  'Pablo',
  'Gabriela',
  'Sergio',
  'Lucía',
  'Ricardo',
  'Natalia',
  'Fernando',
  'Claudia',
];
const FIRST = `ARRAY[${BENCH_FIRST_NAMES.map((name) => `'${name}'`).join(',')}]`;
/** The debtors' last names (also the bench's free-text searches). */
export const BENCH_LAST_NAMES = [
  'González',
  'Rodríguez',
  'Gómez',
  'Fernández',
  'López',
  'Díaz',
  'Martínez',
  'Pérez',
  'García',
  'Sánchez',
  'Romero',
  'Sosa',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Ramírez',
  'Flores',
  'Benítez',
  'Acosta',
  'Medina',
  'Herrera',
  'Suárez',
  'Aguirre',
  'Giménez',
  'Gutiérrez',
  'Pereyra',
  'Rojas',
  'Molina',
  'Castro',
  'Ortiz',
];
const LAST = `ARRAY[${BENCH_LAST_NAMES.map((name) => `'${name}'`).join(',')}]`;
const PROVINCES = `ARRAY['Buenos Aires','Ciudad Autónoma de Buenos Aires','Córdoba','Santa Fe','Mendoza','Tucumán','Entre Ríos','Salta','Misiones','Chaco']`;

/**
 * Tables whose triggers keep derived data (the debts' totals, the dashboard's summaries, the queue's
 * facts): off during the load, which sets each once at the end. The money goes straight into the
 * ledger (payments, deposits and services are its views, whose INSTEAD OF trigger writes row by row).
 */
const TRIGGERED_TABLES = ['debts', 'ledger', 'quotas', 'events', 'promises'];

type Step = { label: string; run: (db: Db) => Promise<unknown> };

function steps(n: number, passwordHash: string): Step[] {
  const debtors = Math.ceil(n / 3);
  const exec = (query: ReturnType<typeof sql>) => (db: Db) => db.execute(query);
  const companies = Array.from({ length: BENCH_COMPANIES }, (_, i) => {
    let serial = 50_000_000 + i * 7919;
    let cuit = cuitOf(`30${serial}`);
    while (!cuit) cuit = cuitOf(`30${++serial}`);
    return { name: `Acreedora ${String(i + 1).padStart(2, '0')} S.A.`, cuit };
  });
  return [
    {
      label: 'catálogos, compañías y usuarios',
      run: async (db) => {
        for (const c of companies)
          await db.execute(
            sql`INSERT INTO companies (name, cuit, commission_rate) VALUES (${c.name}, ${c.cuit}, 12.5)`,
          );
        await db.execute(sql`INSERT INTO collection_types (name) VALUES
          ('Tarjeta de crédito'), ('Préstamo personal'), ('Préstamo prendario'), ('Servicios'), ('Telefonía')`);
        await db.execute(
          sql`INSERT INTO event_types (name) VALUES ('Llamada'), ('Carta documento'), ('Visita')`,
        );
        await db.execute(sql`INSERT INTO users (name, alias, password_hash, user_type_id)
          SELECT 'Gestor ' || g, 'gestor' || g, ${passwordHash}, 2 FROM generate_series(1, ${BENCH_COLLECTORS}) g`);
        await db.execute(sql`INSERT INTO users (name, alias, password_hash, user_type_id, company_id)
          SELECT 'Cliente ' || c.name, 'cliente' || c.id, ${passwordHash}, 3, c.id FROM companies c`);
      },
    },
    {
      label: `${debtors.toLocaleString('es-AR')} deudores`,
      run: exec(sql`INSERT INTO debtors (dni, cuit, first_name, last_name, phone, email, province, city)
        SELECT (10000000 + g)::text, ${CUIL_SQL},
          (${sql.raw(FIRST)})[1 + g % 20], (${sql.raw(LAST)})[1 + (g / 20) % 30],
          '11 ' || lpad(((g * 7) % 10000)::text, 4, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
          CASE WHEN g % 3 = 0 THEN 'deudor' || g || '@example.com' END,
          (${sql.raw(PROVINCES)})[1 + g % 10], NULL
        FROM generate_series(1, ${debtors}) g`),
    },
    {
      // A tenth of the debts belong to the first company (the 100k-row report at 1M).
      label: `${n.toLocaleString('es-AR')} deudas`,
      run: exec(sql`INSERT INTO debts (debtor_id, company_id, debt_type_id, collection_type_id, reference,
          original_amount, origin_date, default_date, punitive_rate, status, assigned_user_id,
          court, case_number, paid_amount, balance, created_at, updated_at, debtor_phone_open)
        SELECT 1 + (g::bigint * 7919) % ${debtors},
          CASE WHEN g % 10 = 0 THEN c.first ELSE c.first + 1 + g % ${BENCH_COMPANIES - 1} END,
          s.stage, ct.first + g % 5, 'REF-' || lpad(g::text, 9, '0'),
          a.amount, (a.created - interval '400 days')::date, (a.created - interval '60 days')::date,
          CASE WHEN g % 4 = 0 THEN 45 ELSE 0 END,
          (CASE WHEN (g / ${BENCH_COLLECTORS}) % 50 = 0 THEN 'INCOBRABLE' WHEN g % 11 = 0 THEN 'EN_CONVENIO' ELSE 'ACTIVA' END)::debt_status,
          u.first + g % ${BENCH_COLLECTORS},
          CASE WHEN s.stage = 3 THEN 'Juzgado Civil N.º ' || (1 + g % 40) END,
          CASE WHEN s.stage = 3 THEN 'EXP-' || g || '/2025' END,
          -- Triggers are off while loading: the phone flag is set with the others below.
          0, a.amount, a.created, a.created, false
        FROM generate_series(1, ${n}) g
        CROSS JOIN (SELECT min(id) AS first FROM companies) c
        CROSS JOIN (SELECT min(id) AS first FROM collection_types) ct
        CROSS JOIN (SELECT min(id) AS first FROM users WHERE user_type_id = 2) u
        CROSS JOIN LATERAL (SELECT CASE WHEN g % 10 < 5 THEN 1 WHEN g % 10 < 8 THEN 2 ELSE 3 END AS stage) s
        CROSS JOIN LATERAL (SELECT (5000 + (g::bigint * 37) % 495000 + (g % 100) / 100.0)::numeric(14,2) AS amount,
          now() - ((g::bigint * 13) % 1095) * interval '1 day' - (g % 86400) * interval '1 second' AS created) a`),
    },
    {
      // Every fourth debt has a plan of 6 monthly quotas; the first (id % 7) of them are paid.
      label: 'planes de pago (cuotas)',
      run: exec(sql`INSERT INTO quotas (debt_id, number, amount, due_date, status)
        SELECT d.id, q, round(d.original_amount / 6, 2), (d.created_at + q * interval '30 days')::date,
          (CASE WHEN q <= d.id % 7 THEN 'PAGADA' ELSE 'PENDIENTE' END)::quota_status
        FROM debts d CROSS JOIN generate_series(1, 6) q WHERE (d.id / ${BENCH_COLLECTORS}) % 4 = 0`),
    },
    {
      // Money is never dated ahead (issue 31): a quota due later was paid today at the latest.
      label: 'pagos de cuotas',
      run: exec(sql`INSERT INTO ledger (debt_id, kind, document_id, quota_id, amount, date, method, receipt_number)
        SELECT debt_id, 'PAYMENT', nextval('ledger_document_seq'), id, amount, least(due_date - (id % 5), current_date),
          (ARRAY['EFECTIVO','TRANSFERENCIA','DEPOSITO'])[1 + id % 3]::payment_method,
          'R-' || id FROM quotas WHERE status = 'PAGADA'`),
    },
    {
      label: 'cuotas pagadas ↔ pagos',
      run: exec(sql`UPDATE quotas q SET payment_id = l.document_id, paid_at = l.date, paid_amount = l.amount
        FROM ledger l WHERE l.quota_id = q.id AND l.kind = 'PAYMENT'`),
    },
    {
      label: 'pagos a cuenta',
      run: exec(sql`INSERT INTO ledger (debt_id, kind, document_id, amount, date, method)
        SELECT id, 'PAYMENT', nextval('ledger_document_seq'), round(original_amount * 0.2, 2),
          least((created_at + interval '45 days')::date, current_date), 'TRANSFERENCIA'
        FROM debts WHERE (id / ${BENCH_COLLECTORS}) % 5 = 1`),
    },
    {
      // Per-row delta triggers would write each debt once per record: one rebuild from scratch instead.
      label: 'saldos',
      run: exec(sql`SELECT debt_totals_rebuild()`),
    },
    {
      label: 'gestiones',
      run: exec(sql`INSERT INTO events (debt_id, event_type_id, date, description, user_id)
        SELECT d.id, t.first + (d.id + k) % 3, d.created_at + (k * 20) * interval '1 day', 'Contacto ' || k, u.first + d.id % ${BENCH_COLLECTORS}
        FROM debts d CROSS JOIN generate_series(1, 2) k
        CROSS JOIN (SELECT min(id) AS first FROM event_types) t
        CROSS JOIN (SELECT min(id) AS first FROM users WHERE user_type_id = 2) u
        WHERE (d.id / ${BENCH_COLLECTORS}) % 2 = 0`),
    },
    {
      // One debt in twenty of each collector has a promise taken by the collector, due from 14 days ago to 5 ahead.
      label: 'promesas de pago',
      run: exec(sql`INSERT INTO promises (debt_id, amount, due_date, taken_on, user_id)
        SELECT d.id, round(d.original_amount / 10, 2), current_date + 5 - (d.id / ${BENCH_COLLECTORS * 20}) % 20,
          current_date - 10 - (d.id / ${BENCH_COLLECTORS * 20}) % 20, d.assigned_user_id
        FROM debts d WHERE (d.id / ${BENCH_COLLECTORS}) % 20 = 7`),
    },
    {
      label: 'agenda',
      run: exec(sql`INSERT INTO tasks (title, start, all_day, user_id, debt_id, status)
        SELECT 'Llamar por la deuda ' || d.id,
          date_trunc('day', now()) + (((d.id / ${BENCH_COLLECTORS * 100}) % 60) - 30) * interval '1 day' + interval '12 hours',
          false, u.first + d.id % ${BENCH_COLLECTORS}, d.id, 'PENDIENTE'
        FROM debts d CROSS JOIN (SELECT min(id) AS first FROM users WHERE user_type_id = 2) u
        WHERE (d.id / ${BENCH_COLLECTORS}) % 100 = 3`),
    },
    {
      // What the queue triggers (migrations 0019 and 0022) keep, set once for the whole load.
      label: 'hechos de la cola',
      run: async (db) => {
        await db.execute(sql`UPDATE debts d SET last_contact_at = x.at
          FROM (SELECT debt_id, max(date) AS at FROM events GROUP BY debt_id) x WHERE d.id = x.debt_id`);
        await db.execute(sql`UPDATE debts d SET next_quota_due = x.due FROM (SELECT debt_id, min(due_date) AS due
          FROM quotas WHERE status IN ('PENDIENTE', 'EN_MORA') GROUP BY debt_id) x WHERE d.id = x.debt_id`);
        await db.execute(
          sql`SELECT debts_latest_promise_refresh(ARRAY(SELECT DISTINCT debt_id FROM promises))`,
        );
        await db.execute(sql`UPDATE debts d SET debtor_phone_open = debtor_phone_open(p.phone, p.phone_owner,
          p.phone_closed_on, p.alt_phone, p.alt_phone_owner, p.alt_phone_closed_on) FROM debtors p WHERE p.id = d.debtor_id`);
      },
    },
    // VACUUM too: the visibility map lets counts and page ids be index-only scans (a company's
    // page 1000: 155 ms → 6 ms). PostgreSQL's autovacuum would get there later; PGlite has none.
    { label: 'VACUUM ANALYZE', run: exec(sql`VACUUM (ANALYZE)`) },
  ];
}

async function recreatePostgres(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Nombre de base inválido: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/**
 * Indexes that a bulk load would keep up row by row are dropped before it and built again after it,
 * from the definitions the database itself reports: the GIN (trigram) ones, which made the load ≈ 4×
 * slower, and every index of `debts` that backs no constraint, which each of the load's `UPDATE`s of
 * every debt rewrote (14 indexes, no HOT update: at 5M debts the step «hechos de la cola» ran past
 * 40 minutes). Primary keys and unique constraints stay: the load's foreign keys and joins use them.
 */
async function dropLoadIndexes(db: Db): Promise<string[]> {
  const result = await db.execute(sql`SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = 'public'
      AND (i.indexdef LIKE '% USING gin %'
        OR (i.tablename = 'debts' AND NOT EXISTS (
          SELECT 1 FROM pg_constraint c WHERE c.conindid = format('public.%I', i.indexname)::regclass)))`);
  const rows = (result as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
  for (const { indexname } of rows) await db.execute(sql`DROP INDEX ${sql.identifier(indexname)}`);
  return rows.map((row) => row.indexdef);
}

/** The generated database, migrated, for a bench's own setup (its server is started apart). */
export async function openData(options: DataOptions) {
  if (options.db === 'postgres') {
    // Without the database, createDatabase would fail later and less clearly.
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    await client.end();
  }
  const database = await createDatabase(
    loadConfig({
      DATA_DIR: options.dir,
      ...(options.db === 'postgres' ? { DATABASE_URL: options.databaseUrl } : {}),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    }),
  );
  await database.migrate();
  // Today's stored queue (migration 0045), as a server's first look makes it: a run then times the
  // queue it answers all day, not the first calls that score it while the refresh runs.
  await refreshQueueRanks(database.db);
  return database;
}

/** Generates the data; returns seconds per step. */
export async function generate(options: DataOptions, log: (line: string) => void = console.log) {
  if (options.db === 'postgres') await recreatePostgres(options.databaseUrl);
  else rmSync(options.dir, { recursive: true, force: true });
  const config = loadConfig({
    DATA_DIR: options.dir,
    ...(options.db === 'postgres' ? { DATABASE_URL: options.databaseUrl } : {}),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
  });
  const database = await createDatabase(config);
  const timings: { label: string; seconds: number }[] = [];
  try {
    await database.migrate();
    await seed(database.db, config, () => {});
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    // The debts' totals, the dashboard's summaries and the queue's facts are set once: triggers would multiply the load.
    for (const table of TRIGGERED_TABLES)
      await database.db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
    const loadIndexes = await dropLoadIndexes(database.db);
    const generation = steps(options.debts, passwordHash);
    const analyze = generation.pop() as Step;
    const all: Step[] = [
      ...generation,
      {
        label: 'índices (búsqueda libre y deudas)',
        run: async (db) => {
          for (const definition of loadIndexes) await db.execute(sql.raw(definition));
        },
      },
      {
        label: 'resúmenes del tablero',
        run: async (db) => {
          for (const table of TRIGGERED_TABLES)
            await db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`));
          await db.execute(sql`SELECT kpi_rebuild()`);
        },
      },
      analyze,
    ];
    for (const step of all) {
      const started = performance.now();
      await step.run(database.db);
      const seconds = (performance.now() - started) / 1000;
      timings.push({ label: step.label, seconds });
      log(`  ${step.label}: ${seconds.toFixed(1)} s`);
    }
  } finally {
    await database.close();
  }
  return timings;
}

if (process.argv[1]?.endsWith('data.ts')) {
  const options = parseDataArgs(process.argv.slice(2));
  const where = options.db === 'postgres' ? options.databaseUrl : options.dir;
  console.log(`Generando ${options.debts.toLocaleString('es-AR')} deudas en ${options.db} (${where})…`);
  const started = performance.now();
  await generate(options);
  console.log(`Listo en ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}
