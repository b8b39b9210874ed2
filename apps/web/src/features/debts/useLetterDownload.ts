import { lettersResource } from '@cobranzas/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useDownload } from '../../components/resource/useDownload';
import { invalidateResources } from '../../lib/resourceQueries';
import { downloadLetter } from '../letterTemplates/api';

/**
 * A letter of one debt as PDF, with today's balance (DESIGN.md §10.5), as «Cartas» on the debt file
 * and «Generar carta» in the queue both download it: `download(code)`, `busy` meanwhile. The API
 * records each letter sent: the debt's «Cartas» tab reloads.
 */
export function useLetterDownload(debtId: number) {
  const client = useQueryClient();
  const { run, busy } = useDownload('No se pudo emitir la carta', async (code: string) => {
    await downloadLetter(debtId, code);
    void invalidateResources(client, [lettersResource]);
  });
  return { download: run, busy };
}
