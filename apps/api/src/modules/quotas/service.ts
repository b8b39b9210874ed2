import type { quotasResource } from '@cobranzas/shared';
import type { CrudService } from '../../crud';
import type { quotas } from '../../db/schema';

/** The quotas' generic service, which the plan and the pay, mora and undo calls build on. */
export type QuotasService = CrudService<typeof quotasResource, typeof quotas>;
export type QuotaRow = typeof quotas.$inferSelect;
