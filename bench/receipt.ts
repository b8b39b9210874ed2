/**
 * Receipts under load (issue 17, DESIGN.md §10.5), per database:
 *
 *   node --import tsx bench/receipt.ts [--db postgres,pglite] [--receipts 300] [--database-url URL]
 *
 * (also a case of `npm run bench`). The real app in this process (buildApp, as the tests start it)
 * on a fresh database with the agency's data and a 200×100 PNG logo; N payments, then
 * GET /api/payments/{id}/receipt through app.inject one after the other — first prints (each takes
 * its number: counter, receipt row and audit in its transaction) and then reprints of the same
 * payments — and, for scale, the PDF alone (receiptDocument + renderPdf, no database, no HTTP).
 * Sequential on purpose: the budget is receipts per second on one core, not under concurrency.
 * It prints its figures and rewrites its own section of bench/RESULTS.md (unless --no-write);
 * run.ts puts the same section in the file it writes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import { cuitCheckDigit } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { seed } from '../apps/api/src/db/seed';
import { loadAgency } from '../apps/api/src/pdf/letterhead';
import { receiptDocument } from '../apps/api/src/pdf/receipt';
import { renderPdf } from '../apps/api/src/pdf/render';
import { cliArg, writeSection } from './api';

export type ReceiptDbKind = 'pglite' | 'postgres';

/** Issue 17's budget: receipts per second on one core. */
export const RECEIPT_BUDGET_PER_SECOND = 50;

export interface ReceiptBenchResult {
  kind: ReceiptDbKind;
  receipts: number;
  /** First prints: number taken, receipt row, audit and PDF. */
  first: Rate;
  /** The same receipts again: read and rendered. */
  again: Rate;
  /** receiptDocument + renderPdf alone. */
  renderOnly: Rate;
  /** Average size of a receipt with the logo. */
  bytes: number;
}
interface Rate {
  /** Receipts per second of wall time, one after the other. */
  perSecond: number;
  /**
   * Receipts per second of this process's CPU (process.cpuUsage, every thread: PGlite's worker
   * included, not PostgreSQL's server): what one core does, less sensitive to a shared machine.
   */
  perCpuSecond: number;
  p50: number;
  p99: number;
}

const ADMIN_PASSWORD = 'clave-bench-recibos';

/** A CRC-32 (PNG chunks), by table: Node 20's zlib has no crc32. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A 200×100 RGB PNG drawn like a logo (flat colours: a white field, a navy band, a teal square and
 * a diagonal stripe), so it compresses as real logos do (≈ 1 KB). `noisy`: every pixel different,
 * ≈ 40 KB, the worst case for the PNG reader (pdfkit's png-js copies the image data byte by byte).
 */
export function benchLogo(noisy = false, width = 200, height = 100): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const band = y > 35 && y < 65;
      const square = x > 10 && x < 50 && y > 20 && y < 80;
      const stripe = Math.abs(x - y * 2) < 4;
      const [r, g, b] = noisy
        ? [band ? 20 : 255 - x, band ? 60 : 120 + (y % 64), band ? 140 : (x * y) % 256]
        : square
          ? [0, 128, 128]
          : stripe
            ? [200, 30, 40]
            : band
              ? [20, 40, 110]
              : [255, 255, 255];
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function companyCuit(): string {
  for (let n = 10_000_000 + Math.floor(Math.random() * 80_000_000); ; n++) {
    const firstTen = `30${n}`;
    const check = cuitCheckDigit(firstTen);
    if (check !== null) return `${firstTen}${check}`;
  }
}

