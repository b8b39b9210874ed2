import { Button } from '@mantine/core';
import { IconMoodEmpty, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { messageOf } from '../../../components/resource/http';
import { LoadFailed, TableSkeleton } from '../../../components/resource/states';
import classes from './view.module.css';

/** A tab's body: its title and count, the add button when allowed, then the list or its state. */
export function TabSection({
  title,
  count,
  addLabel,
  onAdd,
  query,
  empty,
  extra,
  modals,
  children,
}: {
  title: string;
  count?: number;
  addLabel?: string;
  onAdd?: (() => void) | undefined;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  empty: string | null;
  /** Shown between the header and the list (e.g. a form). */
  extra?: ReactNode;
  /** Dialogs: rendered whatever the list shows (an empty list still opens 'Agregar'). */
  modals?: ReactNode;
  children: ReactNode;
}) {
  let body: ReactNode = children;
  if (query.isPending) body = <TableSkeleton rows={3} />;
  else if (query.isError)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (empty !== null) body = <EmptyTab text={empty} />;
  return (
    <div className={classes.tab}>
      <div className={classes.tabHeader}>
        <h2 className={classes.tabTitle}>
          {title}
          {count !== undefined && !query.isPending ? <span className={classes.count}>{count}</span> : null}
        </h2>
        {onAdd && addLabel ? (
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={onAdd}>
            {addLabel}
          </Button>
        ) : null}
      </div>
      {extra}
      {body}
      {modals}
    </div>
  );
}

export function EmptyTab({ text }: { text: string }) {
  return (
    <div className={classes.empty}>
      <IconMoodEmpty size={32} stroke={1.4} aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
