import { dateSchema } from '@cobranzas/shared';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { isViewKey, type ViewKey } from './views';

/**
 * The agenda's place in the URL, so a reload or a shared link opens the same: `responsable`
 * (todos | mias | a user id), `vista` (mes | semana | dia | lista) and `fecha` (a day of the view).
 */
export type AgendaParams = {
  assignee: string | null;
  view: ViewKey | null;
  date: string | null;
};

export function readAgendaParams(params: URLSearchParams): AgendaParams {
  const assignee = params.get('responsable');
  const view = params.get('vista');
  const date = params.get('fecha');
  return {
    assignee: assignee && /^(todos|mias|\d{1,10})$/.test(assignee) ? assignee : null,
    view: isViewKey(view) ? view : null,
    date: date && dateSchema.safeParse(date).success ? date : null,
  };
}

export function useAgendaParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readAgendaParams(params), [params]);
  // Two writes in one render (the calendar's first range, then a filter) must not undo each other:
  // each builds on the newest URL, as the list pages do (components/resource/listParams.ts).
  const rendered = useRef(params);
  const unrendered = useRef<URLSearchParams | null>(null);
  if (rendered.current !== params) {
    rendered.current = params;
    unrendered.current = null;
  }
  const update = useCallback(
    (patch: Partial<Record<'responsable' | 'vista' | 'fecha', string | null>>) => {
      const current = unrendered.current ?? rendered.current;
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === undefined) next.delete(key);
        else next.set(key, value);
      }
      if (next.toString() === current.toString()) return;
      unrendered.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return { state, update };
}
