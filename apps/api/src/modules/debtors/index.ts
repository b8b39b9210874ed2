import {
  type Debtor,
  debtorSchema,
  debtorsResource,
  dniOrCuitParamsSchema,
  MESSAGES,
} from '@cobranzas/shared';
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudModule, docsFor, equals, errorResponses, toJson } from '../../crud';
import type { Db } from '../../db/client';
import { debtors } from '../../db/schema';
import { HttpError } from '../../errors';
import { debtorMatches } from '../debts/columns';
import { debtorHistoryRoute } from './history';

const LABEL = 'deudores';

export function debtorsModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    definition: debtorsResource,
    table: debtors,
    sortable: {
      // "Apellido y nombre": namesakes by first names (the debtors_last_name_idx order).
      lastName: [debtors.lastName, debtors.firstName],
      id: debtors.id,
      dni: debtors.dni,
      createdAt: debtors.createdAt,
    },
    // Names, DNI, CUIT, e-mail and phones, folded in one indexed column (migration 0026).
    search: [debtors.searchText],
    filters: { province: equals(debtors.province), city: equals(debtors.city) },
    unique: {
      debtors_dni_unique: { field: 'dni', message: MESSAGES.debtorDniTaken },
      debtors_cuit_unique: { field: 'cuit', message: MESSAGES.debtorCuitTaken },
    },
  });

  debtorHistoryRoute(app, db);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/debtors/dni/:dni',
    {
      schema: {
        ...docsFor(LABEL),
        summary: 'Buscar un deudor por DNI o CUIT',
        params: dniOrCuitParamsSchema,
        response: { 200: debtorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { dni } = request.params;
      // An exact CUIT beats a DNI found inside it.
      const [row] = await db
        .select()
        .from(debtors)
        .where(debtorMatches(dni))
        .orderBy(desc(sql`coalesce(${debtors.cuit} = ${dni}, false)`), debtors.id)
        .limit(1);
      if (!row) throw new HttpError(404, MESSAGES.debtorNotFoundByDni);
      return toJson<Debtor>(row);
    },
  );
}
