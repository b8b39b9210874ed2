/**
 * The API half of `npm run bench`: the real server on generated data, loaded over loopback with
 * autocannon, next to a bare JWT-verifying Fastify route (the ceiling) measured in the same run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agencyToday } from '@cobranzas/shared';
import autocannon from 'autocannon';

export const ROOT = join(import.meta.dirname, '..');
const SECRET = 'bench-secret-bench-secret-bench-secret-bench-secret-0123456789';

/** `--name value` from the command line, else `fallback`. */
export function cliArg(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? (argv[index + 1] ?? fallback) : fallback;
}

export interface Measure {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers counted in the run (autocannon's total). */
  requests?: number;
  /** ratio of rps to the ceiling's at the same connections */
  ratio?: number;
}

export interface ReportMeasure {
  ttfbMs: number;
  totalMs: number;
  bytes: number;
  rssGrowthMb: number;
  status: number;
}

/** Resident and peak memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

async function waitFor(url: string, child: ChildProcess, seconds = 180) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el proceso terminó (${child.exitCode}) antes de responder`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} no respondió en ${seconds} s`);
}

export interface Server {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
}

/** The product's server (TypeScript through tsx, as `npm start` runs it) on the given database. */
export async function startApi(port: number, env: Record<string, string>): Promise<Server> {
  // BENCH_API_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under load.
  const nodeArgs = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', join(ROOT, 'apps/api/src/server.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: SECRET,
        LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
        ...env,
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child);
  return { base, pid: child.pid as number, stop: stopper(child) };
}

export async function startCeiling(port: number): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/ceiling.ts'), String(port), SECRET],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/ceiling`, child);
  return { base, pid: child.pid as number, stop: stopper(child) };
}

/** The floor of bench/floor.ts: the same statements as the API's, by hand (bench/floorServer.ts). */
export async function startFloor(
  port: number,
  kind: string,
  target: string,
  specFile: string,
): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/floorServer.ts'), String(port), SECRET, kind, target, specFile],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/floor/health`, child);
  return { base, pid: child.pid as number, stop: stopper(child) };
}

/** The round-robin balancer of bench/scaleOut.ts (bench/balancer.ts) in front of `targets`. */
export async function startBalancer(port: number, targets: string[]): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/balancer.ts'), String(port), ...targets],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child);
  return { base, pid: child.pid as number, stop: stopper(child) };
}

export async function login(base: string, alias: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ alias, password }),
  });
  if (!response.ok) throw new Error(`login ${alias} → ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Open debts with something to pay and no plan, from random pages of the list (a payment on others is a 4xx). */
export async function payableDebts(base: string, token: string, debts: number): Promise<number[]> {
  const headers = { authorization: `Bearer ${token}` };
  const ids: number[] = [];
  for (let tries = 0; ids.length < 200 && tries < 50; tries++) {
    const page = 1 + Math.floor(Math.random() * Math.max(1, Math.floor(debts / 100)));
    const response = await fetch(`${base}/api/debts?limit=100&page=${page}`, { headers });
    const { data } = (await response.json()) as { data: { id: number; status: string; balance: string }[] };
    for (const debt of data) {
      if (['CANCELADA', 'ARCHIVADA', 'INCOBRABLE'].includes(debt.status) || !/^[1-9]/.test(debt.balance))
        continue;
      // A debt with a plan takes its payments on the quotas (a free one is a 409).
      const quotas = await fetch(`${base}/api/quotas?debtId=${debt.id}&limit=1`, { headers });
      if (((await quotas.json()) as { data: unknown[] }).data.length === 0) ids.push(debt.id);
    }
  }
  if (ids.length === 0) throw new Error('No hay deudas abiertas con saldo y sin plan para el caso «pago».');
  return ids;
}

/** A ledger write: a payment of one cent on one of `payable` at random (issue 38's growth and scale-out). */
export const paymentCase = (payable: number[], token: string, connections: number): LoadCase => ({
  name: 'pago',
  connections,
  method: 'POST',
  path: '/api/payments',
  body: () =>
    JSON.stringify({
      debtId: payable[Math.floor(Math.random() * payable.length)],
      amount: '0.01',
      paidAt: agencyToday(),
      receiptNumber: 'BENCH',
    }),
  token,
});

export interface LoadCase {
  name: string;
  connections: number;
  method?: 'GET' | 'POST';
  /** a fixed path, or one drawn per request */
  path: string | (() => string);
  /** a fixed body, or one drawn per request */
  body?: string | (() => string);
  token?: string;
}

/** One autocannon run: req/s (mean), p50 and p99 latency in ms, non-2xx and socket errors. */
export async function load(base: string, spec: LoadCase, seconds: number): Promise<Measure> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (spec.token) headers.authorization = `Bearer ${spec.token}`;
  const { path, body } = spec;
  const result = await autocannon({
    url: base,
    connections: spec.connections,
    duration: seconds,
    headers,
    requests: [
      {
        method: spec.method ?? 'GET',
        ...(typeof body === 'string' ? { body } : {}),
        setupRequest: (request) => ({
          ...request,
          path: typeof path === 'string' ? path : path(),
          ...(typeof body === 'function' ? { body: body() } : {}),
        }),
      },
    ],
  });
  return {
    name: spec.name,
    connections: spec.connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/** GET a report and drain it: time to the first byte, total time, and the server's RSS growth. */
export async function measureDownload(
  base: string,
  path: string,
  token: string,
  pid: number,
): Promise<ReportMeasure> {
  const baseline = memoryOf(pid).rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
    } catch {}
  }, 20);
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const reader = response.body?.getReader();
  let ttfb = 0;
  let bytes = 0;
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    if (bytes === 0) ttfb = performance.now() - started;
    bytes += chunk.value.length;
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, memoryOf(pid).rss);
  return { ttfbMs: ttfb, totalMs: total, bytes, rssGrowthMb: peak - baseline, status: response.status };
}

/** The first company's client-debt workbook (a tenth of the generated debts). */
export const CLIENT_DEBT_PATH = '/api/report/clientDebt?company=1';

/**
 * An empty workbook, before measuring one: it loads ExcelJS, so the growth measured next is the
 * rows', not the module's one-time load.
 */
export const loadExcelJs = (base: string, token: string, pid: number) =>
  measureDownload(base, `${CLIENT_DEBT_PATH}&start=2000-01-01&end=2000-01-01`, token, pid);

/** Replaces (or adds, before the web's) the section of bench/RESULTS.md that starts with `title`. */
export function writeSection(title: string, text: string) {
  const out = join(ROOT, 'bench/RESULTS.md');
  const section = `${text.trimEnd()}\n\n`;
  const current = existsSync(out) ? readFileSync(out, 'utf8') : '';
  const start = current.indexOf(title);
  let next: string;
  if (start >= 0) {
    const after = current.indexOf('\n## ', start + title.length);
    next = current.slice(0, start) + section + (after >= 0 ? current.slice(after + 1) : '');
  } else {
    const web = current.indexOf('\n## Web');
    next =
      web >= 0 ? `${current.slice(0, web + 1)}${section}${current.slice(web + 1)}` : `${current}\n${section}`;
  }
  writeFileSync(out, next);
  return out;
}
