import '@mantine/core/styles/Chip.css';
import {
  type DebtorHistory,
  type DebtorHistoryEntry,
  type DebtorHistoryKind,
  debtorHistoryCall,
  debtorsResource,
  LABELS,
} from '@cobranzas/shared';
import { Anchor, Badge, Chip, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import resource from '../../../components/resource/resource.module.css';
import { callApi } from '../../../lib/call';
import { formatDate, formatMoney } from '../../../lib/format';
import { resourceKeys } from '../../../lib/resourceQueries';
import { formatDateTime } from '../../debts/common/labels';
import { CHANGE_KIND_TEXT, ChangeList } from '../../debts/view/ChangeList';
import { TabSection } from '../../debts/view/TabSection';
import view from '../../debts/view/view.module.css';
import classes from './file.module.css';

type Filter = 'TODO' | DebtorHistoryKind;

const KINDS: { value: DebtorHistoryKind; label: string; badge: string; color: string }[] = [
  { value: 'GESTION', label: 'Gestiones', badge: 'Gestión', color: 'blue' },
  { value: 'PAGO', label: 'Pagos', badge: 'Pago', color: 'teal' },
  { value: 'CARTA', label: 'Cartas', badge: 'Carta', color: 'grape' },
  { value: 'CAMBIO', label: 'Cambios', badge: 'Cambio', color: 'gray' },
];
const KIND_OF = Object.fromEntries(KINDS.map((kind) => [kind.value, kind])) as Record<
  DebtorHistoryKind,
  (typeof KINDS)[number]
>;

/** What happened, in one line: «Llamada (Celular) · Promesa de pago», «Pago de $ 100,00 (Efectivo)». */
function headline(entry: DebtorHistoryEntry): string {
  switch (entry.kind) {
    case 'GESTION':
      return [`${entry.eventType}${entry.eventSubType ? ` (${entry.eventSubType})` : ''}`, entry.outcome]
        .filter(Boolean)
        .join(' · ');
    case 'PAGO': {
      const what = entry.source === 'DEPOSIT' ? 'Depósito' : 'Pago';
      const how = entry.method ? ` (${LABELS.paymentMethod[entry.method]})` : '';
      return `${what} de ${formatMoney(entry.amount, entry.currency)}${how}`;
    }
    case 'CARTA':
      return `Carta «${entry.letter}»`;
    case 'CAMBIO':
      return CHANGE_KIND_TEXT[entry.change];
  }
}

function Entry({ entry, debtLabel }: { entry: DebtorHistoryEntry; debtLabel: string }) {
  const kind = KIND_OF[entry.kind];
  const reversed = entry.kind === 'PAGO' && entry.reversed;
  return (
    <li className={view.historyEntry}>
      <p className={classes.entryHead}>
        <Badge variant="light" color={kind.color} radius="sm" size="sm">
          {kind.badge}
        </Badge>
        <time dateTime={entry.at}>
          {entry.allDay ? formatDate(entry.at.slice(0, 10)) : formatDateTime(entry.at)}
        </time>
        <span aria-hidden="true">·</span>
        <Anchor component={Link} to={`/debts/view/${entry.debtId}`} size="sm">
          {debtLabel}
        </Anchor>
        {entry.userName ? (
          <>
            <span aria-hidden="true">·</span>
            <strong>{entry.userName}</strong>
          </>
        ) : null}
      </p>
      <p className={`${classes.entryText} ${reversed ? classes.reversed : ''}`}>{headline(entry)}</p>
      {reversed ? (
        <Badge variant="outline" color="red" radius="sm" size="sm">
          Anulado
        </Badge>
      ) : null}
      {entry.kind === 'GESTION' && entry.description ? (
        <p className={classes.entryText}>{entry.description}</p>
      ) : null}
      {entry.kind === 'CAMBIO' ? (
        <ChangeList changes={entry.changes} created={entry.change === 'CREADA'} />
      ) : null}
    </li>
  );
}

const debtLabels = (answer: DebtorHistory | undefined) =>
  new Map(
    (answer?.debts ?? []).map((debt) => [
      debt.id,
      [`Deuda N.º ${debt.id}`, debt.companyName, debt.reference].filter(Boolean).join(' · '),
    ]),
  );

/** «Historial del deudor»: every contact, payment, letter and change of all their debts, newest first. */
export function DebtorTimeline({ debtorId }: { debtorId: number }) {
  const [filter, setFilter] = useState<Filter>('TODO');
  const query = useQuery({
    queryKey: resourceKeys(debtorsResource).other('history', debtorId),
    queryFn: ({ signal }) => callApi(debtorHistoryCall, { params: { id: debtorId } }, signal),
  });
  const all = query.data?.data ?? [];
  const shown = filter === 'TODO' ? all : all.filter((entry) => entry.kind === filter);
  const labels = debtLabels(query.data);
  const count = (kind: DebtorHistoryKind) => all.filter((entry) => entry.kind === kind).length;

  return (
    <section className={resource.card} aria-label="Historial del deudor">
      <TabSection
        title="Historial del deudor"
        count={all.length}
        query={query}
        extra={
          all.length > 0 ? (
            <Chip.Group multiple={false} value={filter} onChange={(value) => setFilter(value as Filter)}>
              <Group gap="xs" role="radiogroup" aria-label="Mostrar">
                <Chip value="TODO" size="sm">
                  Todo ({all.length})
                </Chip>
                {KINDS.map((kind) => (
                  <Chip key={kind.value} value={kind.value} size="sm">
                    {kind.label} ({count(kind.value)})
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          ) : null
        }
        empty={
          all.length === 0
            ? 'Todavía no hay gestiones, pagos, cartas ni cambios en sus deudas.'
            : shown.length === 0
              ? 'No hay movimientos de este tipo.'
              : null
        }
      >
        <ol className={view.history} aria-label="Movimientos">
          {shown.map((entry) => (
            <Entry
              key={entry.key}
              entry={entry}
              debtLabel={labels.get(entry.debtId) ?? `Deuda N.º ${entry.debtId}`}
            />
          ))}
        </ol>
        {query.data?.truncated ? (
          <p className={classes.note}>
            Se muestran los últimos {all.length} movimientos; cada deuda tiene los anteriores en sus pestañas.
          </p>
        ) : null}
      </TabSection>
    </section>
  );
}
