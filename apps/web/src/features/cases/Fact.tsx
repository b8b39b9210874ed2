import type { ReactNode } from 'react';

/** One fact of a case in its <dl>: the label over the value, «—» when there is none. */
export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
    </div>
  );
}
