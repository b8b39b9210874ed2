/**
 * The front-end half of `npm run bench` (alone: `npm run bench:web`): builds the app and a bare
 * React + React Router page in the same run, then loads routes in Debian's Chromium from a static
 * server and adds up, gzip -9, every JS and CSS file the browser asked for. A route's own weight is
 * what it loads beyond the layout's. Budgets (issue 7): /login ≤ 1.25 × the bare page; every lazy
 * chunk ≤ 200 KiB. The debtor's portal (issue 34, DESIGN.md §11.3), its own entry: all the JS /pagar
 * loads < 60 KiB, and none of it React.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const ROOT = join(import.meta.dirname, '..');
const APP_DIST = join(ROOT, 'apps/web/dist');
const BARE_DIST = join(ROOT, 'bench/.data/bare-dist');
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.html': 'text/html',
};
export const ROUTES = [
  '/',
  '/debts/search',
  '/debts/view/1',
  '/debts/type/1',
  '/calendar',
  '/users/list',
  '/companies/add',
];
const KiB = 1024;

const gz = (dist: string, file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** A static server with history fallback: the measure must not depend on the API. */
async function serve(dist: string): Promise<{ base: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = join(dist, path);
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      // As the real server (apps/api/src/web.ts): /pagar and under it is the portal's own page.
      const portal = /^\/pagar(\/|$)/.test(path) && existsSync(join(dist, 'pagar/index.html'));
      file = join(dist, portal ? 'pagar/index.html' : 'index.html');
      body = readFileSync(file);
    }
    // Calls to /api find nothing here: screens show their error states, chunks still load.
    const status = path.startsWith('/api/') ? 404 : 200;
    response.writeHead(status, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(status === 404 ? '{}' : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A signed-in look for the layout: an unverified JWT-shaped token with a far expiry (no API here). */
function fakeToken(): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = { sub: 1, name: 'Bench', alias: 'bench', type: 'ADMIN', companyId: null, iat: 0, exp: 4e9 };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.x`;
}

type Loaded = { js: number; css: number; files: Set<string> };

async function load(
  base: string,
  dist: string,
  routes: string[],
  token: string | null,
): Promise<Map<string, Loaded>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const out = new Map<string, Loaded>();
  try {
    for (const route of routes) {
      const context = await browser.newContext();
      if (token) await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
      const page = await context.newPage();
      const files = new Set<string>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/\.(js|css)$/.test(pathname)) files.add(pathname);
      });
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
      const loaded: Loaded = { js: 0, css: 0, files };
      for (const file of files) loaded[file.endsWith('.css') ? 'css' : 'js'] += gz(dist, file);
      out.set(route, loaded);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

export interface WebResult {
  bare: number;
  login: number;
  routes: { route: string; total: number; own: number }[];
  largestChunk: { file: string; bytes: number };
  /** The debtor's portal, a cold visit to /pagar: its JS and CSS (gzip -9) and whether React came along. */
  pagar: { js: number; css: number; files: number; react: boolean };
}

/** React's own marks in a bundle (its element symbols): none may be in what /pagar loads. */
const REACT_MARK = /Symbol\.for\(["'`]react\.(transitional\.)?element["'`]\)|__reactFiber/;

export async function measureWeb(): Promise<WebResult> {
  await build({ root: join(ROOT, 'apps/web'), logLevel: 'warn' });
  await build({
    root: join(ROOT, 'bench/bare'),
    configFile: false,
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir: BARE_DIST, emptyOutDir: true },
  });
  const bareServer = await serve(BARE_DIST);
  const appServer = await serve(APP_DIST);
  try {
    const bare = (await load(bareServer.base, BARE_DIST, ['/'], null)).get('/') as Loaded;
    const login = (await load(appServer.base, APP_DIST, ['/login'], null)).get('/login') as Loaded;
    const portal = (await load(appServer.base, APP_DIST, ['/pagar'], null)).get('/pagar') as Loaded;
    const signedIn = await load(appServer.base, APP_DIST, ROUTES, fakeToken());
    // The layout's files: what every signed-in route shares.
    const shared = new Set((signedIn.get('/') as Loaded).files);
    for (const loaded of signedIn.values()) {
      for (const file of shared) if (!loaded.files.has(file)) shared.delete(file);
    }
    const routes = ROUTES.map((route) => {
      const loaded = signedIn.get(route) as Loaded;
      const own = [...loaded.files]
        .filter((file) => !shared.has(file))
        .reduce((sum, file) => sum + gz(APP_DIST, file), 0);
      return { route, total: loaded.js + loaded.css, own };
    });
    const chunks = readdirSync(join(APP_DIST, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, bytes: gz(APP_DIST, `assets/${file}`) }))
      .sort((a, b) => b.bytes - a.bytes);
    return {
      bare: bare.js + bare.css,
      login: login.js + login.css,
      routes,
      largestChunk: chunks[0] as WebResult['largestChunk'],
      pagar: {
        js: portal.js,
        css: portal.css,
        files: [...portal.files].filter((file) => file.endsWith('.js')).length,
        react: [...portal.files].some((file) => REACT_MARK.test(readFileSync(join(APP_DIST, file), 'utf8'))),
      },
    };
  } finally {
    bareServer.server.close();
    appServer.server.close();
  }
}

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

