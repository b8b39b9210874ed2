import { z } from 'zod';
import { defineCall } from '../call';
import { defineResource } from '../resource';
import {
  catalogCreateSchema,
  catalogSchema,
  catalogUpdateSchema,
  dateSchema,
  idFilter,
  idParamsSchema,
  idSchema,
  optionalDate,
  optionalNote,
  optionalText,
  partialUpdate,
  requiredText,
  timestamps,
} from './common';

/**
 * A judicial debt's court case (issue 37, DESIGN.md §11.6): its court, number, carátula, kind, filing
 * day, the agency's lawyer and status; its steps (dated, with documents, a deadline in judicial
 * working days that becomes the lawyer's task), its notices (cédulas). A CLIENTE reads its company's
 * without the internal notes.
 */
export const CASE_KINDS = ['EJECUTIVO', 'ORDINARIO', 'MONITORIO', 'OTRO'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
export const CASE_KIND_LABELS: Record<CaseKind, string> = {
  EJECUTIVO: 'Ejecutivo',
  ORDINARIO: 'Ordinario',
  MONITORIO: 'Monitorio',
  OTRO: 'Otro',
};

export const CASE_MESSAGES = {
  notJudicial: 'Solo una deuda en etapa judicial tiene expediente: pasala a judicial primero.',
  alreadyHasCase: 'La deuda ya tiene expediente.',
  closedBeforeFiled: 'El fin del juicio no puede ser anterior a la presentación de la demanda.',
  closedWithoutFiling: 'Un expediente sin fecha de demanda no puede terminar: cargá primero la demanda.',
  deadlineNeedsJurisdiction:
    'El expediente no tiene jurisdicción: elegila para contar el plazo en días hábiles de sus tribunales.',
  deadlineFromAfterStep: 'La notificación no puede ser posterior al paso.',
  servedBeforeSent: 'La notificación no puede ser anterior al envío de la cédula.',
  notFound: 'El expediente no existe.',
  stepNotOfDebt: 'El paso no es del expediente de esa deuda.',
  futureDate: 'La fecha no puede ser posterior a hoy.',
  lawyerIsClient: 'El abogado debe ser un usuario de la agencia.',
  lawyerNotFound: 'El abogado no existe.',
  statusNotFound: 'El estado no existe.',
  jurisdictionNotFound: 'La jurisdicción no existe.',
} as const;

/** «COMPAÑÍA c/ DEUDOR s/ EJECUTIVO»: the carátula a case starts with (editable). */
export function draftCaption(
  companyName: string,
  debtor: { lastName: string; firstName: string },
  kind: CaseKind,
) {
  const object = kind === 'OTRO' ? 'COBRO DE PESOS' : kind;
  const name = `${debtor.lastName}, ${debtor.firstName}`;
  return `${companyName.toUpperCase()} c/ ${name.toUpperCase()} s/ ${object}`.slice(0, 300);
}

export const caseStatusSchema = catalogSchema;
export const caseStatusesResource = defineResource({
  path: 'case-statuses',
  label: 'estados de expediente',
  item: caseStatusSchema,
  create: catalogCreateSchema,
  update: catalogUpdateSchema,
  sortable: ['id', 'name', 'createdAt'],
});

export const caseSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  debtReference: z.string().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  debtorName: z.string(),
  debtorDni: z.string(),
  jurisdictionId: z.number().int().nullable(),
  jurisdictionName: z.string().nullable(),
  fuero: z.string().nullable(),
  court: z.string().nullable(),
  secretary: z.string().nullable(),
  number: z.string().nullable(),
  caption: z.string(),
  kind: z.enum(CASE_KINDS),
  filedOn: z.string().nullable(),
  closedOn: z.string().nullable(),
  lawyerId: z.number().int().nullable(),
  lawyerName: z.string().nullable(),
  statusId: z.number().int().nullable(),
  statusName: z.string().nullable(),
  /** The earliest deadline of a step whose task is still pending (today or later). */
  nextDeadlineOn: z.string().nullable(),
  /** Staff only. */
  internalNotes: z.string().nullable().optional(),
  ...timestamps,
});
export type Case = z.infer<typeof caseSchema>;

