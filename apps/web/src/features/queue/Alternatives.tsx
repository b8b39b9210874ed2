import { QUEUE_ALTERNATIVE_LABELS } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { usePermissions } from '../debts/common/hooks';
import { forWhom, type QueueRow } from './columns';
import { LetterMenu } from './LetterMenu';
import classes from './queue.module.css';

/**
 * What can still be done with a debt that cannot be called now (the API's alternatives, those the
 * user may do): look for a phone on the debtor's file, write to its e-mail, download a letter, add a
 * task on the debt's Tareas tab; and log a contact of another kind (a visit, a letter sent).
 */
export function Alternatives({ row, onWork }: { row: QueueRow; onWork: (row: QueueRow) => void }) {
  const perms = usePermissions();
  const { debt } = row;
  const email = debt.debtor.email?.trim();
  const button = { size: 'compact-sm', variant: 'default' } as const;
  const label = QUEUE_ALTERNATIVE_LABELS;
  return (
    <div className={classes.alternatives}>
      {(row.notCallable?.alternatives ?? []).map((alternative) => {
        switch (alternative) {
          case 'FIND_PHONE':
            return perms.viewDebtors ? (
              <Button
                key={alternative}
                {...button}
                component={Link}
                to={`/debtors/edit/${debt.debtorId}`}
                aria-label={forWhom(label.FIND_PHONE, row)}
              >
                {label.FIND_PHONE}
              </Button>
            ) : null;
          case 'EMAIL':
            return email ? (
              <Button
                key={alternative}
                {...button}
                component="a"
                href={`mailto:${email}`}
                aria-label={forWhom(label.EMAIL, row)}
              >
                {label.EMAIL}
              </Button>
            ) : null;
          case 'LETTER':
            return perms.catalogs ? <LetterMenu key={alternative} row={row} /> : null;
          case 'TASK':
            return perms.addTasks ? (
              <Button
                key={alternative}
                {...button}
                component={Link}
                to={`/debts/view/${debt.id}?tab=tareas`}
                aria-label={forWhom(label.TASK, row)}
              >
                {label.TASK}
              </Button>
            ) : null;
          default:
            return null;
        }
      })}
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onWork(row)}
        aria-label={forWhom('Registrar gestión', row)}
      >
        Registrar gestión
      </Button>
    </div>
  );
}
