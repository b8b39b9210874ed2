import {
  CLOSED_DEBT_STATUSES,
  type CollectorLoad,
  collectorsLoadResponseSchema,
  MESSAGES,
  type UserTypeName,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, errorResponses } from '../../crud';
import { arrayParam, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { HttpError } from '../../errors';

/** One (collector, currency) of the statement below; a collector without open debts has one row, currency null. */
interface LoadRow {
  user_id: number | null;
  name: string | null;
  role: UserTypeName | null;
  active: boolean | null;
  currency: 'ARS' | 'USD' | null;
  debts: number;
  balance: string | null;
}

/**
 * One statement: the open debts grouped by collector and currency (one pass over debts, balances
 * summed as NUMERIC), joined to the users who have some and to the active GENERAL users who have
 * none; the unassigned group is its own row.
 */
const loadQuery = () => sql`WITH load AS (
    SELECT d.assigned_user_id AS user_id, d.currency::text AS currency, count(*)::int AS debts,
      sum(d.balance)::text AS balance
    FROM debts d
    WHERE d.status <> ALL(${arrayParam(CLOSED_DEBT_STATUSES)}::debt_status[])
    GROUP BY d.assigned_user_id, d.currency
  ), people AS (
    SELECT u.id, u.name, t.role::text AS role, u.active
    FROM users u JOIN user_types t ON t.id = u.user_type_id
    WHERE (u.active AND t.role = 'GENERAL') OR u.id IN (SELECT l.user_id FROM load l)
  )
  SELECT p.id AS user_id, p.name, p.role, p.active, l.currency, coalesce(l.debts, 0) AS debts, l.balance
  FROM people p LEFT JOIN load l ON l.user_id = p.id
  UNION ALL
  SELECT NULL, NULL, NULL, NULL, l.currency, l.debts, l.balance FROM load l WHERE l.user_id IS NULL`;

const byName = new Intl.Collator('es', { sensitivity: 'base' });

/** The rows folded per collector (currencies in a fixed order), by name; the unassigned last. */
export function foldLoad(rows: readonly LoadRow[]): CollectorLoad[] {
  const people = new Map<number | null, CollectorLoad>();
  people.set(null, { userId: null, name: null, role: null, active: null, debts: 0, balances: [] });
  for (const row of rows) {
    let load = people.get(row.user_id);
    if (!load) {
      load = {
        userId: row.user_id,
        name: row.name,
        role: row.role,
        active: row.active,
        debts: 0,
        balances: [],
      };
      people.set(row.user_id, load);
    }
    if (row.currency === null || row.balance === null) continue;
    load.debts += row.debts;
    load.balances.push({ currency: row.currency, debts: row.debts, balance: row.balance });
  }
  const all = [...people.values()];
  for (const load of all) load.balances.sort((a, b) => a.currency.localeCompare(b.currency));
  const unassigned = all.filter((load) => load.userId === null);
  const named = all
    .filter((load) => load.userId !== null)
    .sort((a, b) => byName.compare(a.name ?? '', b.name ?? '') || (a.userId ?? 0) - (b.userId ?? 0));
  return [...named, ...unassigned];
}

/**
 * GET /api/collectors/load (issue 18): each collector's open debts and balance, for the ADMIN who
 * hands out the work (POST /api/debts/assign). ADMIN only: GENERAL and CLIENTE 403.
 */
export function collectorsModule(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/collectors/load',
    {
      config: { access: 'authenticated' },
      onRequest: async (request) => {
        if (request.user.type !== 'ADMIN') throw new HttpError(403, MESSAGES.forbidden);
      },
      schema: {
        ...docsFor('cobradores'),
        summary: 'Carga de cada cobrador: deudas abiertas asignadas y su saldo por moneda (solo ADMIN)',
        response: { 200: collectorsLoadResponseSchema, ...errorResponses },
      },
    },
    async () => ({ data: foldLoad(rowsOf<LoadRow>(await db.execute(loadQuery()))) }),
  );
}
