import { useDownload } from '../../components/resource/useDownload';
import { downloadLetter } from '../letterTemplates/api';

/**
 * A letter of one debt as PDF, with today's balance (DESIGN.md §10.5), as «Cartas» on the debt file
 * and «Generar carta» in the queue both download it: `download(code)`, `busy` meanwhile.
 */
export function useLetterDownload(debtId: number) {
  const { run, busy } = useDownload('No se pudo emitir la carta', (code: string) =>
    downloadLetter(debtId, code),
  );
  return { download: run, busy };
}
