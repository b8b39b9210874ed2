import type { UseQueryResult } from '@tanstack/react-query';
import { Pager } from '../../components/Pager';
import { messageOf } from '../../components/resource/http';
import resource from '../../components/resource/resource.module.css';
import { LoadFailed, TableSkeleton } from '../../components/resource/states';
import { formatDate } from '../../lib/format';
import { formatCount } from '../imports/parts';
import { DEBTS_PAGE, type dryRun } from './api';
import { DebtsTable } from './DebtsTable';
import classes from './strategies.module.css';

type DryRunAnswer = Awaited<ReturnType<typeof dryRun>>;

const debtsWord = (n: number) => `${formatCount(n)} ${n === 1 ? 'deuda' : 'deudas'}`;

/** What a dry run found: how many debts, how many the contact rules keep, and a page of them. */
export function DryRunSection({
  query,
  page,
  onPage,
}: {
  query: UseQueryResult<DryRunAnswer>;
  page: number;
  onPage: (page: number) => void;
}) {
  const answer = query.data;
  let body: React.ReactNode;
  if (query.isError && !answer)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!answer)
    body = (
      <>
        <p className={classes.muted}>Simulando sobre toda la cartera…</p>
        <TableSkeleton rows={4} />
      </>
    );
  else
    body = (
      <>
        <p className={classes.dryRunTotals} aria-live="polite">
          <strong>{debtsWord(answer.total)}</strong> cumplen las condiciones ·{' '}
          <strong>{formatCount(answer.blocked)} bloqueadas por las reglas de contacto</strong> · con las
          cifras del {formatDate(answer.runDate)}
        </p>
        {answer.total === 0 ? (
          <p className={classes.muted}>Hoy ninguna deuda cumple las condiciones: ejecutarla no haría nada.</p>
        ) : (
          <>
            <DebtsTable rows={answer.data} would caption="Deudas que tomaría la estrategia" />
            <Pager
              className={classes.pager}
              label="Páginas de la simulación"
              page={page}
              size={DEBTS_PAGE}
              shown={answer.data.length}
              total={answer.total}
              onPage={onPage}
            />
          </>
        )}
      </>
    );
  return (
    <section
      className={`${resource.card} ${classes.pad}`}
      aria-labelledby="dry-run-title"
      aria-busy={query.isFetching}
    >
      <h2 id="dry-run-title" className={classes.sectionTitle}>
        Simulación (no cambia nada)
      </h2>
      {body}
    </section>
  );
}
