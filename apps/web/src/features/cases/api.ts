/** The case screens' own calls (issue 37): the liquidation sheet, a step's document. */
import { caseLiquidationCall } from '@cobranzas/shared';
import { downloadCall } from '../../lib/call';
import { uploadDocument } from '../debts/common/api';

/** GET /cases/{id}/liquidation?date=: the liquidation sheet, saved under the server's name. */
export const downloadLiquidation = (caseId: number, date: string) =>
  downloadCall(
    caseLiquidationCall,
    { params: { id: caseId }, query: { date } },
    `liquidacion-${caseId}-${date}.pdf`,
  );

/** A document of a case's step: still the debt's document, with the step's id (multipart `caseStepId`). */
export const uploadStepDocument = (
  debtId: number,
  caseStepId: number,
  file: File,
  onProgress: (percent: number) => void,
) => uploadDocument(debtId, file, onProgress, { caseStepId });
