/**
 * «Pegar lista» (issue 37): a year's national holidays typed or pasted one per line as
 * «dd/mm/aaaa Nombre» (a dash, colon, semicolon, comma or tab after the date is fine), read into the
 * `days` of judicialHolidaysLoadCall, with each bad line said in Spanish.
 */
import { normalizeLineBreaks, oneLine } from '@cobranzas/shared';
import { formatDate, parseDate } from '../../lib/format';

export type PastedHoliday = { date: string; name: string };
export type PastedList = { days: PastedHoliday[]; errors: string[] };

/** What the API takes at once (judicialHolidaysLoadSchema). */
export const MAX_PASTED_DAYS = 100;
const MAX_NAME = 120;

const LINE = /^\s*(\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})(?:\s*[-–—:;,]\s*|\s+|$)(.*)$/;

export function parseHolidayList(text: string, year: number): PastedList {
  const days: PastedHoliday[] = [];
  const errors: string[] = [];
  const lineOf = new Map<string, number>();
  normalizeLineBreaks(text)
    .split('\n')
    .forEach((raw, index) => {
      const number = index + 1;
      if (raw.trim() === '') return;
      const match = LINE.exec(raw);
      if (!match) {
        errors.push(`Línea ${number}: no empieza con una fecha dd/mm/aaaa («${oneLine(raw).slice(0, 40)}»).`);
        return;
      }
      const typed = match[1] as string;
      const date = /\d{4}$/.test(typed) ? parseDate(typed) : null;
      const name = oneLine(match[2] ?? '');
      if (!date) errors.push(`Línea ${number}: la fecha ${typed} no existe (escríbala como dd/mm/aaaa).`);
      else if (!date.startsWith(`${year}-`))
        errors.push(`Línea ${number}: la fecha ${typed} no es de ${year}.`);
      else if (name === '') errors.push(`Línea ${number}: falta el nombre del feriado después de la fecha.`);
      else if (name.length > MAX_NAME)
        errors.push(`Línea ${number}: el nombre tiene más de ${MAX_NAME} caracteres.`);
      else if (lineOf.has(date))
        errors.push(`Línea ${number}: el ${formatDate(date)} ya está en la línea ${lineOf.get(date)}.`);
      else {
        lineOf.set(date, number);
        days.push({ date, name });
      }
    });
  if (days.length === 0 && errors.length === 0)
    errors.push(`La lista está vacía: escriba un feriado por línea, como «25/12/${year} Navidad».`);
  if (days.length > MAX_PASTED_DAYS)
    errors.push(
      `La lista tiene ${days.length} feriados y se cargan hasta ${MAX_PASTED_DAYS} por vez: divídala.`,
    );
  return { days, errors };
}
