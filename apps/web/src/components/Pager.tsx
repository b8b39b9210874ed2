import { Pagination } from '@mantine/core';
import classes from './Pager.module.css';

const count = new Intl.NumberFormat('es-AR');

const PAGER_LABELS = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
} as const;

/**
 * A page of a list that is not a resource list (the queue, a strategy's runs, a dry run, the print
 * batches): «21–40 de 153» and the page buttons (none when everything fits in one page).
 */
export function Pager({
  label,
  page,
  size,
  shown,
  total,
  onPage,
  className,
}: {
  label: string;
  page: number;
  size: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
  className?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  const from = (page - 1) * size + 1;
  return (
    <nav className={`${classes.pager} ${className ?? ''}`} aria-label={label}>
      <p className={classes.text}>
        {shown > 0 ? `${count.format(from)}–${count.format(from + shown - 1)} de ${count.format(total)}` : ''}
      </p>
      {pages > 1 ? (
        <Pagination
          size="sm"
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': PAGER_LABELS[control] })}
          getItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
        />
      ) : null}
    </nav>
  );
}
