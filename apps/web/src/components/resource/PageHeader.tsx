import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './resource.module.css';

/** The page's h1 (the title the routes and tests know), an optional badge, and its action buttons. */
export function PageHeader({
  title,
  badge,
  actions,
}: {
  title: string;
  badge?: string;
  actions?: ReactNode;
}) {
  return (
    // A div, not <header>: only the top bar is the page's banner.
    <div className={classes.header}>
      <div className={classes.titleRow}>
        <h1 id="page-title" className={classes.title}>
          {title}
        </h1>
        {badge ? (
          <Badge variant="light" color="gray" size="lg" radius="sm">
            {badge}
          </Badge>
        ) : null}
      </div>
      {actions ? <div className={classes.actions}>{actions}</div> : null}
    </div>
  );
}
