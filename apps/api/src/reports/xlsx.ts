import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  agencyToday,
  formatCuit,
  LABELS,
  oneLine,
  PROMISE_STATUS_LABELS,
  type PromiseStatus,
  personName,
} from '@cobranzas/shared';
import ExcelJS from 'exceljs';
import { cents, money } from './decimal';

/** One debt as the client-debt report lists it (money as decimal strings, as read from NUMERIC). */
export interface DebtReportRow {
  id: number;
  firstName: string;
  lastName: string;
  dni: string;
  cuit: string | null;
  reference: string | null;
  stage: string;
  collectionType: string | null;
  currency: string;
  originalAmount: string;
  paidAmount: string;
  balance: string;
  /** «Saldo actualizado»: the balance to date on the report's day (the stored balance without rates). */
  updatedBalance: string;
  status: keyof typeof LABELS.debtStatus;
  lastContact: Date | string | null;
  /** The debt's latest promise to pay (issue 18), or null. */
  promise: { dueDate: string; amount: string; status: PromiseStatus } | null;
  /** The client company, when the workbook spans several (a list's export). */
  company?: string;
}

/** `company`: a last column «Compañía» (the other columns keep their letters and formulas). */
export interface WorkbookOptions {
  company?: boolean;
}

/** Excel shows these with the reader's separators: 1.234,56 in an es-AR Excel. */
const MONEY_FORMAT: Record<string, string> = { ARS: '"$" #,##0.00', USD: '"US$" #,##0.00' };
const OTHER_MONEY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'dd/mm/yyyy';
/**
 * One style object per format, shared by every cell that has it: ExcelJS remembers the style id of
 * an object it has seen, where a numFmt set cell by cell is a new style to serialize and look up
 * each time (writing 100k rows took ≈ 10 % longer).
 */
const MONEY_STYLE: Record<string, Partial<ExcelJS.Style>> = Object.fromEntries(
  Object.entries(MONEY_FORMAT).map(([currency, numFmt]) => [currency, { numFmt }]),
);
const OTHER_MONEY_STYLE: Partial<ExcelJS.Style> = { numFmt: OTHER_MONEY_FORMAT };
const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: DATE_FORMAT };
const AMOUNTS = ['originalAmount', 'paidAmount', 'balance', 'updatedBalance'] as const;

const COLUMNS = [
  { header: 'Deudor', key: 'debtor', width: 32 },
  { header: 'DNI', key: 'dni', width: 12 },
  { header: 'CUIT/CUIL', key: 'cuit', width: 16 },
  { header: 'Referencia', key: 'reference', width: 18 },
  { header: 'Etapa', key: 'stage', width: 14 },
  { header: 'Tipo de cobranza', key: 'collectionType', width: 22 },
  { header: 'Moneda', key: 'currency', width: 8 },
  { header: 'Importe original', key: 'originalAmount', width: 18 },
  { header: 'Pagado', key: 'paidAmount', width: 18 },
  { header: 'Saldo', key: 'balance', width: 18 },
  { header: 'Saldo actualizado', key: 'updatedBalance', width: 18 },
  { header: 'Estado', key: 'status', width: 14 },
  { header: 'Último contacto', key: 'lastContact', width: 16 },
  { header: 'Promesa de pago', key: 'promiseDate', width: 16 },
  { header: 'Monto prometido', key: 'promiseAmount', width: 18 },
  { header: 'Estado de la promesa', key: 'promiseStatus', width: 20 },
];
/** Letters of the currency and amount columns, for the totals' formulas. */
const CURRENCY_COL = 'G';
const AMOUNT_COLS = { originalAmount: 'H', paidAmount: 'I', balance: 'J', updatedBalance: 'K' } as const;

const ZERO_TOTALS = (): Record<(typeof AMOUNTS)[number], bigint> => ({
  originalAmount: 0n,
  paidAmount: 0n,
  balance: 0n,
  updatedBalance: 0n,
});

type LegacyWritable = NodeJS.EventEmitter & { _writableState?: { needDrain?: boolean } };

/** Resolves on 'drain', or when `out` closes (a client that left never drains anything). */
async function drained(emitter: NodeJS.EventEmitter, out: Writable) {
  if (out.destroyed) return;
  const abort = new AbortController();
  const { signal } = abort;
  await Promise.race([once(emitter, 'drain', { signal }), once(out, 'close', { signal })]).finally(() =>
    abort.abort(),
  );
}

/**
 * ExcelJS's streaming writer into `out` (rows are committed as they are added, so memory stays flat),
 * its zip's failures ending `out`, and one sheet with a bold, frozen header row of `columns`.
 */
export function streamingSheet(out: Writable, sheetName: string, columns: Partial<ExcelJS.Column>[]) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Cobranzas';
  (workbook as unknown as { zip: NodeJS.EventEmitter }).zip.on('error', (error: Error) => out.destroy(error));
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  const head = sheet.getRow(1);
  head.font = { bold: true };
  head.commit();
  return { workbook, sheet };
}

