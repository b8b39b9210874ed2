/**
 * What the start of an uploaded file says: its first bytes (its kind) and, for a CSV, the column
 * delimiter. Shared by the portfolio import (modules/imports) and the rate tables' CSV (rateTables).
 */
import { open } from 'node:fs/promises';

/** Up to `length` bytes from the start of the file at `path` (fewer when the file is shorter). */
export async function firstBytes(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Counts `;`, `,` and tabs outside quotes on the first record; the most frequent is the delimiter. */
export function detectDelimiter(firstRecord: string): ';' | ',' | '\t' {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const c of firstRecord) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ';' || c === ',' || c === '\t')) counts[c]++;
  }
  if (counts['\t'] > counts[';'] && counts['\t'] > counts[',']) return '\t';
  // A tie goes to ";": Spanish Excel writes ";" because "," is the decimal separator.
  return counts[';'] >= counts[','] && counts[';'] > 0 ? ';' : ',';
}
