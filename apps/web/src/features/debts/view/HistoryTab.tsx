import { debtHistoryCall, debtsResource } from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resourceQueries';
import { formatDateTime } from '../common/labels';
import { CHANGE_KIND_TEXT, ChangeList } from './ChangeList';
import type { TabProps } from './RecordTab';
import { TabSection } from './TabSection';
import classes from './view.module.css';

/** «Historial» (issue 32): who changed what on the debt and when, newest first. Staff only. */
export function HistoryTab({ debt }: TabProps) {
  const query = useQuery({
    queryKey: [...resourceKeys(debtsResource).detail(debt.id), 'history'],
    queryFn: ({ signal }) => callApi(debtHistoryCall, { params: { id: debt.id } }, signal),
  });
  const entries = query.data?.data ?? [];
  return (
    <TabSection
      title="Historial de cambios"
      count={entries.length}
      query={query}
      empty={entries.length === 0 ? 'Todavía no hay cambios registrados.' : null}
    >
      <ol className={classes.history} aria-label="Historial de cambios">
        {entries.map((entry) => (
          <li key={entry.id} className={classes.historyEntry}>
            <p className={classes.historyHead}>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ·{' '}
              <strong>{entry.userName ?? 'Sistema'}</strong> · {CHANGE_KIND_TEXT[entry.kind]}
            </p>
            <ChangeList changes={entry.changes} created={entry.kind === 'CREADA'} />
          </li>
        ))}
      </ol>
    </TabSection>
  );
}
