/** The day's print batch (issue 36): the letters waiting, a new batch, a batch's PDF. */
import {
  letterBatchCreateCall,
  letterBatchFileCall,
  letterQueueCall,
  letterQueueSchema,
} from '@cobranzas/shared';
import { callApi, downloadCall } from '../../lib/call';

const UNEXPECTED = 'La respuesta del servidor no tiene el formato esperado.';

/** GET /letter-batches/waiting: the letters strategies queued and no batch took yet, by template. */
export async function fetchWaiting(signal?: AbortSignal) {
  const parsed = letterQueueSchema.safeParse(await callApi(letterQueueCall, {}, signal));
  if (!parsed.success) throw new Error(UNEXPECTED);
  return parsed.data;
}

/** POST /letter-batches: a batch of up to LETTER_BATCH_MAX waiting letters, printed by a job (409: none). */
export const printBatch = () => callApi(letterBatchCreateCall, {});

/** GET /letter-batches/{id}/file: the batch's PDF, saved under the server's name. */
export const downloadBatch = (id: number) =>
  downloadCall(letterBatchFileCall, { params: { id } }, `lote-de-cartas-${id}.pdf`);
