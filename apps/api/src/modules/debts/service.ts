import type { debtsResource } from '@cobranzas/shared';
import type { CrudService } from '../../crud';
import type { debts } from '../../db/schema';

/** The debts' generic service, which their own calls (stage, status, summary, by DNI) build on. */
export type DebtsService = CrudService<typeof debtsResource, typeof debts>;
