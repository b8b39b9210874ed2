/** The import screens' own calls (DESIGN.md §10.1) beyond the generic list and read. */
import { type ImportMapping, type ImportPreview, importsResource } from '@cobranzas/shared';
import type { AxiosProgressEvent } from 'axios';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/download';

const percentOf = (onProgress?: (percent: number) => void) =>
  onProgress
    ? (event: AxiosProgressEvent) =>
        onProgress(event.total ? Math.round((event.loaded / event.total) * 100) : 0)
    : undefined;

/** POST /imports/preview: headers, first rows and suggested mapping of the file (imports nothing). */
export async function previewImport(
  { file, companyId }: { file: File; companyId: string },
  onProgress?: (percent: number) => void,
) {
  const form = new FormData();
  form.append('companyId', companyId);
  form.append('file', file);
  const progress = percentOf(onProgress);
  const { data } = await api.post<ImportPreview>(`/${importsResource.path}/preview`, form, {
    ...(progress ? { onUploadProgress: progress } : {}),
  });
  return data;
}

export type ImportRequest = { file: File; companyId: string; mapping: ImportMapping; dryRun: boolean };

/** POST /imports: queues the import (or its validation, `dryRun`) → its id (202). */
export async function startImport(
  { file, companyId, mapping, dryRun }: ImportRequest,
  onProgress?: (percent: number) => void,
) {
  const form = new FormData();
  form.append('companyId', companyId);
  form.append('dryRun', String(dryRun));
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', file);
  const progress = percentOf(onProgress);
  const { data } = await api.post<{ id: number; status: 'QUEUED' }>(`/${importsResource.path}`, form, {
    ...(progress ? { onUploadProgress: progress } : {}),
  });
  return data;
}

/** DELETE /imports/{id}: cancels a queued or running import (409 once it ended). */
export async function cancelImport(id: number) {
  await api.delete(`/${importsResource.path}/${id}`);
}

/** GET /imports/{id}/errors: the rejected and warned rows as .xlsx, saved under its name. */
export async function downloadImportErrors(id: number) {
  const { data } = await api.get<Blob>(`/${importsResource.path}/${id}/errors`, { responseType: 'blob' });
  saveBlob(data, `importacion-${id}-errores.xlsx`);
}
