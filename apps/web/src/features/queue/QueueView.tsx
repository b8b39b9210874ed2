import '../../components/resource/mantineStyles';
import { useAbility } from '@casl/react';
import type { AppAbility } from '@cobranzas/shared';
import { Alert } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMoodHappy } from '@tabler/icons-react';
import { type ReactNode, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Pager } from '../../components/Pager';
import { messageOf, statusOf } from '../../components/resource/http';
import { useListParams } from '../../components/resource/listParams';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { ForbiddenState, LoadFailed, TableSkeleton } from '../../components/resource/states';
import { PHONE_UP } from '../../lib/breakpoints';
import { useSession } from '../../lib/useSession';
import { ContactDialog } from '../contacts/ContactDialog';
import { Alternatives } from './Alternatives';
import { useQueue } from './api';
import { CollectorSelect } from './CollectorSelect';
import { notCallableColumns, QUEUE_COLUMNS, type QueueRow } from './columns';
import { QueueCards } from './QueueCards';
import { QueueTable } from './QueueTable';
import classes from './queue.module.css';
import { useRowKeys } from './useRowKeys';
import { WorkingDebt } from './WorkingDebt';

const NO_SORT: readonly string[] = [];
const FILTERS = ['userId'] as const;
const NONE: QueueRow[] = [];
const count = new Intl.NumberFormat('es-AR');

export const leftText = (total: number) =>
  total === 1 ? 'Queda 1 para hoy' : `Quedan ${count.format(total)} para hoy`;

/** «12 se pueden llamar ahora · 35 no»: said only when some cannot. */
export function splitText(total: number, callable: number) {
  const other = total - callable;
  if (other <= 0) return null;
  const now = callable === 1 ? '1 se puede llamar ahora' : `${count.format(callable)} se pueden llamar ahora`;
  return `${now} · ${count.format(other)} ${other === 1 ? 'necesita' : 'necesitan'} otra gestión`;
}

/**
 * A collector's queue (GET /queue), paged like the other lists (?page=&limit= in the URL). The API
 * lists the debts that can be called now first (DESIGN.md §11.2); a page shows them as a table worked
 * with the keys (↑/↓ move the highlighted row, Enter or a click opens the one-step contact dialog,
 * which after each contact goes on with the next callable debt of the page), then those that cannot
 * be called now, each with why and what can still be done. Under 576 px both are cards, without keys.
 * An ADMIN chooses whose queue (?userId=, default his own).
 */
