import { Pagination } from '@mantine/core';
import classes from './queue.module.css';

const count = new Intl.NumberFormat('es-AR');

/** The queue's pages (both parts of a page count): «26–50 de 47» and the page buttons. */
export function QueuePager({
  page,
  limit,
  shown,
  total,
  onPage,
}: {
  page: number;
  limit: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const from = (page - 1) * limit + 1;
  return (
    <nav className={classes.pager} aria-label="Páginas de la cola">
      <p className={classes.pagerText}>
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

const PAGER_LABELS = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
} as const;
