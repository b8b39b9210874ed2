/** es-AR display formats for the screens and the CSV export. */
import { AGENCY_TIME_ZONE, formatCuit, formatDni, formatMoney } from '@cobranzas/shared';

/** 23842956 → 23.842.956, 27238429566 → 27-23842956-6, on every screen (issue 32). */
export { formatCuit, formatDni, formatMoney };

const DAY = new Intl.DateTimeFormat('es-AR', {
  timeZone: AGENCY_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** 'YYYY-MM-DD' → 'dd/mm/aaaa' (no time zone involved); an ISO instant → its day in Argentina. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) return `${plain[3]}/${plain[2]}/${plain[1]}`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DAY.format(date);
}

/** 'dd/mm/aaaa' (or d/m/aaaa) → 'YYYY-MM-DD', or null when it is no real date. */
export function parseDate(value: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(value);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const PERCENT = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 });

/** "12.50" → "12,5 %". */
export function formatPercent(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // Intl formats decimal strings exactly; the typings only admit numbers.
  return `${PERCENT.format(value as unknown as number)} %`;
}

/** "12.50" → "12,5", the way a person types it back into the form. */
export function percentForInput(value: string | null | undefined): string {
  return value ? PERCENT.format(value as unknown as number).replace(/\./g, '') : '';
}

/** The CUIT as it is typed: digits only, dashes put in as they come (XX-XXXXXXXX-X). */
export function maskCuit(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 11);
  if (digits.length <= 2) return digits;
  if (digits.length <= 10) return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}

/** 'Activo'/'Inactivo', or 'Activa'/'Inactiva' for a feminine noun (compañía). */
export const activeLabel = (active: boolean, feminine = false) =>
  `${active ? 'Activ' : 'Inactiv'}${feminine ? 'a' : 'o'}`;

const SIZE = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });
/** A file's size in es-AR: «512 B», «12,3 KB», «4,5 MB». */
export function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${SIZE.format(bytes / 1024)} KB`;
  return `${SIZE.format(bytes / 1024 / 1024)} MB`;
}
