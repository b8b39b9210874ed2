import { z } from 'zod';

/** DESIGN.md §7 list conventions: ?page&limit&sort&order&q plus typed filters per resource. */
export const LIST_MAX_LIMIT = 500;
export const LIST_DEFAULT_LIMIT = 25;

export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
    sort: z.enum(sortable).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
    q: z.string().trim().max(100).optional(),
  });
}

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    /**
     * Present (true) when `total` is the planner's estimate: past LIST_EXACT_COUNT_CAP matches an
     * exact count would cost more than the page itself.
     */
    totalEstimated: z.literal(true).optional(),
  });
}

/** Up to this many matches a list's total is exact; beyond, it is an estimate (totalEstimated). */
export const LIST_EXACT_COUNT_CAP = 10_000;

export type ListResponse<T> = {
  data: T[];
  total: number;
  page: number;
  limit: number;
  totalEstimated?: true;
};

/** The error body of DESIGN.md §7. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
