import { ApiError, api } from './api';

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET `path` (under /api, with the session's token) as a file saved under the server's name, else
 * `fallback`. A failed answer arrives as a blob too: its JSON is read back so the caller shows the
 * server's Spanish message.
 */
export async function downloadFile(path: string, fallback: string): Promise<string> {
  try {
    const response = await api.get<Blob>(path, { responseType: 'blob' });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
    saveBlob(response.data, name);
    return name;
  } catch (error) {
    throw await readBlobError(error);
  }
}

/** The server's JSON error inside a blob answer, as the ApiError a JSON answer would have given. */
export async function readBlobError(error: unknown): Promise<unknown> {
  if (!(error instanceof ApiError) || !(error.data instanceof Blob)) return error;
  try {
    return new ApiError({ status: error.status, data: JSON.parse(await error.data.text()) });
  } catch {
    return error;
  }
}
