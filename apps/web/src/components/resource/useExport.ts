import { agencyToday, LIST_MAX_LIMIT } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import { downloadFile } from '../../lib/download';
import { saveFile, toCsv } from './csv';
import { fetchList, type ListParams, messageOf } from './http';
import type { ListColumn } from './types';

const count = new Intl.NumberFormat('es-AR');

/** A file the server builds whole (say GET /debts/export's .xlsx): the hook only downloads it. */
export interface ServerFile {
  /** The GET path under /api. */
  path: string;
  /** Its query: the list's search and filters. */
  params?: object;
  /** The name to save it under when the server gives none. */
  fallback: string;
  /** The progress toast's text while the server builds the file. */
  preparing: string;
}

/** The success toast's title and text. */
type Done = { title: string; message: string };

/**
 * Exports with a progress toast that ends as «done» or as the failure's message. `progress` is
 * 0–100 while it runs (0 throughout for a server file, whose size is unknown), null otherwise.
 *
 * - `useExport(resource, params, columns, name)`: every page of the current filter (the largest pages
 *   the API allows) to a CSV file named like `usuarios-2026-11-21.csv`.
 * - `useExport(file)`: the «server file» mode: the server builds the file, the hook downloads it.
 */
export function useExport(file: ServerFile): { run: () => Promise<void>; progress: number | null };
export function useExport<T>(
  resource: string,
  params: ListParams,
  columns: readonly ListColumn<T>[],
  name: string,
): { run: () => Promise<void>; progress: number | null };
export function useExport<T>(
  source: string | ServerFile,
  params?: ListParams,
  columns?: readonly ListColumn<T>[],
  name?: string,
) {
  const [progress, setProgress] = useState<number | null>(null);
  const running = useRef(false);

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setProgress(0);
    const id = notifications.show({
      loading: true,
      title: 'Exportando…',
      message: typeof source === 'string' ? 'Leyendo los registros' : source.preparing,
      autoClose: false,
      withCloseButton: false,
    });
    try {
      const done =
        typeof source === 'string'
          ? await exportPages(source, params ?? {}, columns ?? [], name ?? source, (done, message) => {
              setProgress(done);
              notifications.update({ id, message });
            })
          : await downloadServerFile(source);
      notifications.update({
        id,
        loading: false,
        color: 'green',
        ...done,
        autoClose: 5_000,
        withCloseButton: true,
      });
    } catch (error) {
      notifications.update({
        id,
        loading: false,
        color: 'red',
        title: 'No se pudo exportar',
        message: messageOf(error),
        autoClose: 5_000,
        withCloseButton: true,
      });
    } finally {
      running.current = false;
      setProgress(null);
    }
  }, [source, params, columns, name]);

  return { run, progress };
}

/** Reads every page into a CSV file and saves it, telling `onPage` the percentage and count read. */
async function exportPages<T>(
  resource: string,
  params: ListParams,
  columns: readonly ListColumn<T>[],
  name: string,
  onPage: (done: number, message: string) => void,
): Promise<Done> {
  const records: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchList<T>(resource, { ...params, page, limit: LIST_MAX_LIMIT });
    records.push(...answer.data);
    const done = answer.total ? Math.min(100, Math.round((records.length / answer.total) * 100)) : 100;
    onPage(done, `${count.format(records.length)} de ${count.format(answer.total)} registros`);
    if (answer.data.length === 0 || records.length >= answer.total) break;
  }
  const fileName = `${name}-${agencyToday()}.csv`;
  saveFile(toCsv(columns, records), fileName);
  return {
    title: 'Exportación lista',
    message: `${count.format(records.length)} registros en ${fileName}`,
  };
}

/** Downloads the file the server builds, under the server's name. */
async function downloadServerFile({ path, params, fallback }: ServerFile): Promise<Done> {
  const name = await downloadFile(path, fallback, params);
  return { title: 'Planilla descargada', message: `Se descargó ${name}.` };
}