const caseFields = z.object({
  jurisdictionId: idSchema.nullish().transform((v) => v ?? null),
  fuero: optionalText(80),
  court: optionalText(200),
  secretary: optionalText(80),
  number: optionalText(60),
  /** Absent or empty on create: drafted from the company, the debtor and the kind. */
  caption: optionalText(300),
  kind: z.enum(CASE_KINDS).default('EJECUTIVO'),
  filedOn: optionalDate,
  closedOn: optionalDate,
  lawyerId: idSchema.nullish().transform((v) => v ?? null),
  statusId: idSchema.nullish().transform((v) => v ?? null),
  internalNotes: optionalNote(4000),
});
export const caseCreateSchema = caseFields.extend({ debtId: idSchema });
export const caseUpdateSchema = partialUpdate(
  caseFields.omit({ caption: true }).extend({ caption: requiredText(300) }),
);
export type CaseCreate = z.input<typeof caseCreateSchema>;

export const casesResource = defineResource({
  path: 'cases',
  label: 'expedientes',
  item: caseSchema,
  create: caseCreateSchema,
  update: caseUpdateSchema,
  clientHidden: ['internalNotes'],
  sortable: ['id', 'filedOn', 'nextDeadlineOn', 'number'],
  filters: {
    debtId: idFilter,
    companyId: idFilter,
    jurisdictionId: idFilter,
    lawyerId: idFilter,
    statusId: idFilter,
  },
});

// ——— Steps ———

export const caseStepSchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  on: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  statusId: z.number().int().nullable(),
  statusName: z.string().nullable(),
  deadlineDays: z.number().int().nullable(),
  deadlineFrom: z.string().nullable(),
  deadlineOn: z.string().nullable(),
  /** The lawyer's task for the deadline, and whether it is done. Staff only. */
  taskId: z.number().int().nullable().optional(),
  taskStatus: z.string().nullable().optional(),
  createdByName: z.string().nullable().optional(),
  documents: z.array(z.object({ id: z.number().int(), fileName: z.string() })),
  ...timestamps,
});
export type CaseStep = z.infer<typeof caseStepSchema>;

const stepFields = z.object({
  on: dateSchema,
  title: requiredText(200),
  description: optionalNote(4000),
  /** The case's status from this step on. */
  statusId: idSchema.nullish().transform((v) => v ?? null),
  /** A term of N judicial working days… */
  deadlineDays: z
    .number()
    .int()
    .min(1)
    .max(365)
    .nullish()
    .transform((v) => v ?? null),
  /** …from this notice (default: the step's day), on the case's jurisdiction's calendar. */
  deadlineFrom: optionalDate,
});
export const caseStepCreateSchema = stepFields.extend({ caseId: idSchema });
export const caseStepUpdateSchema = partialUpdate(stepFields);

export const caseStepsResource = defineResource({
  path: 'case-steps',
  label: 'pasos de expediente',
  item: caseStepSchema,
  create: caseStepCreateSchema,
  update: caseStepUpdateSchema,
  clientHidden: ['taskId', 'taskStatus', 'createdByName'],
  sortable: ['on', 'id'],
  filters: { caseId: idFilter },
  searchable: false,
});

// ——— Notices (cédulas) ———

export const caseNoticeSchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  addressee: z.string(),
  address: z.string().nullable(),
  sentOn: z.string(),
  servedOn: z.string().nullable(),
  notes: z.string().nullable(),
  ...timestamps,
});
export type CaseNotice = z.infer<typeof caseNoticeSchema>;
const noticeFields = z.object({
  addressee: requiredText(200),
  address: optionalText(300),
  sentOn: dateSchema,
  servedOn: optionalDate,
  notes: optionalNote(4000),
});
export const caseNoticeCreateSchema = noticeFields.extend({ caseId: idSchema });
export const caseNoticeUpdateSchema = partialUpdate(noticeFields);
export const caseNoticesResource = defineResource({
  path: 'case-notices',
  label: 'cédulas',
  item: caseNoticeSchema,
  create: caseNoticeCreateSchema,
  update: caseNoticeUpdateSchema,
  sortable: ['sentOn', 'id'],
  filters: { caseId: idFilter },
  searchable: false,
});

// ——— The liquidation sheet ———

export const caseLiquidationQuerySchema = z.object({ date: dateSchema.optional() });
export const caseLiquidationCall = defineCall({
  method: 'GET',
  path: '/cases/:id/liquidation',
  tag: casesResource.label,
  summary:
    'Planilla de liquidación en PDF a una fecha: capital, intereses por tramo, pagos imputados, costas y total',
  params: idParamsSchema,
  query: caseLiquidationQuerySchema,
  answer: { file: 'application/pdf', description: 'La planilla, con la carátula del expediente.' },
  errors: {
    400: 'La fecha no es válida o es anterior al origen de la deuda (una fecha futura proyecta los intereses).',
    404: 'El expediente no existe o no es de la empresa del usuario.',
  },
});
