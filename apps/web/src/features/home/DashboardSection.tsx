import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './home.module.css';

/**
 * How tall a dashboard table may grow before it scrolls inside its card. Its section's loading block
 * has this same height: with a long list (an agency's 200 collectors) the card keeps the size it had
 * while loading, and nothing under it moves (Lighthouse's layout shift, docs/performance.md).
 */
export const TABLE_FRAME_HEIGHT = '20rem';

/**
 * A card of the dashboard with a table: its title, then the table (or what stands for it). The
 * region the title names is the table's frame, not the card: one region per card, not two alike.
 */
export function DashboardSection({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={classes.collectors}>
      <h2 id={titleId} className={classes.chartTitle}>
        {title}
      </h2>
      {children}
    </div>
  );
}

/**
 * The table within its bounded height: it scrolls inside (its header stays), and it takes the focus
 * so that the keyboard scrolls it too. `minWidth`: below it the table scrolls sideways (a phone).
 */
export function TableFrame({
  labelledBy,
  minWidth,
  children,
}: {
  labelledBy: string;
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <section
      className={classes.tableFrame}
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
      tabIndex={0}
      style={{ maxHeight: TABLE_FRAME_HEIGHT, ['--table-frame-min-width' as string]: minWidth }}
    >
      {children}
    </section>
  );
}

/** While the section's call runs: a block as tall as its full table. */
export function TableFrameLoading({ label }: { label: string }) {
  return <Skeleton height={TABLE_FRAME_HEIGHT} radius="sm" role="status" aria-label={label} />;
}
