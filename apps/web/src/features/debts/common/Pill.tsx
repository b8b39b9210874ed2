import type { ReactNode } from 'react';
import classes from './common.module.css';
import type { Tone } from './labels';

/** A status label with its own AA-contrast colours (Mantine's light badges fail on white). */
export function Pill({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={classes.pill} data-tone={tone}>
      {children}
    </span>
  );
}
