import { personName } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { formatDni, formatMoney } from '../../lib/format';
import { Alternatives } from './Alternatives';
import { attemptsText, type QueueRow, ReasonPills } from './columns';
import classes from './queue.module.css';
import { WhyNot } from './WhyNot';

/**
 * The queue on a phone (under 576 px): one card per debt, everything a row says without a sideways
 * scroll, and a button instead of keys. A card that cannot be called now says why and what can be done.
 */
export function QueueCards({ records, onWork }: { records: QueueRow[]; onWork: (row: QueueRow) => void }) {
  return (
    <ul className={classes.cards}>
      {records.map((row) => (
        <li key={row.id} className={classes.card} data-callable={row.callableNow}>
          <QueueCard row={row} onWork={onWork} />
        </li>
      ))}
    </ul>
  );
}

function QueueCard({ row, onWork }: { row: QueueRow; onWork: (row: QueueRow) => void }) {
  const { debt } = row;
  const name = personName(debt.debtor);
  return (
    <article aria-label={`Deuda N.º ${debt.id} de ${name}`}>
      <div className={classes.cardHead}>
        <p className={classes.cardName}>{name}</p>
        <p className={classes.cardOwed}>{formatMoney(row.owed, debt.currency)}</p>
      </div>
      <Facts
        items={[
          `DNI ${formatDni(debt.debtor.dni)}`,
          debt.companyName,
          ...(debt.reference ? [debt.reference] : []),
        ]}
      />
      <ReasonPills row={row} />
      <Facts items={[`Intentos: ${attemptsText(row).toLowerCase()}`, `Puntaje ${row.score}`]} />
      {row.callableNow ? (
        <Button
          fullWidth
          mt="xs"
          leftSection={<IconPhoneCall size={16} aria-hidden="true" />}
          onClick={() => onWork(row)}
          aria-label={`Registrar gestión (${name})`}
        >
          Registrar gestión
        </Button>
      ) : (
        <div className={classes.cardWhy}>
          <WhyNot row={row} />
          <Alternatives row={row} onWork={onWork} />
        </div>
      )}
    </article>
  );
}

/** Facts joined by « · », each kept whole: a line breaks between them, not inside «TC-4015…». */
function Facts({ items }: { items: string[] }) {
  return (
    <p className={classes.cardMeta}>
      {items.map((item, i) => (
        <span key={item}>
          {i > 0 ? ' · ' : ''}
          <span className={classes.nowrap}>{item}</span>
        </span>
      ))}
    </p>
  );
}
