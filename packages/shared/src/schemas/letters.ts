import './zodConfig';
import { z } from 'zod';
import { defineCall } from '../call';
import { defineResource } from '../resource';
import {
  dateSchema,
  idFilter,
  idParamsSchema,
  idSchema,
  optionalDate,
  partialUpdate,
  requiredText,
} from './common';
import { IMPORT_STATUSES } from './imports';

/**
 * Letters sent (issue 32) and what issue 36 adds: a letter recorded as a carta documento (the post's
 * number, the day it was sent and the day it was delivered: the fehaciente demand the judicial issue
 * reads for prescription), and the day's print batch of the letters strategies queued.
 */

export const LETTER_MESSAGES = {
  deliveredBeforeSent: 'La entrega no puede ser anterior al envío.',
  nothingWaiting: 'No hay cartas en espera de impresión.',
  batchNotReady: 'El lote todavía no está impreso.',
  cartaDocumento: 'Carta documento',
} as const;

/** The template code a carta documento recorded by hand (not printed here) is kept under. */
export const CARTA_DOCUMENTO_CODE = 'carta-documento';

export const letterSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  templateCode: z.string(),
  templateName: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
  /** A carta documento: its number at the post, sent and delivered days (null: not one, or not yet). */
  cdNumber: z.string().nullable(),
  sentOn: z.string().nullable(),
  deliveredOn: z.string().nullable(),
});
export type Letter = z.infer<typeof letterSchema>;

const cdNumberSchema = requiredText(30);

/** A carta documento sent outside (Correo Argentino's own form or its online service). */
export const letterCreateSchema = z.object({
  debtId: idSchema,
  cdNumber: cdNumberSchema,
  sentOn: dateSchema,
  deliveredOn: optionalDate,
});
/** A letter printed here, recorded as sent by carta documento (or its delivery, once known). */
export const letterUpdateSchema = partialUpdate(
  z.object({ cdNumber: cdNumberSchema, sentOn: dateSchema, deliveredOn: optionalDate }),
);

export const lettersResource = defineResource({
  path: 'letters',
  label: 'cartas enviadas',
  item: letterSchema,
  create: letterCreateSchema,
  update: letterUpdateSchema,
  sortable: ['at', 'id'],
  filters: { debtId: idFilter },
  operations: ['list', 'read', 'create', 'update'],
  searchable: false,
});

// ——— The day's print batch ———

export const letterBatchSchema = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  letters: z.number().int(),
  error: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type LetterBatch = z.infer<typeof letterBatchSchema>;

export const letterBatchesResource = defineResource({
  path: 'letter-batches',
  label: 'lotes de cartas',
  item: letterBatchSchema,
  sortable: ['createdAt', 'id'],
  operations: ['list', 'read'],
  searchable: false,
});

/** The letters a batch prints at most: the rest wait for the next one. */
export const LETTER_BATCH_MAX = 1000;

export const letterQueueSchema = z.object({
  waiting: z.number().int(),
  byTemplate: z.array(
    z.object({ templateCode: z.string(), templateName: z.string(), letters: z.number().int() }),
  ),
});

export const letterQueueCall = defineCall({
  method: 'GET',
  path: '/letter-batches/waiting',
  tag: letterBatchesResource.label,
  summary: 'Cartas en espera de impresión, por modelo',
  answer: letterQueueSchema,
  errors: { 403: 'Un usuario de empresa cliente no imprime cartas.' },
});

export const letterBatchCreateCall = defineCall({
  method: 'POST',
  path: '/letter-batches',
  tag: letterBatchesResource.label,
  summary: `Imprimir las cartas en espera en un PDF (hasta ${LETTER_BATCH_MAX} por lote), con su lista`,
  answer: letterBatchSchema,
  status: 201,
  errors: { 403: 'Un usuario de empresa cliente no imprime cartas.', 409: LETTER_MESSAGES.nothingWaiting },
});

export const letterBatchFileCall = defineCall({
  method: 'GET',
  path: '/letter-batches/:id/file',
  tag: letterBatchesResource.label,
  summary: 'El PDF del lote: la lista y una carta tras otra, cada una desde una página nueva',
  params: idParamsSchema,
  answer: { file: 'application/pdf', description: 'El PDF del lote' },
  errors: { 404: 'El lote no existe.', 409: LETTER_MESSAGES.batchNotReady },
});
