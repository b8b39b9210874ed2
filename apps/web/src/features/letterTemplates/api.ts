/** The letters' own calls beyond the generic ones (DESIGN.md §10.5). */
import {
  type LetterPreviewInput,
  type LetterPreviewResult,
  letterTemplatesResource,
} from '@cobranzas/shared';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** POST /letter-templates/preview: the merged subject and text (made-up values without a debt). */
export async function previewLetter(input: LetterPreviewInput, signal?: AbortSignal) {
  const { data } = await api.post<LetterPreviewResult>(`/${letterTemplatesResource.path}/preview`, input, {
    signal,
  });
  return data;
}

/** GET /debts/{id}/letters/{code}: the letter as PDF, saved under the server's name. */
export async function downloadLetter(debtId: number, code: string) {
  await downloadFile(`/debts/${debtId}/letters/${encodeURIComponent(code)}`, `carta-${code}-${debtId}.pdf`);
}
