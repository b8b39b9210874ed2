import { MESSAGES } from '@cobranzas/shared';
import { useRouteError } from 'react-router';
import classes from './RouteError.module.css';

/** SPEC §8: any routing error (failed chunk, render error) shows the fixed text. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className={classes.root} role="alert">
      <p>{MESSAGES.routingError}</p>
    </div>
  );
}
