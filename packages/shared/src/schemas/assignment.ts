import { z } from 'zod';
import { idSchema } from './common';

/** The most debts POST /debts/assign takes by id (a whole filter has no limit). */
export const ASSIGN_MAX_IDS = 100_000;

/**
 * POST /api/debts/assign (DESIGN.md §10.3, contract; ADMIN): the debts chosen by id or by the debts
 * list's own filters (as its query string sends them) go to `userId`; null leaves them unassigned.
 */
export const debtAssignSchema = z
  .object({
    userId: idSchema.nullable(),
    ids: z
      .array(idSchema)
      .min(1, { error: 'Elija al menos una deuda.' })
      .max(ASSIGN_MAX_IDS, {
        error: `Se pueden asignar como máximo ${ASSIGN_MAX_IDS} deudas elegidas por vez.`,
      })
      .optional(),
    // A JSON client may send {"companyId": 3}: numbers and booleans read as the query string would.
    filter: z
      .record(
        z.string(),
        z.union([z.string(), z.number(), z.boolean()]).transform((value) => String(value)),
      )
      .optional(),
  })
  .refine((body) => body.ids !== undefined || body.filter !== undefined, {
    error: 'Indique las deudas: las elegidas (ids) o el filtro de la lista (filter).',
    path: ['ids'],
  });
export type DebtAssign = z.input<typeof debtAssignSchema>;

export const debtAssignResultSchema = z.object({
  /** Debts whose collector changed (those already assigned to the user are not counted). */
  assigned: z.number().int(),
});
