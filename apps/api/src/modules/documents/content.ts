import { DOCUMENT_TYPES, extensionOf } from '@cobranzas/shared';
import { fileTypeFromStream } from 'file-type/node';
import type { DocumentStorage } from '../../storage';

const ALLOWED_MIMES = new Set<string>(Object.values(DOCUMENT_TYPES));
/** OLE2 compound files (file-type's "cfb") are also .msi and others: only these names make them Office. */
const LEGACY_OFFICE = { doc: DOCUMENT_TYPES.doc, xls: DOCUMENT_TYPES.xls } as const;

/** The cleaning of a shown name lives in shared (fileNames.ts): the web's rename shows the same. */
export { documentFileName as displayName, extensionOf } from '@cobranzas/shared';
export { ContentProbe } from '../../uploads';

/**
 * The MIME type to store for an upload, decided by its content (magic numbers read back from
 * storage, so Office's zip containers are parsed in full), or null when it is not allowed. The name
 * only tells a .doc from a .xls (same container) and a .csv from plain text.
 */
export async function detectMimeType(
  storage: DocumentStorage,
  key: string,
  fileName: string,
  isText: boolean,
): Promise<string | null> {
  const stream = await storage.get(key);
  let detected: { ext: string; mime: string } | undefined;
  try {
    detected = await fileTypeFromStream(stream);
  } catch {
    detected = undefined;
  } finally {
    stream.destroy();
  }
  const ext = extensionOf(fileName);
  if (detected?.ext === 'cfb') return ext === 'doc' || ext === 'xls' ? LEGACY_OFFICE[ext] : null;
  if (detected) return ALLOWED_MIMES.has(detected.mime) ? detected.mime : null;
  if (isText) return ext === 'csv' ? DOCUMENT_TYPES.csv : DOCUMENT_TYPES.txt;
  return null;
}

/**
 * Content-Disposition for a download: an ASCII fallback (accents stripped) and the exact name in
 * RFC 5987's filename* so browsers keep "Pagaré.pdf" as it was.
 */
export function attachmentHeader(fileName: string): string {
  const fallback = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
