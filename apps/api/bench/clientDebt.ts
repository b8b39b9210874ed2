/**
 * Time and memory of GET /api/report/clientDebt on PGlite with N debts of one company:
 *   node --expose-gc --import tsx apps/api/bench/clientDebt.ts [N=100000]
 * Add --max-old-space-size=80 to show the report fits a small heap whatever N is.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { seed } from '../src/db/seed';

const N = Number(process.argv[2] ?? 100_000);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-report-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: 'clave-admin-123',
  WEB_DIST: path.join(dataDir, 'none'),
});
const database = await createDatabase(config, { memory: true });
await database.migrate();
await seed(database.db, config, () => {});
const { db } = database;
let started = performance.now();
await db.execute(sql`INSERT INTO companies (name, cuit) VALUES ('Banco Bench S.A.', '30712345671')`);
await db.execute(sql`INSERT INTO debtors (dni, first_name, last_name)
  SELECT (10000000 + g)::text, 'Nombre' || g, 'Apellido' || g FROM generate_series(1, ${N}) g`);
await db.execute(sql`INSERT INTO debts (debtor_id, company_id, debt_type_id, reference, original_amount, paid_amount, balance)
  SELECT id, 1, 1 + id % 3, 'REF-' || id, 1000.37 + id % 977, 10.10, 990.27 + id % 977 FROM debtors`);
await db.execute(sql`INSERT INTO event_types (name) VALUES ('Llamada')`);
await db.execute(sql`INSERT INTO events (debt_id, event_type_id, date)
  SELECT id, 1, now() - (id % 300) * interval '1 day' FROM debts WHERE id % 2 = 0`);
console.log(`${N} deudas cargadas en ${((performance.now() - started) / 1000).toFixed(1)} s`);

const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ alias: 'admin', password: 'clave-admin-123' }),
});
const { access_token: token } = (await login.json()) as { access_token: string };

globalThis.gc?.();
const base = process.memoryUsage();
const peak = { rss: base.rss, heapAfterGc: base.heapUsed, buffersAfterGc: base.arrayBuffers };
let ticks = 0;
const sampler = setInterval(() => {
  if (++ticks % 10 === 0 && globalThis.gc) {
    globalThis.gc();
    const live = process.memoryUsage();
    peak.heapAfterGc = Math.max(peak.heapAfterGc, live.heapUsed);
    peak.buffersAfterGc = Math.max(peak.buffersAfterGc, live.arrayBuffers);
  }
  peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
}, 20);

started = performance.now();
const response = await fetch(`${address}/api/report/clientDebt?company=1`, {
  headers: { authorization: `Bearer ${token}` },
});
let bytes = 0;
let firstByte = 0;
for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
  firstByte ||= performance.now() - started;
  bytes += chunk.length;
}
clearInterval(sampler);
console.log(
  `HTTP ${response.status}: ${(bytes / 1024 / 1024).toFixed(1)} MB en ${((performance.now() - started) / 1000).toFixed(1)} s, primer byte a los ${firstByte.toFixed(0)} ms`,
);
console.log(`RSS ${mb(base.rss)} → pico ${mb(peak.rss)} MB (+${mb(peak.rss - base.rss)})`);
if (globalThis.gc)
  console.log(
    `tras GC: heap ${mb(base.heapUsed)} → ${mb(peak.heapAfterGc)} MB, ArrayBuffers ${mb(base.arrayBuffers)} → ${mb(peak.buffersAfterGc)} MB`,
  );
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
