/**
 * Lighthouse (performance, accessibility, best practices) for /login and the dashboard, on the
 * real server in Debian's Chromium. The dashboard needs a session: the token goes into
 * localStorage before the page's own scripts run, as the app keeps it (SPEC §3).
 * And the debtor's portal /pagar (issue 34) with Lighthouse's mobile preset (a mid-range phone on a
 * slow 4G, simulated): performance and accessibility 100 on three cold visits.
 */
import { pathToFileURL } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { BENCH_ADMIN_PASSWORD, parseDataArgs } from '../apps/api/bench/data';
import { cliArg, login, startApi, writeSection } from './api';

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

export async function lighthouseScores(
  base: string,
  token: string,
  // The dashboard three times (issue 20: 100 in three runs out of three), each its own first visit.
  paths = ['/login', '/', '/', '/'],
): Promise<LighthouseScores[]> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const scores: LighthouseScores[] = [];
  try {
    for (const path of paths) {
      const page = await browser.newPage();
      // Every run a first visit: `disableStorageReset` keeps the session's token, and with it the
      // HTTP cache of the run before; without this, runs 2 and 3 found the JS already cached.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      if (path !== '/login')
        await page.evaluateOnNewDocument(
          (value: string) => window.localStorage.setItem('token', value),
          token,
        );
      const result = await lighthouse(
        `${base}${path}`,
        { onlyCategories: CATEGORIES, disableStorageReset: true, logLevel: 'error' },
        desktopConfig,
        page,
      );
      const score = (id: string) => Math.round((result?.lhr.categories[id]?.score ?? 0) * 100);
      const run = paths.slice(0, scores.length + 1).filter((p) => p === path).length;
      const repeated = paths.filter((p) => p === path).length > 1;
      scores.push({
        path: repeated ? `${path} (corrida ${run})` : path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
      });
      await page.close();
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
  return [
    LIGHTHOUSE_SECTION_TITLE,
    '',
    ...(note ? [note, ''] : []),
    '| página | rendimiento | accesibilidad | buenas prácticas |',
    '|---|---:|---:|---:|',
    ...scores.map(
      (s) => `| ${s.path} | ${cell(s.performance)} | ${cell(s.accessibility)} | ${cell(s.bestPractices)} |`,
    ),
    '',
    '',
  ].join('\n');
}

/**
 * Alone (`node --import tsx bench/lighthouse.ts [--database-url …]`): the real server on the bench's
 * PostgreSQL data (1M, `npm run bench:data`), the scores printed and written to RESULTS.md's section.
 */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--base')) {
  // `node --import tsx bench/lighthouse.ts --base http://localhost:3400`: /pagar alone, on a server
  // already running (it needs no data and no login).
  const base = cliArg('base', 'http://localhost:3000');
  const scores = await pagarScores(base);
  for (const s of scores) console.log(`/pagar corrida ${s.run}: ${s.performance} · ${s.accessibility}`);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  writeSection(
    PAGAR_SECTION_TITLE,
    pagarMarkdown(
      scores,
      `Corrido el ${when} UTC con \`node --import tsx bench/lighthouse.ts --base ${base}\`.`,
    ),
  );
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const databaseUrl = cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench');
  const options = parseDataArgs(['--debts', '1000000', '--db', 'postgres', '--database-url', databaseUrl]);
  const api = await startApi(3990, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: options.dir,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
  });
  try {
    const scores = await lighthouseScores(api.base, await login(api.base, 'admin', BENCH_ADMIN_PASSWORD));
    for (const s of scores)
      console.log(`${s.path.padEnd(16)} ${s.performance} · ${s.accessibility} · ${s.bestPractices}`);
    const portal = await pagarScores(api.base);
    for (const s of portal) console.log(`/pagar corrida ${s.run}: ${s.performance} · ${s.accessibility}`);
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const note = `Corrido el ${when} UTC con \`node --import tsx bench/lighthouse.ts\` (1M en PostgreSQL).`;
    writeSection(LIGHTHOUSE_SECTION_TITLE, lighthouseMarkdown(scores, note));
    writeSection(PAGAR_SECTION_TITLE, pagarMarkdown(portal, note));
  } finally {
    await api.stop();
  }
}
