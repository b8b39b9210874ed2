import { createRequire } from 'node:module';
import { noteText } from '@cobranzas/shared';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * PDFs of the product (receipts, letters, statements) through pdfmake: a declarative layout
 * (paragraphs that wrap, tables, columns) over pdfkit, with the 14 standard fonts, so there is no
 * font file to ship and the WinAnsi encoding covers Spanish (á, ñ, ¿, ¡). Why pdfmake and not
 * pdf-lib or @react-pdf/renderer: docs/decisions.md, «Documentos PDF».
 */
const require = createRequire(import.meta.url);
interface PdfMake {
  setFonts(fonts: object): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}
const pdfmake: PdfMake = require('pdfmake');
pdfmake.setFonts(require('pdfmake/standard-fonts/Helvetica'));
// A document never loads anything by itself: images arrive as data URLs built by the server.
pdfmake.setUrlAccessPolicy(() => false);
// The only local names allowed are the standard fonts', which pdfkit carries itself.
const STANDARD_FONTS = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique']);
pdfmake.setLocalAccessPolicy((name) => STANDARD_FONTS.has(name));

export type { Content, TDocumentDefinitions };

const BASE: Partial<TDocumentDefinitions> = {
  pageSize: 'A4',
  pageMargins: [56, 56, 56, 56],
  defaultStyle: { font: 'Helvetica', fontSize: 10, lineHeight: 1.25 },
  styles: {
    title: { fontSize: 14, bold: true, margin: [0, 0, 0, 8] },
    small: { fontSize: 8, color: '#555555' },
    label: { bold: true },
  },
};

/**
 * Every string of a document without control characters or bidi marks (issue 30, shared text.ts):
 * line breaks stay, for notes and letters' paragraphs; each template makes its one-line fields one
 * line (oneLine) so that no stored value can print a line of its own.
 */
function clean<T>(node: T): T {
  if (typeof node === 'string') return noteText(node) as T;
  if (Array.isArray(node)) return node.map(clean) as T;
  if (node !== null && typeof node === 'object' && Object.getPrototypeOf(node) === Object.prototype)
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, clean(value)])) as T;
  return node;
}

/** The PDF's bytes. `info.title` names the document in the viewer. */
export function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  const { content, info, ...rest } = doc;
  return pdfmake
    .createPdf({
      ...BASE,
      ...rest,
      content: clean(content),
      ...(info ? { info: clean(info) } : {}),
      styles: { ...BASE.styles, ...doc.styles },
    })
    .getBuffer();
}