const LOGIN_RATIO_BUDGET = 1.25;
const CHUNK_BUDGET = 200 * KiB;
/** Issue 34: everything /pagar loads, on a phone, over a slow network. */
export const PAGAR_JS_BUDGET = 60 * KiB;

/** The web budgets this run missed, one line each. */
export function webUnmet(web: WebResult): string[] {
  const ratio = web.login / web.bare;
  return [
    ...(ratio > LOGIN_RATIO_BUDGET
      ? [`Web: \`/login\` ${ratio.toFixed(2)} × la página mínima (≤ 1,25 ×)`]
      : []),
    ...(web.largestChunk.bytes > CHUNK_BUDGET
      ? [`Web: \`${web.largestChunk.file}\` ${kib(web.largestChunk.bytes)} (≤ 200 KiB)`]
      : []),
    ...(web.pagar.js >= PAGAR_JS_BUDGET ? [`Web: \`/pagar\` JS ${kib(web.pagar.js)} (< 60 KiB)`] : []),
    ...(web.pagar.react ? ['Web: `/pagar` carga React (debe ser su propia entrada, sin React)'] : []),
  ];
}

export function webMarkdown(web: WebResult): string {
  const ratio = web.login / web.bare;
  const lines = [
    '## Web (gzip -9 de todo el JS y CSS que pide el navegador)',
    '',
    `- Página mínima React + React Router (misma corrida, mismo Vite): ${kib(web.bare)}.`,
    `- \`/login\`: ${kib(web.login)} = ${ratio.toFixed(2)} × la mínima — ${ratio <= LOGIN_RATIO_BUDGET ? '✅' : '❌'} ≤ 1,25 ×.`,
    `- Chunk más pesado: \`${web.largestChunk.file}\` ${kib(web.largestChunk.bytes)} — ${web.largestChunk.bytes <= CHUNK_BUDGET ? '✅' : '❌'} ≤ 200 KiB.`,
    `- \`/pagar\` (portal del deudor, su propia entrada, primera visita): JS ${kib(web.pagar.js)} en ${web.pagar.files} archivos — ${web.pagar.js < PAGAR_JS_BUDGET ? '✅' : '❌'} < 60 KiB; ${web.pagar.react ? '❌ carga React' : '✅ sin React'}; CSS ${kib(web.pagar.css)}.`,
    '',
    '| ruta (con sesión) | total | propio (sin el layout) |',
    '|---|---:|---:|',
    ...web.routes.map((r) => `| ${r.route} | ${kib(r.total)} | ${kib(r.own)} |`),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

if (process.argv[1]?.endsWith('web.ts')) {
  const web = await measureWeb();
  console.log(webMarkdown(web));
}
