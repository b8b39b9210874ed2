import '../../components/resource/mantineStyles';
import { useAbility } from '@casl/react';
import type { AppAbility } from '@cobranzas/shared';
import { IconMoodHappy } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { messageOf, statusOf } from '../../components/resource/http';
import { ListTable } from '../../components/resource/ListTable';
import { useListParams } from '../../components/resource/listParams';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { ForbiddenState, LoadFailed, TableSkeleton } from '../../components/resource/states';
import { useSession } from '../../lib/useSession';
import { ContactDialog } from '../contacts/ContactDialog';
import { useQueue } from './api';
import { CollectorSelect } from './CollectorSelect';
import { QUEUE_COLUMNS, type QueueRow, queueRowLabel } from './columns';
import classes from './queue.module.css';
import { useRowKeys } from './useRowKeys';
import { WorkingDebt } from './WorkingDebt';

const NO_SORT: readonly string[] = [];
const FILTERS = ['userId'] as const;
const count = new Intl.NumberFormat('es-AR');

export const leftText = (total: number) =>
  total === 1 ? 'Queda 1 para hoy' : `Quedan ${count.format(total)} para hoy`;

/**
 * A collector's queue (GET /queue), best first, paged like the other lists (?page=&limit= in the
 * URL). ↑/↓ move the highlighted row, Enter or a click works it: `onWork`, or by default the
 * one-step contact dialog, which after each contact logged goes on with the next debt of the page
 * (the one logged leaves the queue for today). An ADMIN chooses whose queue (?userId=, default his own).
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
  const { state, update } = useListParams(NO_SORT, FILTERS);
  const userId = admin ? state.filters.userId : undefined;
  const params = useMemo(
    () => ({ page: state.page, limit: state.limit, ...(userId ? { userId } : {}) }),
    [state.page, state.limit, userId],
  );
  const queue = useQueue(params);
  const records = useMemo<QueueRow[]>(
    () => (queue.data?.data ?? []).map((item) => ({ ...item, id: item.debt.id })),
    [queue.data],
  );
  const [working, setWorking] = useState<QueueRow | null>(null);
  const work = useCallback((row: QueueRow) => (onWork ? onWork(row.id) : setWorking(row)), [onWork]);
  /** The debt after the one just logged, as the page listed them (null: the page is done). */
  const next = useCallback(() => {
    setWorking((current) => {
      const at = current ? records.findIndex((row) => row.id === current.id) : -1;
      return records[at + 1] ?? null;
    });
  }, [records]);
  const keys = useRowKeys(records, work, `${state.page}|${state.limit}|${userId ?? ''}`);
  const total = queue.data?.total ?? 0;

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader title={title} actions={actions} />
      {intro ? <div className={classes.intro}>{intro}</div> : null}
      {queue.data ? (
        <p className={classes.left} role="status">
          {leftText(total)}
        </p>
      ) : null}
      <div className={resource.card}>
        <div className={classes.tools}>
          {admin && userData ? (
            <CollectorSelect
              selfId={userData.sub}
              selfName={userData.name}
              value={userId}
              onChange={(next) => update({ filters: { userId: next } })}
            />
          ) : null}
          <p className={classes.hint}>
            Con ↑ y ↓ se elige la deuda; con Enter o un clic se registra la gestión y sigue la próxima.
          </p>
        </div>
        {queue.isPending ? (
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
          <div ref={keys.container} className={classes.queue}>
            <ListTable<QueueRow>
              columns={QUEUE_COLUMNS}
              records={records}
              total={total}
              fetching={queue.isFetching}
              state={state}
              update={update}
              filtered={false}
              label={queueRowLabel}
              onOpen={work}
              rowAttributes={keys.rowAttributes}
            />
          </div>
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
