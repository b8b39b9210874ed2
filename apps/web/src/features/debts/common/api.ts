/** The debt screens' own calls (DESIGN.md §7–§8) beyond plain list/read/save. */
import {
  type Debt,
  type Debtor,
  LIST_MAX_LIMIT,
  type ListResponse,
  type PaymentPlanResult,
  type Quota,
} from '@cobranzas/shared';
import type { AxiosProgressEvent } from 'axios';
import { api } from '../../../lib/api';

export const getDebt = async (id: string | number, signal?: AbortSignal) =>
  (await api.get<Debt>(`/debts/${id}`, { signal })).data;

/** Every debt of the debtor whose DNI or CUIT is `dni` (as far as the user may see). */
export const debtsByDni = async (dni: string, signal?: AbortSignal) =>
  (await api.get<ListResponse<Debt>>(`/debts/dni/${dni}`, { params: { limit: LIST_MAX_LIMIT }, signal }))
    .data;

export const debtorByDni = async (dni: string, signal?: AbortSignal) =>
  (await api.get<Debtor>(`/debtors/dni/${dni}`, { signal })).data;

export const createPlan = async (body: {
  debtId: number;
  installments: number;
  firstDueDate: string;
  total?: string | undefined;
}) => (await api.post<PaymentPlanResult>('/quotas/plan', body)).data;

export const payQuota = async (
  id: number,
  body: { paidAt?: string; method: string; receiptNumber?: string | null },
) => (await api.patch<Quota>(`/quotas/${id}/pay`, body)).data;

export const moraQuota = async (id: number, body: { moraAmount?: string }) =>
  (await api.patch<Quota>(`/quotas/${id}/mora`, body)).data;

/** Multipart upload (fields `file` and `debtId`); `onProgress` gets 0–100. */
export async function uploadDocument(debtId: number, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('debtId', String(debtId));
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
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
