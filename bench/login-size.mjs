// Measures what the browser loads for a route (default /login): every JS and CSS file, gzip-compressed
// at level 9, from the built app. Usage: node bench/login-size.mjs [route...]  (needs a built apps/web/dist)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ROOT } from '../scripts/lib.mjs';

const DIST = join(ROOT, 'apps/web/dist');
/** @type {Record<string, string>} */
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };

/** A static server with history fallback, so the measure does not depend on the API. */
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  let file = join(DIST, path);
  let body;
  try {
    body = readFileSync(file);
  } catch {
    file = join(DIST, 'index.html');
    body = readFileSync(file);
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/login'];
for (const route of routes) {
  const page = await browser.newPage();
  const files = new Set();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\.(js|css)$/.test(url.pathname)) files.add(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'networkidle' });
  const sizes = { js: 0, css: 0 };
  for (const file of files) {
    const gz = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
    sizes[file.endsWith('.css') ? 'css' : 'js'] += gz;
    console.log(`  ${(gz / 1024).toFixed(2).padStart(8)} KiB  ${file}`);
  }
  const kib = (/** @type {number} */ n) => `${(n / 1024).toFixed(2)} KiB`;
  console.log(`${route}: JS ${kib(sizes.js)} + CSS ${kib(sizes.css)} = ${kib(sizes.js + sizes.css)} (gzip)`);
  await page.close();
}
await browser.close();
server.close();
