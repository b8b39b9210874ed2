/**
 * The document a debtor may attach to a dispute, checked before it is sent: a PDF or a photo (JPG or
 * PNG), up to 5 MB. The API proves the type by the content and answers the same Spanish words; this
 * only spares a useless upload on a phone's data plan.
 */
import { PORTAL_MESSAGES } from '@cobranzas/shared/portal';

/** PORTAL_DOCUMENT_MAX_BYTES (its file pulls zod in, so the number is repeated here and tested). */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** What the file input offers: extensions for desktops, types for phones' pickers. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const NAMES = /\.(pdf|jpe?g|png)$/i;

/** Why the file cannot go (in Spanish), or null. A browser that gives no type is judged by the name. */
export function documentProblem(file: { name: string; type: string; size: number }): string | null {
  if (file.type ? !TYPES.includes(file.type) : !NAMES.test(file.name)) return PORTAL_MESSAGES.documentType;
  if (file.size > DOCUMENT_MAX_BYTES) return PORTAL_MESSAGES.documentTooLarge;
  if (file.size === 0) return 'El archivo está vacío. Elija otro.';
  return null;
}

/** «1,2 MB», «350 KB»: a file's size as the debtor reads it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(Math.round((bytes / (1024 * 1024)) * 10) / 10).toString().replace('.', ',')} MB`;
}
