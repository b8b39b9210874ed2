import { describe, expect, it } from 'vitest';
import { sentence } from '../src/text';

describe('sentence: one period at the end, never «S.A..» (issue 32)', () => {
  it('adds the period a sentence lacks', () => {
    expect(sentence('Se cerró la rendición Nº 4 de Edenor')).toBe('Se cerró la rendición Nº 4 de Edenor.');
  });
  it('keeps the period of a name that already ends the sentence', () => {
    expect(sentence('Se cerró la rendición Nº 4 de Frávega S.A.')).toBe(
      'Se cerró la rendición Nº 4 de Frávega S.A.',
    );
    expect(sentence('¿Se guardó?')).toBe('¿Se guardó?');
  });
});
