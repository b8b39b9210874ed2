import { agencyToday, LIST_MAX_LIMIT } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import { saveFile, toCsv } from './csv';
import { fetchList, type ListParams, messageOf } from './http';
import type { ListColumn } from './types';

const count = new Intl.NumberFormat('es-AR');

/**
 * Exports every page of the current filter (the largest pages the API allows) to a CSV file named
 * like `usuarios-2026-11-21.csv`. `progress` is 0–100 while it runs, null otherwise.
 */
export function useExport<T>(
  resource: string,
  params: ListParams,
  columns: readonly ListColumn<T>[],
  name: string,
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
      message: 'Leyendo los registros',
      autoClose: false,
      withCloseButton: false,
    });
    try {
      const records: T[] = [];
      for (let page = 1; ; page++) {
        const answer = await fetchList<T>(resource, { ...params, page, limit: LIST_MAX_LIMIT });
        records.push(...answer.data);
        const done = answer.total ? Math.min(100, Math.round((records.length / answer.total) * 100)) : 100;
        setProgress(done);
        notifications.update({
          id,
          message: `${count.format(records.length)} de ${count.format(answer.total)} registros`,
        });
        if (answer.data.length === 0 || records.length >= answer.total) break;
      }
      const fileName = `${name}-${agencyToday()}.csv`;
      saveFile(toCsv(columns, records), fileName);
      notifications.update({
        id,
        loading: false,
        color: 'green',
        title: 'Exportación lista',
        message: `${count.format(records.length)} registros en ${fileName}`,
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
  }, [resource, params, columns, name]);

  return { run, progress };
}
