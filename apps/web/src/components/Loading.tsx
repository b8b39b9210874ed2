import classes from './Loading.module.css';

/** SPEC §2: the full-screen loading screen of the layout while nobody is signed in. */
export function FullScreenLoading() {
  return (
    <div className={classes.fullScreen} role="status" aria-live="polite">
      <span className={classes.spinner} aria-hidden="true" />
      <span>Cargando</span>
    </div>
  );
}

/** SPEC §2: the fallback while a lazily loaded page is on its way. */
export function PageLoading() {
  return (
    <div className={classes.page} role="status" aria-live="polite">
      <span className={classes.spinner} aria-hidden="true" />
      <span>Cargando...</span>
    </div>
  );
}
