import Holidays from 'date-holidays';

/**
 * Argentina's national holidays of a year from date-holidays (its AR data follows each year's decrees):
 * the public holidays, Holy Thursday (a non-working day) and the tourist bridge days (Ley 27.399);
 * not Christmas Eve nor New Year's Eve, which are not national days off. docs/decisions.md «Calendario
 * judicial».
 */
export function nationalHolidays(year: number): { date: string; name: string }[] {
  const days = new Holidays('AR').getHolidays(year) || [];
  const taken = new Map<string, string>();
  for (const day of days) {
    const national =
      day.type === 'public' ||
      day.type === 'bank' ||
      (day.type === 'optional' && day.name.startsWith('Día no laborable'));
    const date = day.date.slice(0, 10);
    if (national && !taken.has(date)) taken.set(date, day.name.slice(0, 120));
  }
  return [...taken].map(([date, name]) => ({ date, name }));
}
