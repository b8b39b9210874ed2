import './zodConfig';
import { z } from 'zod';
import { MESSAGES } from '../messages';

/** DESIGN.md §7 list conventions: ?page&limit&sort&order&q plus typed filters per resource. */
export const LIST_MAX_LIMIT = 500;
export const LIST_DEFAULT_LIMIT = 25;

/** What any other key of a list's query is: an error on that key (z.never would name none). */
export const unknownParam = z.custom<never>(() => false, { error: MESSAGES.unknownParam });

/**
 * A list's query: the conventions plus, through `.extend`, the resource's filters, and nothing else.
 * A parameter the list does not know is refused (400 naming it), never ignored: a misspelt filter
 * would otherwise answer the whole list as if it had filtered it. `.extend` keeps the catchall.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z
    .object({
      page: z.coerce.number().int().min(1).max(1_000_000).default(1),
      limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
      sort: z.enum(sortable).optional(),
      order: z.enum(['asc', 'desc']).default('asc'),
      q: z.string().trim().max(100).optional(),
    })
    .catchall(unknownParam);
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
  /** A stable name of the refusal, when the client reacts to it (e.g. the contact rules' OUTSIDE_HOURS). */
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
