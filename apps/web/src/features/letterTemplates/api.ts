/** The letters' own calls beyond the generic ones (DESIGN.md §10.5), as packages/shared declares them. */
import { debtLetterCall, type LetterPreviewInput, letterPreviewCall } from '@cobranzas/shared';
import { callApi, downloadCall } from '../../lib/call';

/** POST /letter-templates/preview: the merged subject and text (made-up values without a debt). */
export const previewLetter = (input: LetterPreviewInput, signal?: AbortSignal) =>
  callApi(letterPreviewCall, { body: input }, signal);

/** GET /debts/{id}/letters/{code}: the letter as PDF, saved under the server's name. */
export async function downloadLetter(debtId: number, code: string) {
  await downloadCall(debtLetterCall, { params: { id: debtId, code } }, `carta-${code}-${debtId}.pdf`);
}
