import { DOCUMENT_TYPES } from './schemas/documents';

/** The longest document name stored (documents.file_name). */
export const FILE_NAME_MAX = 200;

/** "informe.PDF" → "pdf"; undefined when the name has no extension. */
export const extensionOf = (fileName: string) => /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase();

/**
 * Characters a shown name must not carry: C0 and C1 controls and DEL (no place in a name or a
 * header), line and paragraph separators, and the invisible formatting ones that make a name read
 * other than it is: bidi embeddings and overrides (U+202A–U+202E, "factura\u202Efdp.exe" shows as
 * "factura exe.pdf"), bidi isolates (U+2066–U+2069), direction marks (U+200E, U+200F, U+061C),
 * zero-width space, word joiner and byte-order mark.
 */
const HIDDEN = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b\u2060\ufeff]/gu;

/**
 * The name to show and store for a document, as given at upload or rename: the last path segment,
 * without hidden characters (above), trimmed, at most 200 characters keeping the extension, and with
 * the type's extension when it has none. Server and web apply the same cleaning; the bytes live
 * under a generated key, so the name is only ever shown and sent back in headers.
 */
export function documentFileName(raw: string | undefined, mimeType: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  let name = base.normalize('NFC').replace(HIDDEN, '').trim();
  if (!extensionOf(name)) {
    const ext = Object.entries(DOCUMENT_TYPES).find(([, mime]) => mime === mimeType)?.[0];
    name = `${name || 'documento'}${ext ? `.${ext}` : ''}`;
  }
  if (name.length <= FILE_NAME_MAX) return name;
  const ext = extensionOf(name);
  const suffix = ext ? `.${ext}` : '';
  return `${name.slice(0, FILE_NAME_MAX - suffix.length)}${suffix}`;
}
