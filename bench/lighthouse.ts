/**
 * Lighthouse (performance, accessibility, best practices) for /login and the signed-in first screens
 * (issue 38: the dashboard, a debt's file, the collector's queue and the Buscador, each 100 on three
 * cold visits of three), on the real server in Debian's Chromium. A signed-in page needs a session:
 * the token goes into localStorage before the page's own scripts run, as the app keeps it (SPEC §3).
 * And the debtor's portal /pagar (issue 34) with Lighthouse's mobile preset (a mid-range phone on a
 * slow 4G, simulated): performance and accessibility 100 on three cold visits.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { BENCH_ADMIN_PASSWORD, BENCH_PASSWORD, parseDataArgs } from '../apps/api/bench/data';
import { cliArg, login, startApi, writeSection } from './api';

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The metrics behind performance (ms; CLS unitless), to read a run under 100. */
  lcp?: number;
  tbt?: number;
  cls?: number;
  fcp?: number;
  /**
   * Lighthouse's measure of the machine's CPU at that run (`environment.benchmarkIndex`; higher is
   * faster): on this shared VM it moved 1 700–2 700 within one run, and a slow one costs points.
   */
  cpuIndex?: number;
}

/** One page to visit: its path, and the session's token (none: /login). */
export interface LighthousePage {
  path: string;
  token?: string;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const RUNS = 3;

/** An active debt with a plan of 6 quotas, 4 paid, in any generated portfolio (apps/api/bench/data.ts). */
export const BENCH_DEBT_ID = 802;
/** The collector whose queue is measured: an ADMIN's own queue is empty in the bench's data. */
export const BENCH_COLLECTOR = 'gestor1';

/** The signed-in first screens of issue 38, by short name (`--only`). */
export const FIRST_SCREENS = {
  tablero: '/',
  deuda: `/debts/view/${BENCH_DEBT_ID}`,
  cola: '/queue',
  buscador: '/debts/search',
} as const;
export type FirstScreen = keyof typeof FIRST_SCREENS;

/**
 * /login once, then each first screen `runs` times (issue 38: 100 in three runs out of three), each
 * its own first visit; the queue as the collector whose queue it is, the rest as the ADMIN.
 */
export async function firstVisitPages(
  base: string,
  adminToken: string,
  { only, runs = RUNS }: { only?: FirstScreen[]; runs?: number } = {},
): Promise<LighthousePage[]> {
  const names = only ?? (Object.keys(FIRST_SCREENS) as FirstScreen[]);
  const collector = names.includes('cola') ? await login(base, BENCH_COLLECTOR, BENCH_PASSWORD) : adminToken;
  return [
    ...(only ? [] : [{ path: '/login' }]),
    ...names.flatMap((name) =>
      Array.from({ length: runs }, () => ({
        path: FIRST_SCREENS[name],
        token: name === 'cola' ? collector : adminToken,
      })),
    ),
  ];
}

/** One cold visit: a new tab, the HTTP cache emptied, the session's token set before the app runs. */
async function firstVisit(browser: Browser, base: string, visit: LighthousePage) {
  const page = await browser.newPage();
  try {
    // Every run a first visit: `disableStorageReset` keeps the session's token, and with it the
    // HTTP cache of the run before; without this, runs 2 and 3 found the JS already cached.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    if (visit.token)
      await page.evaluateOnNewDocument(
        (value: string) => window.localStorage.setItem('token', value),
        visit.token,
      );
    return await lighthouse(
      `${base}${visit.path}`,
      { onlyCategories: CATEGORIES, disableStorageReset: true, logLevel: 'error' },
      desktopConfig,
      page,
    );
  } finally {
    await page.close();
  }
}

export async function lighthouseScores(
  base: string,
  token: string,
  pages?: (string | LighthousePage)[],
  { save }: { save?: string } = {},
): Promise<LighthouseScores[]> {
  const visits = (pages ?? (await firstVisitPages(base, token))).map((page) =>
    typeof page === 'string' ? { path: page, ...(page === '/login' ? {} : { token }) } : page,
  );
  if (save) mkdirSync(save, { recursive: true });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const scores: LighthouseScores[] = [];
  try {
    for (const [index, visit] of visits.entries()) {
      let result: Awaited<ReturnType<typeof lighthouse>>;
      // A run whose trace Lighthouse could not record (NO_NAVSTART now and then) measured nothing:
      // it is run again, once.
      for (let attempt = 1; ; attempt++) {
        result = await firstVisit(browser, base, visit);
        if (!result?.lhr.runtimeError || attempt === 2) break;
      }
      const lhr = result?.lhr;
      const score = (id: string) => Math.round((lhr?.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr?.audits[id]?.numericValue ?? Number.NaN;
      const same = visits.filter((v) => v.path === visit.path);
      const run = visits.slice(0, index + 1).filter((v) => v.path === visit.path).length;
      const label = same.length > 1 ? `${visit.path} (corrida ${run})` : visit.path;
      if (save && lhr) {
        const slug = visit.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'tablero';
        writeFileSync(join(save, `${slug}-${run}.json`), JSON.stringify(lhr));
      }
      scores.push({
        path: label,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcp: Math.round(metric('largest-contentful-paint')),
        tbt: Math.round(metric('total-blocking-time')),
        cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
        fcp: Math.round(metric('first-contentful-paint')),
        ...(lhr?.environment.benchmarkIndex ? { cpuIndex: Math.round(lhr.environment.benchmarkIndex) } : {}),
      });
    }
  } finally {
    await browser.close();
  }
  return scores;
}

export interface PagarScores {
  run: number;
  performance: number;
  accessibility: number;
}

/**
 * /pagar three times with the mobile preset (Lighthouse's default config), each a first visit: the
 * HTTP cache emptied and, as Lighthouse does by default, the origin's storage too (no session: the
 * entry form, what a debtor opening a letter's link sees first).
 */
export async function pagarScores(base: string, runs = 3): Promise<PagarScores[]> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const scores: PagarScores[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const page = await browser.newPage();
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      const result = await lighthouse(
        `${base}/pagar`,
        { onlyCategories: ['performance', 'accessibility'], formFactor: 'mobile', logLevel: 'error' },
        undefined,
        page,
      );
      const score = (id: string) => Math.round((result?.lhr.categories[id]?.score ?? 0) * 100);
      scores.push({ run, performance: score('performance'), accessibility: score('accessibility') });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return scores;
}

/** /pagar's runs under 100, one line each. */
export function pagarUnmet(scores: PagarScores[]): string[] {
  return scores.flatMap((s) => [
    ...(s.performance < 100
      ? [`Lighthouse móvil \`/pagar\` (corrida ${s.run}): rendimiento ${s.performance} (100)`]
      : []),
    ...(s.accessibility < 100
      ? [`Lighthouse móvil \`/pagar\` (corrida ${s.run}): accesibilidad ${s.accessibility} (100)`]
      : []),
  ]);
}

export const PAGAR_SECTION_TITLE = '## Lighthouse móvil: `/pagar` (portal del deudor, primera visita)';

export function pagarMarkdown(scores: PagarScores[], note = ''): string {
  const cell = (n: number) => `${n === 100 ? '✅' : '❌'} ${n}`;
  return [
    PAGAR_SECTION_TITLE,
    '',
    ...(note ? [note, ''] : []),
    'Preset móvil de Lighthouse (teléfono de gama media, 4G lenta simulada). Presupuesto: 100 y 100 en las tres corridas.',
    '',
    '| corrida | rendimiento | accesibilidad |',
    '|---|---:|---:|',
    ...scores.map((s) => `| ${s.run} | ${cell(s.performance)} | ${cell(s.accessibility)} |`),
    '',
    '',
  ].join('\n');
}

/** The Lighthouse scores under 100 in this run, one line each. */
export function lighthouseUnmet(scores: LighthouseScores[]): string[] {
  const names = {
    performance: 'rendimiento',
    accessibility: 'accesibilidad',
    bestPractices: 'buenas prácticas',
  };
  return scores.flatMap((s) =>
    (Object.keys(names) as (keyof typeof names)[])
      .filter((key) => s[key] < 100)
      .map((key) => `Lighthouse \`${s.path}\`: ${names[key]} ${s[key]} (100)`),
  );
}

export const LIGHTHOUSE_SECTION_TITLE =
  '## Lighthouse (preset escritorio, Chromium de Debian, servidor real)';

export function lighthouseMarkdown(scores: LighthouseScores[], note = ''): string {
  const cell = (n: number) => `${n === 100 ? '✅' : '❌'} ${n}`;
  const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '—' : `${n} ms`);
  return [
    LIGHTHOUSE_SECTION_TITLE,
    '',
    ...(note ? [note, ''] : []),
    '| página | rendimiento | accesibilidad | buenas prácticas | FCP | LCP | TBT | CLS | CPU (índice de Lighthouse) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...scores.map(
      (s) =>
        `| ${s.path} | ${cell(s.performance)} | ${cell(s.accessibility)} | ${cell(s.bestPractices)} | ` +
        `${ms(s.fcp)} | ${ms(s.lcp)} | ${ms(s.tbt)} | ${s.cls ?? '—'} | ${s.cpuIndex ?? '—'} |`,
    ),
    '',
    '',
  ].join('\n');
}

/**
 * Alone (`node --import tsx bench/lighthouse.ts [--database-url …] [--port N] [--only tablero,cola]
 * [--runs N] [--save DIR] [--no-write]`): the real server on the bench's PostgreSQL data
 * (`npm run bench:data`), the scores printed and, unless --no-write, written to RESULTS.md's
 * sections; --save keeps each run's report (JSON) to read what cost a point; --only measures some
 * first screens (tablero, deuda, cola, buscador) without /login and /pagar.
 */
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && flag('base')) {
  // `node --import tsx bench/lighthouse.ts --base http://localhost:3400`: /pagar alone, on a server
  // already running (it needs no data and no login).
  const base = cliArg('base', 'http://localhost:3000');
  const scores = await pagarScores(base);
  for (const s of scores) console.log(`/pagar corrida ${s.run}: ${s.performance} · ${s.accessibility}`);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  if (!flag('no-write'))
    writeSection(
      PAGAR_SECTION_TITLE,
      pagarMarkdown(
        scores,
        `Corrido el ${when} UTC con \`node --import tsx bench/lighthouse.ts --base ${base}\`.`,
      ),
    );
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const databaseUrl = cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench');
  const port = Number(cliArg('port', '3990'));
  const runs = Number(cliArg('runs', String(RUNS)));
  const only = flag('only') ? (cliArg('only', '').split(',') as FirstScreen[]) : undefined;
  const unknown = only?.filter((name) => !(name in FIRST_SCREENS)) ?? [];
  if (unknown.length > 0)
    throw new Error(`--only: ${unknown.join(', ')}; una o más de ${Object.keys(FIRST_SCREENS).join(', ')}`);
  const save = flag('save') ? cliArg('save', 'bench/.lighthouse') : undefined;
  const options = parseDataArgs(['--debts', '1000000', '--db', 'postgres', '--database-url', databaseUrl]);
  const api = await startApi(port, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: options.dir,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
  });
  try {
    const token = await login(api.base, 'admin', BENCH_ADMIN_PASSWORD);
    const pages = await firstVisitPages(api.base, token, { ...(only ? { only } : {}), runs });
    const scores = await lighthouseScores(api.base, token, pages, save ? { save } : {});
    for (const s of scores)
      console.log(
        `${s.path.padEnd(28)} ${s.performance} · ${s.accessibility} · ${s.bestPractices}` +
          `   FCP ${s.fcp} ms · LCP ${s.lcp} ms · TBT ${s.tbt} ms · CLS ${s.cls} · CPU ${s.cpuIndex}`,
      );
    const portal = only ? [] : await pagarScores(api.base);
    for (const s of portal) console.log(`/pagar corrida ${s.run}: ${s.performance} · ${s.accessibility}`);
    if (!flag('no-write') && !only) {
      const debts = await fetch(`${api.base}/api/debts?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((response) => response.json() as Promise<{ total?: number }>);
      const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
      const size = debts.total ? `${debts.total.toLocaleString('es-AR')} deudas` : 'datos del bench';
      const note = `Corrido el ${when} UTC con \`node --import tsx bench/lighthouse.ts\` (${size} en PostgreSQL).`;
      writeSection(LIGHTHOUSE_SECTION_TITLE, lighthouseMarkdown(scores, note));
      writeSection(PAGAR_SECTION_TITLE, pagarMarkdown(portal, note));
    }
  } finally {
    await api.stop();
  }
}
