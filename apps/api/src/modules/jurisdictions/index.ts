import { judicialDeadlineCall, jurisdictionsResource } from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, routeCall } from '../../crud';
import type { Db } from '../../db/client';
import { jurisdictions } from '../../db/schema';
import { notFound } from '../../errors';
import { catalogParts } from '../catalogs';
import { deadlineOn } from './deadline';

/**
 * Jurisdictions (issue 37): each keeps a calendar of judicial working days (modules/judicialDaysOff);
 * `GET /api/jurisdictions/{id}/deadline` says when a term of N working days from a notice ends on it.
 */
export function jurisdictionsModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    definition: jurisdictionsResource,
    ...catalogParts(jurisdictions),
    sortable: { name: jurisdictions.name, id: jurisdictions.id, createdAt: jurisdictions.createdAt },
    defaultSort: { column: jurisdictions.name, order: 'asc' },
  });

  routeCall(app, judicialDeadlineCall, {}, async (request) => {
    const [found] = await db
      .select({ id: jurisdictions.id })
      .from(jurisdictions)
      .where(eq(jurisdictions.id, request.params.id));
    if (!found) throw notFound();
    return deadlineOn(db, found.id, request.query.from, request.query.days);
  });
}
