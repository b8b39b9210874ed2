/** The debt screens' own calls (DESIGN.md §7–§8) beyond plain list/read/save. */
import {
  type CallInput,
  type Debt,
  type Debtor,
  type DebtStageChange,
  type DebtStatusChange,
  type DebtSummary,
  LIST_MAX_LIMIT,
  type ListResponse,
  paymentPlanCall,
  quotaMoraCall,
  quotaPayCall,
  quotaPaymentUndoCall,
} from '@cobranzas/shared';
import type { AxiosProgressEvent } from 'axios';
import { api } from '../../../lib/api';
import { callApi } from '../../../lib/call';
import { saveBlob } from '../../../lib/download';

/** One call: the debt moves and the API records the "Cambio de etapa" Gestión in the same transaction. */
export const changeStage = async (id: number, body: DebtStageChange) =>
  (await api.patch<Debt>(`/debts/${id}/stage`, body)).data;

/** One call: the debt's status changes and the API records the "Cambio de estado" Gestión. */
export const changeStatus = async (id: number, body: DebtStatusChange) =>
  (await api.patch<Debt>(`/debts/${id}/status`, body)).data;

/** Count and amounts of everything GET /debts lists with these filters (all pages). */
export const debtSummary = async (params: Record<string, unknown>, signal?: AbortSignal) =>
  (await api.get<DebtSummary>('/debts/summary', { params, signal })).data;

/** Every debt of the debtor whose DNI or CUIT is `dni` (as far as the user may see). */
export const debtsByDni = async (dni: string, signal?: AbortSignal) =>
  (await api.get<ListResponse<Debt>>(`/debts/dni/${dni}`, { params: { limit: LIST_MAX_LIMIT }, signal }))
    .data;

export const debtorByDni = async (dni: string, signal?: AbortSignal) =>
  (await api.get<Debtor>(`/debtors/dni/${dni}`, { signal })).data;

/** The plan's quotas, created in one transaction (the debt becomes EN_CONVENIO). */
export const createPlan = (body: CallInput<typeof paymentPlanCall>['body']) =>
  callApi(paymentPlanCall, { body });

export const payQuota = (id: number, body: CallInput<typeof quotaPayCall>['body']) =>
  callApi(quotaPayCall, { params: { id }, body });

/** Undoes a quota's payment: the payment is reversed and the quota is payable again (one transaction). */
export const undoQuotaPayment = (id: number) => callApi(quotaPaymentUndoCall, { params: { id } });

export const moraQuota = (id: number, body: CallInput<typeof quotaMoraCall>['body']) =>
  callApi(quotaMoraCall, { params: { id }, body });

/**
 * Multipart upload (fields `file` and `debtId`, plus `caseStepId` for a court case's step, issue 37);
 * `onProgress` gets 0–100.
 */
export async function uploadDocument(
  debtId: number,
  file: File,
  onProgress: (percent: number) => void,
  extra: { caseStepId?: number } = {},
) {
  const form = new FormData();
  form.append('debtId', String(debtId));
  if (extra.caseStepId !== undefined) form.append('caseStepId', String(extra.caseStepId));
  form.append('file', file);
  const { data } = await api.post('/documents', form, {
    onUploadProgress: (event: AxiosProgressEvent) =>
      onProgress(event.total ? Math.round((event.loaded / event.total) * 100) : 0),
  });
  return data;
}

/** Downloads a document as a blob and saves it under its own name. */
export async function downloadDocument(id: number, fileName: string) {
  const { data } = await api.get<Blob>(`/documents/${id}/file`, { responseType: 'blob' });
  saveBlob(data, fileName);
}
