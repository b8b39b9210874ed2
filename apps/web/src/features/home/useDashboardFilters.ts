import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportFilters } from './api';

const NAMES = ['company', 'start', 'end'] as const;

/** The dashboard's company and period, kept in the URL (?company=&start=&end=) so a view can be shared. */
export function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const key = NAMES.map((name) => params.get(name) ?? '').join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the three values
  const filters = useMemo<ReportFilters>(() => {
    const out: ReportFilters = {};
    for (const name of NAMES) {
      const value = params.get(name);
      if (value) out[name] = value;
    }
    return out;
  }, [key]);
  const apply = useCallback(
    (next: ReportFilters) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          for (const name of NAMES) {
            const value = next[name];
            if (value) out.set(name, value);
            else out.delete(name);
          }
          // A list behind a figure (CollectedPage) starts over at its first page.
          out.delete('page');
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, apply };
}
