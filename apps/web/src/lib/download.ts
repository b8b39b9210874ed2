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

/** The file name the server gives in Content-Disposition (`filename*=UTF-8''…` or `filename="…"`), or `fallback`. */
export function fileNameOf(disposition: unknown, fallback: string): string {
  if (typeof disposition !== 'string') return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * GET `path` (under /api, with the session's token; `params` as its query) as a file saved under the
 * server's name, else `fallback`; returns the name. A failed answer arrives as a blob too: its JSON is
 * read back, so the caller shows the server's Spanish message (an ApiError like a JSON answer's).
 */
export async function downloadFile(path: string, fallback: string, params?: object): Promise<string> {
  try {
    const response = await api.get<Blob>(path, { params, responseType: 'blob' });
    const name = fileNameOf(response.headers['content-disposition'], fallback);
    saveBlob(response.data, name);
    return name;
  } catch (error) {
    throw await readBlobError(error);
  }
}

/** The server's JSON error inside a blob answer, as the ApiError a JSON answer would have given. */
async function readBlobError(error: unknown): Promise<unknown> {
  if (!(error instanceof ApiError) || !(error.data instanceof Blob)) return error;
  try {
    return new ApiError({ status: error.status, data: JSON.parse(await error.data.text()) });
  } catch {
    return error;
  }
}
