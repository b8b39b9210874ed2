import { describe, expect, it } from 'vitest';
import { parseHolidayList } from '../../src/features/jurisdictions/parseHolidays';

describe('«Pegar lista»: holidays typed one per line (issue 37)', () => {
  it('reads «dd/mm/aaaa Nombre» with any usual separator, skipping blank lines', () => {
    const text = [
      '01/01/2026 Año Nuevo',
      '',
      '24/3/2026 - Día Nacional de la Memoria por la Verdad y la Justicia',
      '02/04/2026: Día del Veterano y de los Caídos en la Guerra de Malvinas',
      '25/12/2026\tNavidad  ',
    ].join('\r\n');
    expect(parseHolidayList(text, 2026)).toEqual({
      days: [
        { date: '2026-01-01', name: 'Año Nuevo' },
        { date: '2026-03-24', name: 'Día Nacional de la Memoria por la Verdad y la Justicia' },
        { date: '2026-04-02', name: 'Día del Veterano y de los Caídos en la Guerra de Malvinas' },
        { date: '2026-12-25', name: 'Navidad' },
      ],
      errors: [],
    });
  });

  it('says in Spanish what is wrong with each bad line', () => {
    const text = [
      'Año Nuevo 01/01/2026',
      '31/02/2026 Día imposible',
      '25/05/2025 Revolución de Mayo',
      '09/07/2026',
      '20/06/2026 Paso a la Inmortalidad del General Manuel Belgrano',
      '20/06/2026 Día de la Bandera',
    ].join('\n');
    expect(parseHolidayList(text, 2026).errors).toEqual([
      'Línea 1: no empieza con una fecha dd/mm/aaaa («Año Nuevo 01/01/2026»).',
      'Línea 2: la fecha 31/02/2026 no existe (escríbala como dd/mm/aaaa).',
      'Línea 3: la fecha 25/05/2025 no es de 2026.',
      'Línea 4: falta el nombre del feriado después de la fecha.',
      'Línea 6: el 20/06/2026 ya está en la línea 5.',
    ]);
  });

  it('an empty list, and more than the API takes at once', () => {
    expect(parseHolidayList(' \n ', 2026).errors).toEqual([
      'La lista está vacía: escriba un feriado por línea, como «25/12/2026 Navidad».',
    ]);
    const many = Array.from({ length: 101 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 0, 1 + i));
      return `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/2026 Día ${i + 1}`;
    }).join('\n');
    expect(parseHolidayList(many, 2026).errors).toEqual([
      'La lista tiene 101 feriados y se cargan hasta 100 por vez: divídala.',
    ]);
  });
});
