import { extractText } from 'unpdf';

/** A PDF's text with its line breaks as spaces (a long sentence wraps anywhere), and its pages. */
export async function pdfPages(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const { text, totalPages } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}
