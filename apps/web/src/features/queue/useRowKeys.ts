import { useCallback, useEffect, useRef, useState } from 'react';

/** What the keys leave alone: typing in a field, pressing a button or a link, anything in a dialog. */
const OWN_KEYS = 'input, textarea, select, button, a, [role="dialog"], [contenteditable="true"]';

/**
 * ↑/↓ move the highlighted row of a table (and focus it), Enter works the highlighted one. Keys
 * count on the page itself or on the table's rows; `reset` (a new page, another collector) goes
 * back to the first row. A row that leaves the list (worked, refetched) leaves the highlight on the
 * one that took its place.
 */
export function useRowKeys<T>(records: readonly T[], onActivate: (record: T) => void, reset: string) {
  const [active, setActive] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reset` stands for what starts over
  useEffect(() => setActive(0), [reset]);
  const current = Math.max(0, Math.min(active, records.length - 1));

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (!records.length) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const onPage = !target || target === document.body;
      const inTable = target !== null && container.current?.contains(target) === true;
      if (!onPage && !inTable) return;
      if (target?.closest(OWN_KEYS)) return;
      const row = target?.closest('tr[data-row-index]');
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const next = Math.max(
          0,
          Math.min(current + (event.key === 'ArrowDown' ? 1 : -1), records.length - 1),
        );
        setActive(next);
        container.current?.querySelector<HTMLElement>(`tr[data-row-index="${next}"]`)?.focus();
      } else if (event.key === 'Enter' && !row) {
        // On a row, the table's own Enter opens it.
        const record = records[current];
        if (record === undefined) return;
        event.preventDefault();
        onActivate(record);
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [records, current, onActivate]);

  const rowAttributes = useCallback(
    (_record: T, index: number) => ({
      'data-row-index': index,
      'data-highlighted': index === current ? 'true' : undefined,
      onFocus: () => setActive(index),
    }),
    [current],
  );
  return { container, rowAttributes, active: current };
}