function multipart(file: Buffer) {
  const boundary = `----bench${randomBytes(6).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
  return response;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

/** Runs `step` for each item in turn: receipts per second and the latency's p50/p99 in ms. */
async function rate<T>(items: T[], step: (item: T) => Promise<unknown>): Promise<Rate> {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const item of items) {
    const t0 = performance.now();
    await step(item);
    times.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  times.sort((a, b) => a - b);
  return {
    perSecond: items.length / seconds,
    perCpuSecond: items.length / cpuSeconds,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
  };
}

async function benchOne(
  kind: ReceiptDbKind,
  receipts: number,
  databaseUrl: string,
): Promise<ReceiptBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cobranzas-bench-receipts-'));
  let drop = async () => {};
  let url: string | undefined;
  if (kind === 'postgres') {
    const name = `cobranzas_bench_receipts_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const target = new URL(databaseUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    drop = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_ALIAS: 'admin',
    ADMIN_PASSWORD,
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const database = await createDatabase(config, { memory: true });
  try {
    await database.migrate();
    await seed(database.db, config, () => {});
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { alias: 'admin', password: ADMIN_PASSWORD },
      });
      const token = JSON.parse(login.body).access_token as string;
      await call(app, token, 'PUT', '/api/agency', {
        name: 'Estudio Jurídico Cobranzas del Sur S.R.L.',
        cuit: companyCuit(),
        address: 'Av. Colón 1234, piso 3, oficina B',
        city: 'Córdoba',
        phone: '0351 422-1234',
        email: 'recibos@cobranzasdelsur.com.ar',
      });
      const logo = multipart(benchLogo());
      await app.inject({
        method: 'PUT',
        url: '/api/agency/logo',
        headers: { authorization: `Bearer ${token}`, ...logo.headers },
        payload: logo.payload,
      });
      const company = JSON.parse(
        (
          await call(app, token, 'POST', '/api/companies', {
            name: 'Banco Austral S.A.',
            cuit: companyCuit(),
          })
        ).body,
      );
      const debtor = JSON.parse(
        (
          await call(app, token, 'POST', '/api/debtors', {
            dni: '23456789',
            firstName: 'María Inés',
            lastName: 'Fernández de la Colina',
          })
        ).body,
      );
      const debt = JSON.parse(
        (
          await call(app, token, 'POST', '/api/debts', {
            companyId: company.id,
            debtorId: debtor.id,
            reference: 'TC-0045-889123',
            originalAmount: '999999999.00',
          })
        ).body,
      );
      const ids: number[] = [];
      for (let i = 0; i < receipts; i++) {
        const payment = await call(app, token, 'POST', '/api/payments', {
          debtId: debt.id,
          amount: `${1000 + i * 37}.${String(i % 100).padStart(2, '0')}`,
          paidAt: '2026-11-02',
          method: 'TRANSFERENCIA',
          notes: 'Pago a cuenta según lo conversado por teléfono.',
        });
        ids.push(JSON.parse(payment.body).id);
      }
      let bytes = 0;
      const print = async (id: number) => {
        const response = await call(app, token, 'GET', `/api/payments/${id}/receipt`);
        bytes += response.rawPayload.length;
      };
      // One first print outside the measure: pdfmake's fonts and the route's code warm up.
      await print(ids.shift() as number);
      bytes = 0;
      const first = await rate(ids, print);
      const size = bytes / ids.length;
      const again = await rate(ids, print);
      const agency = await loadAgency(database.db);
      const content = {
        number: 42,
        issuedAt: new Date(),
        kind: 'payment' as const,
        paidAt: '2026-11-02',
        amount: '1234.56',
        currency: 'ARS' as const,
        method: 'TRANSFERENCIA' as const,
        bank: null,
        account: null,
        externalNumber: null,
        notes: 'Pago a cuenta según lo conversado por teléfono.',
        debtor: { lastName: 'Fernández de la Colina', firstName: 'María Inés', dni: '23456789', cuit: null },
        debt: { id: 1, reference: 'TC-0045-889123' },
        company: 'Banco Austral S.A.',
        remaining: '8765.44',
        quota: null,
      };
      const renderOnly = await rate(ids, () => renderPdf(receiptDocument(agency, content)));
      return { kind, receipts: ids.length, first, again, renderOnly, bytes: size };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchReceipts(
  kinds: ReceiptDbKind[],
  { receipts = 300, databaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres' } = {},
): Promise<ReceiptBenchResult[]> {
  const results: ReceiptBenchResult[] = [];
  for (const kind of kinds) {
    console.log(`\n== recibos en ${kind} ==`);
    const result = await benchOne(kind, receipts, databaseUrl);
    console.log(receiptLines([result]).join('\n'));
    results.push(result);
  }
  return results;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('es-AR', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function receiptLines(results: ReceiptBenchResult[]): string[] {
  const cell = (r: Rate) =>
    `${fmt(r.perSecond)} (${fmt(r.perCpuSecond)} por s de CPU) | ${fmt(r.p50, 1)} / ${fmt(r.p99, 1)}`;
  const lines = [
    '| base | recibos | primera impresión: recibos/s | p50 / p99 ms | reimpresión: recibos/s | p50 / p99 ms | solo el PDF: recibos/s | tamaño |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results)
    lines.push(
      `| ${r.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${r.receipts} | ${cell(r.first)} | ${cell(r.again)} | ${fmt(r.renderOnly.perSecond)} (${fmt(r.renderOnly.perCpuSecond)} por s de CPU) | ${fmt(r.bytes / 1024, 1)} KB |`,
    );
  return lines;
}

/** Budgets not met, as run.ts lists them. */
export function receiptUnmet(results: ReceiptBenchResult[]): string[] {
  return results
    .filter((r) => Math.min(r.first.perSecond, r.again.perSecond) < RECEIPT_BUDGET_PER_SECOND)
    .map(
      (r) =>
        `Recibos en ${r.kind}: ${fmt(Math.min(r.first.perSecond, r.again.perSecond))} por segundo (presupuesto ≥ ${RECEIPT_BUDGET_PER_SECOND}).`,
    );
}

export const RECEIPT_SECTION_TITLE = '## Recibos en PDF (issue 17)';

export function receiptMarkdown(results: ReceiptBenchResult[]): string {
  return [
    RECEIPT_SECTION_TITLE,
    '',
    `Carga de la máquina (1 min) al terminar: ${os.loadavg()[0]?.toFixed(1)} en ${os.cpus().length} núcleos.`,
    '',
    `GET /api/payments/{id}/receipt por app.inject, de a uno (un núcleo), con los datos y un logo PNG de 200×100 (colores planos, ≈ 1 KB) de la agencia; presupuesto ≥ ${RECEIPT_BUDGET_PER_SECOND} recibos/s. La primera impresión toma el número (contador, fila del recibo y auditoría en su transacción); la reimpresión lo lee. «Solo el PDF»: receiptDocument + renderPdf sin base ni HTTP.`,
    '',
    ...receiptLines(results),
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const kinds = cliArg('db', 'postgres,pglite').split(',').filter(Boolean) as ReceiptDbKind[];
  const results = await benchReceipts(kinds, {
    receipts: Number(cliArg('receipts', '300')),
    databaseUrl: cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/postgres'),
  });
  console.log(`\n${receiptMarkdown(results)}`);
  if (!argv.includes('--no-write'))
    console.log(`Escrito en ${writeSection(RECEIPT_SECTION_TITLE, receiptMarkdown(results))}`);
  const unmet = receiptUnmet(results);
  if (unmet.length) console.log(unmet.join('\n'));
}
