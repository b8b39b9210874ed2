import { startTransition, useEffect, useState } from 'react';

/** Rows a long table draws with the rest of its screen; a screenful and some. */
export const FIRST_ROWS = 30;

/**
 * A long list drawn in two steps: its first `first` items with the screen, the rest right after, as a
 * transition that React renders in slices between frames. An agency's 200 collectors drawn at once
 * were one long task on arrival (Lighthouse's TBT, issue 38); a short list is drawn at once.
 */
export function useProgressive<T>(items: readonly T[], first = FIRST_ROWS): readonly T[] {
  const [all, setAll] = useState(false);
  const long = items.length > first;
  useEffect(() => {
    if (long && !all) startTransition(() => setAll(true));
  }, [long, all]);
  return all || !long ? items : items.slice(0, first);
}
