/**
 * How a search reads what was typed (DESIGN.md §11.2, contract): accents and case do not matter,
 * words go in any order, commas and other marks only separate words, each word matches the start of
 * a word («agus juar» finds «Juárez, Agustina Noelia»), and a DNI/CUIT written with dots, dashes or
 * spaces is its digits («23.842.956», «27-23842956-6»). The database folds the stored text with the
 * same letters (search_fold, migration 0026); test/search.test.ts keeps the two alike.
 */

/** Accented letters and what they fold to (upper and lower case: PGlite lowers only ASCII). */
export const SEARCH_FOLD_FROM = 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ';
export const SEARCH_FOLD_TO = 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyyy';

const FOLD = new Map([...SEARCH_FOLD_FROM].map((letter, i) => [letter, SEARCH_FOLD_TO[i] as string]));

/** Lower case without accents; anything but a-z and 0-9 is a space. */
export function searchFold(text: string): string {
  return [...text]
    .map((letter) => FOLD.get(letter) ?? letter)
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ');
}

/**
 * A DNI (23.842.956, 3 842 956) or a CUIT (27-23842956-6) written with dots, dashes or spaces. Only
 * these shapes are joined: «LOTE-5-20001» or «0001-00012345» are words of a reference, kept apart.
 */
const WRITTEN_ID = /(?<![0-9a-z])(?:\d{1,2}[.\s]\d{3}[.\s]\d{3}|\d{2}[-.\s]\d{7,8}[-.\s]\d)(?![0-9a-z])/gi;

/** The words of a search, folded, without repeats; a written DNI/CUIT is its digits. Empty: no search. */
export function searchWords(text: string): string[] {
  const joined = text.replace(WRITTEN_ID, (id) => id.replace(/\D/g, ''));
  return [...new Set(searchFold(joined).split(' ').filter(Boolean))];
}
