import { MESSAGES } from '@cobranzas/shared';
import type { ReactNode } from 'react';
import classes from './PlaceholderPage.module.css';

/** A screen that a later issue builds: its title and the "not built" notice, no fake data. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className={classes.root} aria-labelledby="page-title">
      <h1 id="page-title" className={classes.title}>
        {title}
      </h1>
      {children}
      <p className={classes.notice}>{MESSAGES.notBuilt}</p>
    </section>
  );
}