/**
 * Backpressure between pages. ExcelJS writes the sheet's XML into the zip's input without waiting,
 * so: give the event loop a turn (PGlite answers without one, and zlib runs on it), then wait while
 * the zip's input or `out` holds more than its high-water mark. The zip's input is ExcelJS 4.4's
 * internal pipe; if it is not found, only `out` is watched.
 */
export async function keepUp(sheet: unknown, out: Writable) {
  await new Promise((resolve) => setImmediate(resolve));
  const zipInput = (sheet as { stream?: { pipes?: LegacyWritable[] } }).stream?.pipes?.[0];
  // A readable-stream 2 PassThrough: no writableNeedDrain getter, the flag is in its state.
  if (zipInput?._writableState?.needDrain) await drained(zipInput, out);
  if (out.writableNeedDrain) await drained(out, out);
}

/** A day at the agency as an Excel date (ExcelJS writes Dates as UTC serials). */
function excelDay(instant: Date | string): Date {
  const day = agencyToday(new Date(instant));
  return new Date(`${day}T00:00:00Z`);
}

/**
 * Writes the client-debt workbook to `out` with ExcelJS's streaming writer: each row is committed
 * (serialized and released) as soon as it is added, so memory does not grow with the row count.
 * `batches` yields the rows in pages; between pages it waits for `out` to drain. Totals are exact
 * (BigInt cents) and written as SUMIF formulas with that result cached, one row per currency.
 */
export async function writeClientDebtWorkbook(
  out: Writable,
  batches: AsyncIterable<DebtReportRow[]>,
  options: WorkbookOptions = {},
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Cobranzas';
  // ExcelJS listens to its zip's errors only while finishing; before that one would crash the process.
  (workbook as unknown as { zip: NodeJS.EventEmitter }).zip.on('error', (error: Error) => out.destroy(error));
  const sheet = workbook.addWorksheet('Deudas', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.autoFilter = options.company ? 'A1:Q1' : 'A1:P1';
  sheet.columns = options.company ? [...COLUMNS, { header: 'Compañía', key: 'company', width: 28 }] : COLUMNS;
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  const totals = new Map<string, Record<(typeof AMOUNTS)[number], bigint>>();
  let count = 0;
  for await (const batch of batches) {
    if (out.destroyed) throw new Error('el cliente cerró la conexión');
    for (const debt of batch) {
      const row = sheet.addRow({
        debtor: oneLine(personName(debt)),
        dni: debt.dni,
        cuit: debt.cuit ? formatCuit(debt.cuit) : null,
        reference: debt.reference && oneLine(debt.reference),
        stage: debt.stage,
        collectionType: debt.collectionType ?? 'Sin tipo',
        currency: debt.currency,
        originalAmount: Number(debt.originalAmount),
        paidAmount: Number(debt.paidAmount),
        balance: Number(debt.balance),
        updatedBalance: Number(debt.updatedBalance),
        status: LABELS.debtStatus[debt.status],
        lastContact: debt.lastContact ? excelDay(debt.lastContact) : null,
        promiseDate: debt.promise ? new Date(`${debt.promise.dueDate}T00:00:00Z`) : null,
        promiseAmount: debt.promise ? Number(debt.promise.amount) : null,
        promiseStatus: debt.promise ? PROMISE_STATUS_LABELS[debt.promise.status] : null,
        ...(options.company ? { company: debt.company && oneLine(debt.company) } : {}),
      });
      const style = MONEY_STYLE[debt.currency] ?? OTHER_MONEY_STYLE;
      for (const key of AMOUNTS) row.getCell(key).style = style;
      row.getCell('lastContact').style = DATE_STYLE;
      row.getCell('promiseDate').style = DATE_STYLE;
      row.getCell('promiseAmount').style = style;
      row.commit();
      const sum = totals.get(debt.currency) ?? ZERO_TOTALS();
      for (const key of AMOUNTS) sum[key] += cents(debt[key]);
      totals.set(debt.currency, sum);
      count++;
    }
    await keepUp(sheet, out);
  }

  const last = count + 1;
  if (totals.size === 0) totals.set('ARS', ZERO_TOTALS());
  for (const [currency, sum] of totals) {
    const row = sheet.addRow({ debtor: `Total ${currency} (${count} deudas)`, currency });
    for (const key of AMOUNTS) {
      const cell = row.getCell(key);
      const column = AMOUNT_COLS[key];
      const result = Number(money(sum[key]));
      cell.value =
        count === 0
          ? result
          : {
              formula: `SUMIF(${CURRENCY_COL}2:${CURRENCY_COL}${last},"${currency}",${column}2:${column}${last})`,
              result,
            };
      // Not a shared style: `row.font` below would make every amount in the sheet bold.
      cell.numFmt = MONEY_FORMAT[currency] ?? OTHER_MONEY_FORMAT;
    }
    row.font = { bold: true };
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
