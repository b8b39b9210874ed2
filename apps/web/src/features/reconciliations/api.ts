/** Money in's own calls (DESIGN.md §11.4) beyond the generic lists and reads. */
import {
  type ImportPreview,
  type ReconciliationProfile,
  reconciliationProfilesResource,
  reconciliationsResource,
  type StatementField,
} from '@cobranzas/shared';
import type { AxiosProgressEvent } from 'axios';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/download';

const percentOf = (onProgress?: (percent: number) => void) =>
  onProgress
    ? {
        onUploadProgress: (e: AxiosProgressEvent) =>
          onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
      }
    : {};

/** POST /reconciliations/preview: headers, first rows and the suggested columns (stores nothing). */
export async function previewStatement(file: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.post<ImportPreview>(
    `/${reconciliationsResource.path}/preview`,
    form,
    percentOf(onProgress),
  );
  return data;
}

/** POST /reconciliation-profiles: a bank's profile from the mapping step. */
export async function createBankProfile(name: string, mapping: Partial<Record<StatementField, string>>) {
  const { data } = await api.post<ReconciliationProfile>(`/${reconciliationProfilesResource.path}`, {
    name,
    source: 'BANCO',
    mapping,
  });
  return data;
}

/** POST /reconciliations: the file read and matched by a job → its id (202). */
export async function uploadStatement(file: File, profileId: number, onProgress?: (percent: number) => void) {
  const form = new FormData();
  // The profile first: the server reads the fields that come before the file.
  form.append('profileId', String(profileId));
  form.append('file', file);
  const { data } = await api.post<{ id: number; status: 'QUEUED' }>(
    `/${reconciliationsResource.path}`,
    form,
    percentOf(onProgress),
  );
  return data;
}

/** GET /reconciliations/{id}/pending: what is left to reconcile, as .xlsx. */
export async function downloadPending(id: number) {
  const { data } = await api.get<Blob>(`/${reconciliationsResource.path}/${id}/pending`, {
    responseType: 'blob',
  });
  saveBlob(data, `conciliacion-${id}-pendientes.xlsx`);
}
