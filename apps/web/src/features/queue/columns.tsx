import { personName, type QueueItem, type QueueReasonCode } from '@cobranzas/shared';
import type { ReactNode } from 'react';
import type { ListColumn } from '../../components/resource/types';
import { formatDni, formatMoney } from '../../lib/format';
import type { Tone } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import classes from './queue.module.css';
import { WhyNot } from './WhyNot';

/** A queue item as a table row (its id is the debt's). */
export type QueueRow = QueueItem & { id: number };

/**
 * The reasons by weight (docs/decisions.md «La cola»): every code the API declares has its colour; one
 * this screen does not know yet (a newer server) is grey.
 */
const REASON_TONES: Record<QueueReasonCode, Tone> = {
  DESCONOCE_DEUDA: 'red',
  PEDIDO_LLAMADA: 'orange',
  PROMESA_INCUMPLIDA: 'red',
  PROMESA_HOY: 'orange',
  // Issue 37: the claim prescribes within PRESCRIPTION_WARNING_DAYS, as «Prescribe» in the debt's header.
  PRESCRIBE_PRONTO: 'orange',
  CUOTA_VENCIDA: 'violet',
  TAREA_HOY: 'blue',
  SIN_CONTACTO: 'gray',
};

/** «1 de 3» under a cap, «1» without one. */
const ofCap = (n: number, max: number | null) => (max === null ? String(n) : `${n} de ${max}`);

/** The debtor's contact attempts (any of its debts), against the company's caps (issue 18). */
export const attemptsText = ({ attempts }: QueueItem) =>
  `Hoy ${ofCap(attempts.today, attempts.maxPerDay)} · semana ${ofCap(attempts.week, attempts.maxPerWeek)}`;

export const queueRowLabel = (row: QueueRow) => `deuda N.º ${row.debt.id} de ${personName(row.debt.debtor)}`;

/** A button's name: its text, then whose debt (many rows have the same buttons). */
export const forWhom = (text: string, row: QueueItem) => `${text} (${personName(row.debt.debtor)})`;

/** The debt's reasons to be worked today, as coloured labels. */
export function ReasonPills({ row }: { row: QueueItem }) {
  return (
    <ul className={classes.reasons}>
      {row.reasons.map((reason) => (
        <li key={`${reason.code}-${reason.label}`}>
          <Pill tone={REASON_TONES[reason.code] ?? 'gray'}>{reason.label}</Pill>
        </li>
      ))}
    </ul>
  );
}

export const QUEUE_COLUMNS: ListColumn<QueueRow>[] = [
  { accessor: 'debtor', title: 'Deudor', key: true, text: (row) => personName(row.debt.debtor) },
  { accessor: 'dni', title: 'DNI', noWrap: true, text: (row) => formatDni(row.debt.debtor.dni) },
  { accessor: 'reference', title: 'Referencia', text: (row) => row.debt.reference ?? '' },
  { accessor: 'companyName', title: 'Compañía', text: (row) => row.debt.companyName },
  {
    accessor: 'balance',
    title: 'Saldo',
    key: true,
    textAlign: 'right',
    noWrap: true,
    text: (row) => formatMoney(row.owed, row.debt.currency),
  },
  {
    accessor: 'reasons',
    title: 'Motivos',
    key: true,
    text: (row) => row.reasons.map((reason) => reason.label).join(' · '),
    render: (row) => <ReasonPills row={row} />,
  },
  {
    accessor: 'attempts',
    title: 'Intentos',
    text: attemptsText,
    // Stacked, so the column stays narrow and the score fits at 1366 px.
    render: ({ attempts }) => (
      <span className={classes.attempts}>
        <span>Hoy {ofCap(attempts.today, attempts.maxPerDay)}</span>
        <span>Semana {ofCap(attempts.week, attempts.maxPerWeek)}</span>
      </span>
    ),
  },
  { accessor: 'score', title: 'Puntaje', textAlign: 'right', width: 90, text: (row) => String(row.score) },
];

/**
 * Those that cannot be called now: who (with DNI and company under the name, to leave room), what
 * they owe and why they need work, then why not now and what can still be done (`alternatives`).
 */
export function notCallableColumns(alternatives: (row: QueueRow) => ReactNode): ListColumn<QueueRow>[] {
  const keep = new Set(['balance', 'reasons']);
  return [
    {
      accessor: 'debtor',
      title: 'Deudor',
      width: 200,
      text: (row) => personName(row.debt.debtor),
      render: (row) => (
        <>
          <span className={classes.who}>{personName(row.debt.debtor)}</span>
          <span className={classes.whoMeta}>
            DNI {formatDni(row.debt.debtor.dni)} · {row.debt.companyName}
          </span>
        </>
      ),
    },
    ...QUEUE_COLUMNS.filter((column) => keep.has(column.accessor)),
    {
      accessor: 'notCallable',
      title: 'Por qué no ahora · qué hacer',
      // Two buttons to a line.
      width: 360,
      text: (row) => row.notCallable?.label ?? '',
      render: (row) => (
        <>
          <WhyNot row={row} />
          {alternatives(row)}
        </>
      ),
    },
  ];
}
