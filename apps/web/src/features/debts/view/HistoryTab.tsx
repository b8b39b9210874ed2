import { type DebtHistoryEntry, debtHistoryCall, debtsResource } from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resourceQueries';
import { formatDateTime } from '../common/labels';
import type { TabProps } from './RecordTab';
import { TabSection } from './TabSection';
import classes from './view.module.css';

const KIND_TEXT: Record<DebtHistoryEntry['kind'], string> = {
  CREADA: 'Creó la deuda',
  MODIFICADA: 'Modificó',
  ASIGNADA: 'Asignó en bloque',
};

/** A value; an amount never breaks after its «$». */
function Value({ text }: { text: string | null }) {
  if (text === null) return <span className={classes.muted}>(vacío)</span>;
  return /^(US)?\$ /.test(text) ? <span className={classes.nowrap}>{text}</span> : text;
}

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
              <strong>{entry.userName ?? 'Sistema'}</strong> · {KIND_TEXT[entry.kind]}
            </p>
            {entry.changes.length > 0 ? (
              <ul className={classes.historyChanges}>
                {entry.changes.map((change) => (
                  <li key={change.field}>
                    <span className={classes.muted}>{change.label}:</span>{' '}
                    {entry.kind === 'CREADA' ? (
                      <Value text={change.after} />
                    ) : (
                      <>
                        <Value text={change.before} /> → <Value text={change.after} />
                      </>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </TabSection>
  );
}
