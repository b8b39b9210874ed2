import { debtSchema, idParamsSchema, type TokenPayload } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { docsFor, errorResponses, type Tx } from '../../crud';
import type { Db } from '../../db/client';
import type { DebtRow } from './books';
import type { DebtsService } from './service';

export interface DebtAction<B extends z.ZodType> {
  /** The last path segment: PATCH /api/debts/{id}/{name}. */
  name: string;
  summary: string;
  body: B;
  /** The action, in one transaction, on the debt as locked (404 when missing or out of scope). */
  run(tx: Tx, debt: DebtRow, body: z.output<B>, user: TokenPayload): Promise<void>;
}

/**
 * PATCH /api/debts/{id}/{name}: one act on one debt (a stage or status change) with its trace, in
 * one transaction; answers the debt as read. Guarded as an update of debts.
 */
export function debtActionRoute<B extends z.ZodType>(
  app: FastifyInstance,
  db: Db,
  service: DebtsService,
  action: DebtAction<B>,
) {
  app.withTypeProvider<ZodTypeProvider>().patch(
    `/api/debts/:id/${action.name}`,
    {
      schema: {
        ...docsFor('deudas'),
        summary: action.summary,
        params: idParamsSchema,
        body: action.body,
        response: { 200: debtSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { user } = request;
      const body = request.body as z.output<B>;
      await db
        .transaction(async (tx) => action.run(tx, await service.lockRow(tx, id, user), body, user))
        .catch((error: unknown) => {
          throw service.writeError(error);
        });
      return service.read(id, user);
    },
  );
}