export function QueueView({
  title = 'Mi cola',
  onWork,
  actions,
  intro,
}: {
  title?: string;
  onWork?: ((debtId: number) => void) | undefined;
  /** Beside the title (e.g. a link to the dashboard). */
  actions?: ReactNode;
  /** Above the queue (the start page puts the day's promises there). */
  intro?: ReactNode;
}) {
  const navigate = useNavigate();
  const { userData } = useSession();
  const admin = useAbility<AppAbility>().can('manage', 'all');
  const phone = !useMediaQuery(PHONE_UP, true, { getInitialValueInEffect: false });
  const { state, update } = useListParams(NO_SORT, FILTERS);
  const userId = admin ? state.filters.userId : undefined;
  const params = useMemo(
    () => ({ page: state.page, limit: state.limit, ...(userId ? { userId } : {}) }),
    [state.page, state.limit, userId],
  );
  const queue = useQueue(params);
  // What arrives is drawn as a transition, in slices between frames: a page of the queue (its rows'
  // actions and menus) was one long task (Lighthouse's TBT, issue 38).
  const data = useDeferredValue(queue.data);
  const records = useMemo<QueueRow[]>(
    () => (data?.data ?? []).map((item) => ({ ...item, id: item.debt.id })),
    [data],
  );
  const callable = useMemo(() => records.filter((row) => row.callableNow), [records]);
  const others = useMemo(() => records.filter((row) => !row.callableNow), [records]);
  const [working, setWorking] = useState<QueueRow | null>(null);
  const work = useCallback((row: QueueRow) => (onWork ? onWork(row.id) : setWorking(row)), [onWork]);
  /** The next callable debt of the page after the one just logged (null: none left, the dialog closes). */
  const next = useCallback(() => {
    setWorking((current) => {
      const at = current ? callable.findIndex((row) => row.id === current.id) : -1;
      return at < 0 ? null : (callable[at + 1] ?? null);
    });
  }, [callable]);
  const keys = useRowKeys(phone ? NONE : callable, work, `${state.page}|${state.limit}|${userId ?? ''}`);
  const total = data?.total ?? 0;
  const callableTotal = data?.callableTotal ?? total;
  const columns = useMemo(
    () => notCallableColumns((row) => <Alternatives row={row} onWork={work} />),
    [work],
  );
  const split = splitText(total, callableTotal);
  const chooser = admin && Boolean(userData);
  // No keys on a phone, nor when nothing on the page can be called.
  const hint = !phone && callable.length > 0;

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader title={title} actions={actions} />
      {intro ? <div className={classes.intro}>{intro}</div> : null}
      {data ? (
        <div className={classes.summary}>
          <p className={classes.left} role="status">
            {leftText(total)}
          </p>
          {split ? <p className={classes.split}>{split}</p> : null}
        </div>
      ) : queue.isPending || queue.data ? (
        // Room for the summary's two lines while the queue loads: the list under it does not move.
        <div className={classes.summary} aria-hidden="true">
          <p className={classes.left}>{'\u00a0'}</p>
          <p className={classes.split}>{'\u00a0'}</p>
        </div>
      ) : null}
      <div className={resource.card}>
        {chooser || hint ? (
          <div className={classes.tools}>
            {chooser && userData ? (
              <CollectorSelect
                selfId={userData.sub}
                selfName={userData.name}
                value={userId}
                onChange={(next) => update({ filters: { userId: next } })}
              />
            ) : null}
            {hint ? (
              <p className={classes.hint}>
                Con ↑ y ↓ se elige la deuda; con Enter o un clic se registra la gestión y sigue la próxima.
              </p>
            ) : null}
          </div>
        ) : null}
        {queue.isPending || (queue.data && !data) ? (
          <TableSkeleton />
        ) : queue.isError && statusOf(queue.error) === 403 ? (
          <ForbiddenState />
        ) : queue.isError ? (
          <div className={resource.notice}>
            <LoadFailed message={messageOf(queue.error)} onRetry={() => void queue.refetch()} />
          </div>
        ) : total === 0 && !queue.isFetching ? (
          <div className={resource.empty}>
            <IconMoodHappy size={36} stroke={1.4} aria-hidden="true" />
            <p className={resource.emptyTitle}>No hay deudas para trabajar ahora.</p>
            <p className={resource.emptyText}>
              ¡Buen trabajo! Una deuda gestionada hoy vuelve mañana si todavía necesita gestión.
            </p>
          </div>
        ) : (
          <>
            {callableTotal === 0 ? (
              <Alert color="orange" variant="light" className={classes.noneCallable}>
                Ahora no se puede llamar a ninguna:{' '}
                {total === 1 ? 'la que queda espera' : 'las que quedan esperan'} otra gestión (abajo, con qué
                se puede hacer).
              </Alert>
            ) : null}
            {callable.length > 0 ? (
              <section aria-labelledby="cola-llamables">
                <h2 id="cola-llamables" className={classes.part}>
                  Para llamar ahora ({count.format(callableTotal)})
                </h2>
                {phone ? (
                  <QueueCards records={callable} onWork={work} />
                ) : (
                  <div ref={keys.container} className={classes.queue}>
                    <QueueTable
                      caption="Para llamar ahora"
                      columns={QUEUE_COLUMNS}
                      records={callable}
                      fetching={queue.isFetching}
                      onOpen={work}
                      rowAttributes={keys.rowAttributes}
                    />
                  </div>
                )}
              </section>
            ) : null}
            {others.length > 0 ? (
              <section aria-labelledby="cola-no-llamables">
                <h2 id="cola-no-llamables" className={classes.part}>
                  No se pueden llamar ahora ({count.format(total - callableTotal)})
                </h2>
                {phone ? (
                  <QueueCards records={others} onWork={work} />
                ) : (
                  <QueueTable
                    caption="No se pueden llamar ahora"
                    columns={columns}
                    records={others}
                    fetching={queue.isFetching}
                  />
                )}
              </section>
            ) : null}
            <Pager
              label="Páginas de la cola"
              className={classes.pager}
              page={state.page}
              size={state.limit}
              shown={records.length}
              total={total}
              onPage={(page) => update({ page })}
            />
          </>
        )}
      </div>
      <ContactDialog
        debtId={working?.id ?? 0}
        opened={working !== null}
        onClose={() => setWorking(null)}
        onLogged={next}
        header={
          working ? <WorkingDebt row={working} onOpen={() => navigate(`/debts/view/${working.id}`)} /> : null
        }
      />
    </section>
  );
}
