import { z } from 'zod';
import {
  contactDaysSchema,
  maxAttemptsPerDaySchema,
  maxAttemptsPerWeekSchema,
  timeOfDaySchema,
} from './channels';

/**
 * A company's contact rules (issue 18), spread into the company's schemas: its own contact hours
 * (all three null: the agency's; contactHoursProblem says when they do not fit together, the API
 * checks it on every write) and its caps of contact attempts per debtor (null: none).
 */
export const companyContactItemFields = {
  contactDays: z.array(z.number().int()).nullable(),
  contactFrom: z.string().nullable(),
  contactTo: z.string().nullable(),
  maxAttemptsPerDay: z.number().int().nullable(),
  maxAttemptsPerWeek: z.number().int().nullable(),
};

const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable()).default(null);

export const companyContactFields = {
  contactDays: orNull(contactDaysSchema),
  contactFrom: orNull(timeOfDaySchema),
  contactTo: orNull(timeOfDaySchema),
  maxAttemptsPerDay: maxAttemptsPerDaySchema,
  maxAttemptsPerWeek: maxAttemptsPerWeekSchema,
};
