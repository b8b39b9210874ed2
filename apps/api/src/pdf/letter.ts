import { PORTAL_QR_MARK } from '@cobranzas/shared';
import { type Agency, letterhead } from './letterhead';
import { type Content, renderPdf } from './render';

export interface LetterDocument {
  agency: Agency;
  /** The template's subject, merged: the letter's title (none when empty). */
  title: string;
  /** The merged body: paragraphs separated by blank lines, line breaks kept within them. */
  text: string;
  /** The debtor portal's link: a paragraph that is only PORTAL_QR_MARK prints it as a QR code. */
  qr?: string | null;
}

/** Paragraphs of the merged text: split at blank lines, each keeping its own line breaks. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/^\n+|\s+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
}

/**
 * A letter as PDF (DESIGN.md §10.5): the agency's letterhead, the subject as title and the body,
 * each paragraph wrapping within the margins (justified prose, left-aligned blocks of lines), a line between paragraphs; a page count
 * at the foot when it takes more than one page.
 */
/** A letter's content: letterhead, title, paragraphs (the portal's QR where its mark stands). */
function letterContent({ agency, title, text, qr = null }: LetterDocument): Content[] {
  const body: Content[] = paragraphs(text).map((paragraph) =>
    qr && paragraph.trim() === PORTAL_QR_MARK
      ? ({ qr, fit: 110, margin: [0, 0, 0, 10] } as Content)
      : {
          text: paragraph,
          // Justified prose; a block of short lines (an address, a signature) stays left-aligned.
          alignment: paragraph.includes('\n') ? 'left' : 'justify',
          margin: [0, 0, 0, 10],
        },
  );
  return [letterhead(agency), ...(title ? [{ text: title, style: 'title' } as Content] : []), ...body];
}

export function letterPdf(letter: LetterDocument): Promise<Buffer> {
  return renderPdf({
    info: { title: letter.title || 'Carta', author: letter.agency.name || 'Agencia de cobranzas' },
    content: letterContent(letter),
    footer: (page, pages) =>
      pages > 1 ? { text: `Página ${page} de ${pages}`, style: 'small', alignment: 'center' } : null,
  });
}

/** A line of a batch's list: which letter goes to whom. */
export interface BatchLine {
  debtor: string;
  document: string;
  address: string;
  company: string;
  reference: string;
  template: string;
}

/**
 * The day's print batch (issue 36): a list of the letters first (to check the envelopes against),
 * then each letter from a new page, as the single letter prints it.
 */
export function letterBatchPdf(
  agency: Agency,
  heading: string,
  lines: readonly BatchLine[],
  letters: readonly LetterDocument[],
): Promise<Buffer> {
  const list: Content = {
    table: {
      headerRows: 1,
      widths: [18, '*', 70, '*', 70, 60],
      body: [
        ['N.º', 'Deudor', 'Documento', 'Domicilio', 'Compañía / referencia', 'Carta'].map((text) => ({
          text,
          style: 'label',
        })),
        ...lines.map((line, index) => [
          String(index + 1),
          line.debtor,
          line.document,
          line.address || '—',
          `${line.company}\n${line.reference}`,
          line.template,
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
  } as Content;
  return renderPdf({
    info: { title: heading, author: agency.name || 'Agencia de cobranzas' },
    content: [
      letterhead(agency),
      { text: heading, style: 'title' },
      { text: `${lines.length} ${lines.length === 1 ? 'carta' : 'cartas'}.`, margin: [0, 0, 0, 8] },
      list,
      ...letters.flatMap((letter) => {
        const [first, ...rest] = letterContent(letter);
        return [{ stack: [first as Content], pageBreak: 'before' } as Content, ...rest];
      }),
    ],
    footer: (page, pages) => ({ text: `Hoja ${page} de ${pages}`, style: 'small', alignment: 'center' }),
  });
}
