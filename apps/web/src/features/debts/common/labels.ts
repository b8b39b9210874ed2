import {
  DEBT_TYPE_IDS,
  type DebtStatus,
  type EmbargoStatus,
  type QuotaStatus,
  type TaskStatus,
} from '@cobranzas/shared';

export type Tone = 'blue' | 'green' | 'orange' | 'red' | 'gray' | 'violet';

/** SPEC §2: /debts/type/{type}: 1 preventive, 2 extrajudicial, 3 judicial. Browser tests rely on these. */
export const DEBT_TYPE_TITLES: Record<string, string> = {
  '1': 'Deudas preventivas',
  '2': 'Deudas extrajudiciales',
  '3': 'Deudas judiciales',
};

/** The seeded stages, for users who may not read the debt types catalog (CLIENTE). */
export const FIXED_STAGES = [
  { value: String(DEBT_TYPE_IDS.PREVENTIVA), label: 'Preventiva' },
  { value: String(DEBT_TYPE_IDS.EXTRAJUDICIAL), label: 'Extrajudicial' },
  { value: String(DEBT_TYPE_IDS.JUDICIAL), label: 'Judicial' },
];

export const JUDICIAL = DEBT_TYPE_IDS.JUDICIAL;

export const DEBT_STATUS_TONES: Record<DebtStatus, Tone> = {
  ACTIVA: 'blue',
  EN_CONVENIO: 'violet',
  CANCELADA: 'green',
  INCOBRABLE: 'red',
  ARCHIVADA: 'gray',
};

export const QUOTA_STATUS_TONES: Record<QuotaStatus, Tone> = {
  PENDIENTE: 'gray',
  PAGADA: 'green',
  EN_MORA: 'red',
};

export const EMBARGO_STATUS_TONES: Record<EmbargoStatus, Tone> = {
  SOLICITADO: 'orange',
  TRABADO: 'blue',
  LEVANTADO: 'gray',
};

export const TASK_STATUS_TONES: Record<TaskStatus, Tone> = {
  PENDIENTE: 'blue',
  COMPLETADA: 'green',
  CANCELADA: 'gray',
};

const STAGE_TONES: Record<number, Tone> = { 1: 'blue', 2: 'orange', 3: 'red' };
export const stageTone = (debtTypeId: number): Tone => STAGE_TONES[debtTypeId] ?? 'gray';

/** "Pérez, Juan" as the lists show a person. */
export const personName = (p: { firstName: string; lastName: string }) => `${p.lastName}, ${p.firstName}`;

const DATE_TIME = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as the agency reads it: "21/11/2026, 14:05" (24 h). */
export const formatDateTime = (instant: string) => DATE_TIME.format(new Date(instant));
