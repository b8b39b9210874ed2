import { personName } from '@cobranzas/shared';
import { Anchor } from '@mantine/core';
import { formatDni, formatMoney } from '../../lib/format';
import type { QueueRow } from './columns';
import classes from './queue.module.css';

/** Which debt the contact dialog is logging, from the queue: debtor, reference, balance, reasons, why not a call. */
export function WorkingDebt({ row, onOpen }: { row: QueueRow; onOpen: () => void }) {
  const { debt } = row;
  return (
    <section className={classes.working} aria-label="Deuda en gestión">
      <p className={classes.workingName}>
        {personName(debt.debtor)} · DNI {formatDni(debt.debtor.dni)}
      </p>
      <p className={classes.workingFacts}>
        {debt.companyName}
        {debt.reference ? ` · ${debt.reference}` : ''} · Saldo {formatMoney(row.owed, debt.currency)} ·{' '}
        {row.reasons.map((reason) => reason.label).join(', ')}
      </p>
      {row.notCallable ? (
        <p className={classes.workingWhy}>Ahora no se puede llamar: {row.notCallable.label}.</p>
      ) : null}
      <Anchor component="button" type="button" size="sm" onClick={onOpen}>
        Abrir la ficha de la deuda
      </Anchor>
    </section>
  );
}
