import { personName, type QueueItem } from '@cobranzas/shared';
import type { ListColumn } from '../../components/resource/types';
import { formatDni, formatMoney } from '../../lib/format';
import type { Tone } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import classes from './queue.module.css';

/** A queue item as a table row (its id is the debt's). */
export type QueueRow = QueueItem & { id: number };

/** The reasons by weight (docs/decisions.md «La cola»); a code this screen does not know is grey. */
const REASON_TONES: Record<string, Tone> = {
  PROMESA_INCUMPLIDA: 'red',
  PROMESA_HOY: 'orange',
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
    render: (row) => (
      <ul className={classes.reasons}>
        {row.reasons.map((reason) => (
          <li key={`${reason.code}-${reason.label}`}>
            <Pill tone={REASON_TONES[reason.code] ?? 'gray'}>{reason.label}</Pill>
          </li>
        ))}
      </ul>
    ),
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
