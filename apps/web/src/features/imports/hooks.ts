import {
  debtorsResource,
  debtsResource,
  type Import,
  importIsActive,
  importsResource,
} from '@cobranzas/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidateResources, resourceQueries } from '../../lib/resourceQueries';

/** How often a running import is asked how far it got. */
export const POLL_MS = 1000;

const imports = resourceQueries(importsResource);

/**
 * One import, asked again every second while it is queued or running. When a real import ends, the
 * debts and debtors it created are new: their lists reload.
 */
export function useImport(id: number | string | null) {
  const client = useQueryClient();
  const query = useQuery({
    ...imports.detail(id ?? ''),
    enabled: id !== null && id !== '',
    refetchInterval: (q) => {
      const data = q.state.data as Import | undefined;
      return data && importIsActive(data.status) ? POLL_MS : false;
    },
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
  const record = query.data;
  const wasActive = useRef(false);
  useEffect(() => {
    if (!record) return;
    const active = importIsActive(record.status);
    if (wasActive.current && !active) {
      void invalidateResources(client, [importsResource]);
      if (!record.dryRun) void invalidateResources(client, [debtsResource, debtorsResource]);
    }
    wasActive.current = active;
  }, [record, client]);
  return query;
}
