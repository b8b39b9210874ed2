import { Skeleton, VisuallyHidden } from '@mantine/core';
import classes from './home.module.css';

/** The first load: grey cards where the figures will be. */
export function DashboardSkeleton() {
  return (
    <div role="status" aria-busy="true" className={classes.body}>
      <VisuallyHidden>Cargando los indicadores…</VisuallyHidden>
      <div className={classes.kpis}>
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Skeleton key={key} height={112} radius="md" />
        ))}
      </div>
      <div className={classes.charts}>
        <Skeleton height={300} radius="md" />
        <Skeleton height={300} radius="md" />
      </div>
    </div>
  );
}
