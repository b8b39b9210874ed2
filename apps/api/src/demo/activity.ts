import type { TaskStatus } from '@cobranzas/shared';
import { EVENT_NOTES, EVENT_TYPES, type OUTCOMES } from './data';
import { addDays, type DebtDraft } from './portfolio';
import type { Random } from './random';

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant at the agency (UTC−3) on `day`, never after `now`. */
function at(day: string, hour: number, minute: number, now: Date): Date {
  const instant = new Date(`${day}T${pad(hour)}:${pad(minute)}:00-03:00`);
  return instant > now ? new Date(now.getTime() - 60_000 * (minute + 1)) : instant;
}

export interface EventDraft {
  type: string;
  subType: string;
  outcome: (typeof OUTCOMES)[number] | null;
  date: Date;
  description: string;
}

const OUTCOME_WEIGHTS: Record<(typeof OUTCOMES)[number], number> = {
  'No contesta': 35,
  'Mensaje dejado': 20,
  'Promesa de pago': 15,
  'Se niega a pagar': 10,
  'Solicita plan de pagos': 8,
  'Número equivocado': 5,
  'Informa que ya pagó': 5,
  'Deudor fallecido': 0,
};

/** The contact history of a debt, oldest first, ending in an outcome that fits its status. */
export function planEvents(rng: Random, debt: DebtDraft, today: string, now: Date): EventDraft[] {
  const span = Math.max(1, Math.round((Date.parse(today) - Date.parse(debt.placed)) / 86_400_000));
  const count = debt.status === 'ARCHIVADA' ? rng.int(1, 2) : rng.int(1, 6);
  const days = Array.from({ length: count }, () => addDays(debt.placed, rng.int(0, span))).sort();
  return days.map((day, i) => {
    const type = rng.weighted({
      Llamada: 50,
      WhatsApp: 25,
      'Correo electrónico': 10,
      'Carta documento': debt.debtTypeId >= 2 ? 10 : 0,
      Visita: 5,
    });
    let outcome: EventDraft['outcome'] = type === 'Carta documento' ? null : rng.weighted(OUTCOME_WEIGHTS);
    const last = i === days.length - 1;
    if (last && debt.status === 'EN_CONVENIO') outcome = 'Solicita plan de pagos';
    if (last && debt.status === 'CANCELADA') outcome = 'Promesa de pago';
    if (last && debt.status === 'INCOBRABLE')
      outcome = rng.chance(0.3) ? 'Deudor fallecido' : 'Se niega a pagar';
    const description = outcome
      ? rng.pick(EVENT_NOTES[outcome] ?? ['Sin novedades.'])
      : 'Se envía carta documento al domicilio registrado.';
    return {
      type,
      subType: rng.pick(EVENT_TYPES[type] ?? ['General']),
      outcome,
      date: at(day, rng.int(9, 19), rng.int(0, 59), now),
      description,
    };
  });
}

export interface TaskDraft {
  title: string;
  description: string;
  start: string;
  end: string;
  allDay: boolean;
  status: TaskStatus;
  debtId: number;
  userId: number | null;
}

/** The agenda of the current week (Monday to Friday), with a few tasks for today. */
export function planTasks(
  rng: Random,
  debts: { id: number; debtor: string; userId: number | null }[],
  today: string,
): TaskDraft[] {
  if (debts.length === 0) return [];
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  const count = Math.min(60, Math.max(8, Math.round(debts.length / 8)));
  return Array.from({ length: count }, (_, i) => {
    const debt = rng.pick(debts);
    const day = i < 3 ? today : addDays(monday, rng.int(0, 4));
    const hour = rng.int(9, 17);
    const start = `${day}T${pad(hour)}:${rng.pick(['00', '30'])}:00-03:00`;
    const title = rng.pick([
      `Llamar a ${debt.debtor}`,
      `Enviar propuesta de pago a ${debt.debtor}`,
      `Verificar pago de ${debt.debtor}`,
      `Visita domiciliaria: ${debt.debtor}`,
      `Revisar expediente de ${debt.debtor}`,
    ]);
    return {
      title,
      description: 'Tarea generada por la demo.',
      start,
      end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      allDay: false,
      status: day < today && rng.chance(0.7) ? 'COMPLETADA' : 'PENDIENTE',
      debtId: debt.id,
      userId: debt.userId,
    };
  });
}
