import type { ReactNode } from 'react';

/** What a table says when it has no rows and no emptyState of its own. */
export const NO_RECORDS_TEXT = 'Sin registros';

/** Fills mantine-datatable's empty-state box when it must say nothing (a truthy, empty element). */
function Nothing() {
  return null;
}

/**
 * Empty-state props for every DataTable. mantine-datatable always renders its empty state, only
 * hidden (opacity 0) while there are rows, so its text ("No records" by default) would sit in the
 * page text and be read by screen readers under a full table: with rows (or while loading) the box
 * stays empty; without them it says `empty`, or "Sin registros".
 */
export function emptyStateProps(shown: boolean, empty?: ReactNode) {
  return {
    noRecordsText: NO_RECORDS_TEXT,
    emptyState: shown ? empty : <Nothing />,
  };
}
