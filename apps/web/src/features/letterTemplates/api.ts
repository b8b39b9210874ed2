/** The letters' own calls beyond the generic ones (DESIGN.md §10.5). */
import {
  type LetterPreviewInput,
  type LetterPreviewResult,
  letterTemplatesResource,
} from '@cobranzas/shared';
import { ApiError, api } from '../../lib/api';
import { saveBlob } from '../../lib/download';

/** POST /letter-templates/preview: the merged subject and text (made-up values without a debt). */
export async function previewLetter(input: LetterPreviewInput, signal?: AbortSignal) {
  const { data } = await api.post<LetterPreviewResult>(`/${letterTemplatesResource.path}/preview`, input, {
    signal,
  });
  return data;
}

/** The file name the server gives in Content-Disposition, or `fallback`. */
function fileNameOf(disposition: unknown, fallback: string): string {
  if (typeof disposition !== 'string') return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/** A refused download answers JSON inside the blob: its Spanish message, when there is one. */
async function blobMessage(error: unknown): Promise<string | undefined> {
  if (!(error instanceof ApiError) || !(error.data instanceof Blob)) return undefined;
  try {
    const body: unknown = JSON.parse(await error.data.text());
    return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : undefined;
  } catch {
    return undefined;
  }
}

/** GET /debts/{id}/letters/{code}: the letter as PDF, saved under the server's name. */
export async function downloadLetter(debtId: number, code: string) {
  try {
    const response = await api.get<Blob>(`/debts/${debtId}/letters/${encodeURIComponent(code)}`, {
      responseType: 'blob',
    });
    saveBlob(
      response.data,
      fileNameOf(response.headers['content-disposition'], `carta-${code}-${debtId}.pdf`),
    );
  } catch (error) {
    const message = await blobMessage(error);
    throw message ? new Error(message) : error;
  }
}
