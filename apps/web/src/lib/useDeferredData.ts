import { useDeferredValue } from 'react';

/**
 * A query's answer drawn as a transition, in slices between frames, not in the long task where it
 * arrives (Lighthouse's TBT, issue 38). `waiting` stays true until that drawing starts, so the
 * screen keeps its placeholder meanwhile instead of a state that never was (an empty list).
 */
export function useDeferredData<T>(query: { data: T | undefined; isPending: boolean }) {
  const data = useDeferredValue(query.data);
  return { data, waiting: query.isPending || (query.data !== undefined && data === undefined) };
}
