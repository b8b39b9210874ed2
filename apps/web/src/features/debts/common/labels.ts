import {
  AGENCY_TIME_ZONE,
  type DebtStatus,
  type EmbargoStatus,
  FIXED_DEBT_TYPES,
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
export const FIXED_STAGES = FIXED_DEBT_TYPES.map((type) => ({ value: String(type.id), label: type.name }));

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
  PARCIAL: 'orange',
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

const DATE_TIME = new Intl.DateTimeFormat('es-AR', {
  timeZone: AGENCY_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as the agency reads it: "21/11/2026, 14:05" (24 h). */
export const formatDateTime = (instant: string) => DATE_TIME.format(new Date(instant));
