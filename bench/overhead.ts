/**
 * `npm run bench:overhead`: the server's CPU per request, read from /proc (utime + stime) around an
 * autocannon run, next to the ceiling's. Less noisy than req/s on a shared VM: the minimum of three
 * runs per case, on an empty database, so it needs no generated data. With `--database-url` (an
 * existing, empty or already migrated PostgreSQL database) the database runs in its own processes and
 * the figure is the fixed cost of a request (headers, guard, logs, JWT, zod); on PGlite, the default,
 * the database's own work is counted too, since PGlite runs in a thread of the server's process.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LoadCase, load, login, type Server, startApi, startCeiling } from './api';

const SECONDS = 3;
const RUNS = 3;
const PASSWORD = 'overhead-admin-2026';

/** CPU time the process has used, in ms (Linux clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function cpuPerRequest(server: Server, spec: LoadCase): Promise<{ rps: number; micros: number }> {
  await load(server.base, { ...spec, connections: 4 }, 1); // warm-up
  let best = { rps: 0, micros: Number.POSITIVE_INFINITY };
  for (let run = 0; run < RUNS; run++) {
    const before = cpuMs(server.pid);
    const measure = await load(server.base, spec, SECONDS);
    const micros = ((cpuMs(server.pid) - before) * 1000) / (measure.rps * SECONDS);
    if (micros < best.micros) best = { rps: measure.rps, micros };
  }
  return best;
}

const urlAt = process.argv.indexOf('--database-url');
const databaseUrl = urlAt >= 0 ? process.argv[urlAt + 1] : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'cobranzas-overhead-'));
const api = await startApi(3800, {
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: PASSWORD,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const ceiling = await startCeiling(3801);
try {
  const token = await login(api.base, 'admin', PASSWORD);
  const cases: [string, Server, LoadCase][] = [
    ['techo (solo JWT)', ceiling, { name: 'techo', connections: 50, path: '/api/ceiling', token }],
    ['GET /api/health', api, { name: 'health', connections: 50, path: '/api/health' }],
    ['GET /api/users/1', api, { name: 'users', connections: 50, path: '/api/users/1', token }],
  ];
  const where = databaseUrl ? 'PostgreSQL' : 'PGlite (incluye su trabajo)';
  console.log(
    `CPU del servidor por pedido, ${where}: mínimo de ${RUNS} corridas de ${SECONDS} s a 50 conexiones`,
  );
  for (const [label, server, spec] of cases) {
    const { rps, micros } = await cpuPerRequest(server, spec);
    console.log(
      `  ${label.padEnd(18)} ${micros.toFixed(0).padStart(5)} µs/pedido  (${rps.toFixed(0)} req/s)`,
    );
  }
} finally {
  await api.stop();
  await ceiling.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
