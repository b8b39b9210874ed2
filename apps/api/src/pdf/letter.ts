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
export function letterPdf({ agency, title, text, qr = null }: LetterDocument): Promise<Buffer> {
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
  return renderPdf({
    info: { title: title || 'Carta', author: agency.name || 'Agencia de cobranzas' },
    content: [letterhead(agency), ...(title ? [{ text: title, style: 'title' } as Content] : []), ...body],
    footer: (page, pages) =>
      pages > 1 ? { text: `Página ${page} de ${pages}`, style: 'small', alignment: 'center' } : null,
  });
}
