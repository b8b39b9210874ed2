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
  partialUpdate,
  requiredText,
} from './common';

/**
 * Each jurisdiction's calendar of judicial working days (issue 37, DESIGN.md §11.6): national holidays
 * (FERIADO, every jurisdiction), its recesses (FERIA: January, two weeks in winter) and extra days off
 * (INHABIL). shared/judicialDays.ts counts a deadline on it.
 */
export const JURISDICTION_MESSAGES = {
  recessNeedsJurisdiction: 'Una feria o un día inhábil es de una jurisdicción: elegila.',
  holidayIsNational: 'Un feriado nacional vale para todas las jurisdicciones: no elijas una.',
  rangeBackwards: 'El último día no puede ser anterior al primero.',
  rangeTooLong: 'Un período inhábil dura a lo sumo 62 días.',
  duplicateDay: 'Ese día ya está cargado.',
  yearUnavailable: 'No hay feriados de ese año en la fuente: cargalos como lista.',
  noWorkingDays: 'El calendario no tiene días hábiles en ese período.',
} as const;

export const jurisdictionSchema = catalogSchema;
export type Jurisdiction = z.infer<typeof jurisdictionSchema>;
export const jurisdictionsResource = defineResource({
  path: 'jurisdictions',
  label: 'jurisdicciones',
  item: jurisdictionSchema,
  create: catalogCreateSchema,
  update: catalogUpdateSchema,
  sortable: ['name', 'id', 'createdAt'],
});

export const JUDICIAL_DAY_OFF_KINDS = ['FERIADO', 'FERIA', 'INHABIL'] as const;
export type JudicialDayOffKind = (typeof JUDICIAL_DAY_OFF_KINDS)[number];
export const JUDICIAL_DAY_OFF_KIND_LABELS: Record<JudicialDayOffKind, string> = {
  FERIADO: 'Feriado nacional',
  FERIA: 'Feria judicial',
  INHABIL: 'Día inhábil',
};

export const judicialDayOffSchema = z.object({
  id: z.number().int(),
  jurisdictionId: z.number().int().nullable(),
  jurisdictionName: z.string().nullable(),
  kind: z.enum(JUDICIAL_DAY_OFF_KINDS),
  from: z.string(),
  to: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JudicialDayOff = z.infer<typeof judicialDayOffSchema>;

const dayOffFields = z.object({
  jurisdictionId: idSchema.nullish().transform((v) => v ?? null),
  kind: z.enum(JUDICIAL_DAY_OFF_KINDS),
  from: dateSchema,
  /** Defaults to `from` (one day). */
  to: dateSchema.optional(),
  name: requiredText(120),
});
export const judicialDayOffCreateSchema = dayOffFields;
export const judicialDayOffUpdateSchema = partialUpdate(
  dayOffFields.omit({ kind: true, jurisdictionId: true }),
);

export const judicialDaysOffResource = defineResource({
  path: 'judicial-days-off',
  label: 'días inhábiles judiciales',
  item: judicialDayOffSchema,
  create: judicialDayOffCreateSchema,
  update: judicialDayOffUpdateSchema,
  sortable: ['from', 'id'],
  filters: {
    /** A jurisdiction's calendar: its own days and the national holidays. */
    jurisdictionId: idFilter,
    kind: z.enum(JUDICIAL_DAY_OFF_KINDS).optional(),
    year: z.coerce.number().int().min(1900).max(2199).optional(),
  },
});

/** A year's national holidays: from the holiday data the server carries, or a list the ADMIN pastes. */
export const judicialHolidaysLoadSchema = z.object({
  year: z.number().int().min(2000).max(2199),
  /** Absent: the server's holiday data (date-holidays, AR). */
  days: z
    .array(z.object({ date: dateSchema, name: requiredText(120) }))
    .min(1)
    .max(100)
    .optional(),
});
export type JudicialHolidaysLoad = z.infer<typeof judicialHolidaysLoadSchema>;

export const judicialHolidaysLoadCall = defineCall({
  method: 'POST',
  path: '/judicial-days-off/holidays',
  tag: judicialDaysOffResource.label,
  summary: 'Cargar los feriados nacionales de un año (de la fuente del servidor o de una lista)',
  body: judicialHolidaysLoadSchema,
  answer: z.object({ added: z.number().int(), existing: z.number().int() }),
  errors: {
    400: 'El año no está en la fuente o la lista tiene una fecha de otro año.',
    403: 'Solo un administrador carga feriados.',
  },
});

/** A deadline of N judicial working days from a notice, on a jurisdiction's calendar. */
export const judicialDeadlineQuerySchema = z.object({
  from: dateSchema,
  days: z.coerce.number().int().min(1).max(365),
});
export const judicialDeadlineSchema = z.object({
  deadlineOn: z.string(),
  /** The days skipped on the way, with why (weekends left out). */
  skipped: z.array(z.object({ date: z.string(), kind: z.enum(JUDICIAL_DAY_OFF_KINDS), name: z.string() })),
});
export type JudicialDeadline = z.infer<typeof judicialDeadlineSchema>;

export const judicialDeadlineCall = defineCall({
  method: 'GET',
  path: '/jurisdictions/:id/deadline',
  tag: jurisdictionsResource.label,
  summary: 'El vencimiento de un plazo de N días hábiles judiciales desde una notificación',
  params: idParamsSchema,
  query: judicialDeadlineQuerySchema,
  answer: judicialDeadlineSchema,
  errors: { 404: 'La jurisdicción no existe.' },
});
