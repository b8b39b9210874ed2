import { describe, expect, it } from 'vitest';
import { searchFold, searchWords } from '../src/search';

describe('what a search reads (DESIGN.md §11.2)', () => {
  it('«Juárez, Agustina Noelia»: lower case, no accents, the comma only separates', () => {
    expect(searchWords('Juárez, Agustina Noelia')).toEqual(['juarez', 'agustina', 'noelia']);
    expect(searchWords('  ÁLVAREZ RAMÍREZ,Lucas ')).toEqual(['alvarez', 'ramirez', 'lucas']);
    expect(searchWords('Muñoz Güemes')).toEqual(['munoz', 'guemes']);
  });

  it('a DNI or CUIT with dots, dashes or spaces is its digits', () => {
    expect(searchWords('23.842.956')).toEqual(['23842956']);
    expect(searchWords('27-23842956-6')).toEqual(['27238429566']);
    expect(searchWords('27 23842956 6')).toEqual(['27238429566']);
    expect(searchWords('Pérez 21.254.445')).toEqual(['perez', '21254445']);
    expect(searchWords('3.842.956')).toEqual(['3842956']);
  });

  it('other numbers keep their parts: a reference, an invoice, a phone', () => {
    expect(searchWords('LOTE-5-20001')).toEqual(['lote', '5', '20001']);
    expect(searchWords('0001-00012345')).toEqual(['0001', '00012345']);
    expect(searchWords('12ab34-20001')).toEqual(['12ab34', '20001']);
    expect(searchWords('351 584-7753')).toEqual(['351', '584', '7753']);
  });

  it('repeated words once; nothing but marks is no search', () => {
    expect(searchWords('ana ANA Ána')).toEqual(['ana']);
    expect(searchWords(' , - . ')).toEqual([]);
  });

  it('folds marks to spaces, keeps letters and digits', () => {
    expect(searchFold('AB%CD_1')).toBe('ab cd 1');
    expect(searchFold('juan.perez@correo.com.ar')).toBe('juan perez correo com ar');
  });
});
