import type { CellValue } from './values';

/**
 * A cell as JSON (the preview's sample rows travel from the API to the web): a date cell becomes
 * `{ date: ISO }` so it is not mistaken for a text cell that the import would read differently.
 */
export type CellJson = string | number | boolean | null | { date: string };

export const cellToJson = (value: CellValue): CellJson =>
  value instanceof Date ? { date: value.toISOString() } : value;

export const cellFromJson = (value: CellJson): CellValue =>
  value !== null && typeof value === 'object' ? new Date(value.date) : value;
