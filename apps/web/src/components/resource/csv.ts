/**
 * CSV for Excel in es-AR: UTF-8 with a BOM (or Excel reads the accents as Latin-1), ';' between
 * cells (',' is the decimal separator there) and CRLF line ends.
 */

import { saveBlob } from '../../lib/download';
import type { ListColumn } from './types';

/** A cell quoted when it needs to be; text that Excel would run as a formula is defused with a quote. */
export function csvCell(value: string): string {
  const looksLikeNumber = /^-?[\d.,\s$%]+$/.test(value);
  const safe = /^[=+\-@\t\r]/.test(value) && !looksLikeNumber ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function cellText<T>(column: ListColumn<T>, record: T): string {
  if (column.text) return column.text(record);
  const value = (record as Record<string, unknown>)[column.accessor];
  return value === null || value === undefined ? '' : String(value);
}

export function toCsv<T>(columns: readonly ListColumn<T>[], records: T[]): string {
  const exported = columns.filter((column) => !column.noExport);
  const lines = [
    exported.map((column) => csvCell(column.title)),
    ...records.map((record) => exported.map((column) => csvCell(cellText(column, record)))),
  ];
  return `\uFEFF${lines.map((cells) => cells.join(';')).join('\r\n')}\r\n`;
}

/** Hands a file to the browser as a download. */
export function saveFile(content: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([content], { type }), fileName);
}
