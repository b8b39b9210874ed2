import { z } from 'zod';
import { MESSAGES } from '../messages';
import { defineResource } from '../resource';
import { idFilter, timestamps } from './common';

/** Documents are uploaded as multipart (file + debtId or debtorId); this is their metadata. */
export const documentSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int().nullable(),
  debtorId: z.number().int().nullable(),
  /** A court case's step it documents (issue 37); still the debt's document. */
  caseStepId: z.number().int().nullable(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedBy: z.number().int().nullable(),
  uploadedByName: z.string().nullable(),
  ...timestamps,
});
export type DebtDocument = z.infer<typeof documentSchema>;
/** A new name: cleaned by the API as an upload's is (documentFileName), not refused for what it drops. */
export const documentUpdateSchema = z.object({
  fileName: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(200, { error: MESSAGES.tooLong(200) }),
});
/**
 * What the upload route (multipart POST /documents) creates once the file is stored; never a JSON
 * body, so the generic create is not offered.
 */
export const documentCreateSchema = z.object({
  debtId: z.number().int().nullable(),
  debtorId: z.number().int().nullable(),
  caseStepId: z.number().int().nullable(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  storageKey: z.string(),
});
/** Listed, read, renamed and deleted by the generic calls; created only by the upload. */
export const documentsResource = defineResource({
  path: 'documents',
  label: 'documentos',
  item: documentSchema,
  create: documentCreateSchema,
  update: documentUpdateSchema,
  sortable: ['id', 'fileName', 'createdAt'],
  filters: { debtId: idFilter, debtorId: idFilter, caseStepId: idFilter },
  operations: ['list', 'read', 'update', 'delete'],
});
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * The files a document may be, by extension, with the type the server stores. The server checks the
 * content (magic numbers; text only when it is UTF-8 without NULs), never just the name.
 */
export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  txt: 'text/plain',
  csv: 'text/csv',
} as const;
/** For `<input type="file" accept=…>`. */
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');
