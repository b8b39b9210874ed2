import {
  DEBT_HISTORY_NAMED,
  type DebtHistoryEntry,
  debtChanges,
  debtHistoryCall,
  MESSAGES,
} from '@cobranzas/shared';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { routeCall } from '../../crud';
import { arrayLiteral, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { auditLog, debtors } from '../../db/schema';
import { HttpError } from '../../errors';
import type { DebtsService } from './service';

/** The newest entries shown: a debt's history is read, not mined (the audit call has the rest). */
const HISTORY_LIMIT = 200;

type Stored = Record<string, unknown> | null;

/** The names behind the ids the entries hold, one lookup per kind of record. */
async function namesOf(db: Db, rows: { before: Stored; after: Stored }[]) {
  const ids: Record<string, Set<number>> = Object.fromEntries(DEBT_HISTORY_NAMED.map((f) => [f, new Set()]));
  for (const row of rows)
    for (const field of DEBT_HISTORY_NAMED)
      for (const value of [row.before?.[field], row.after?.[field]])
        if (typeof value === 'number') ids[field]?.add(value);
  const lookup = async (field: string, read: (list: number[]) => Promise<{ id: number; name: string }[]>) => {
    const list = [...(ids[field] ?? [])];
    return [field, new Map(list.length ? (await read(list)).map((r) => [r.id, r.name]) : [])] as const;
  };
  // Constant table names, never input: each a primary-key lookup of the ids at hand.
  const byName = (table: string) => async (list: number[]) =>
    rowsOf<{ id: number; name: string }>(
      await db.execute(
        sql`SELECT id, name FROM ${sql.raw(table)} WHERE id = ANY(${arrayLiteral(list)}::int[])`,
      ),
    );
  return Object.fromEntries(
    await Promise.all([
      lookup('companyId', byName('companies')),
      lookup('debtTypeId', byName('debt_types')),
      lookup('collectionTypeId', byName('collection_types')),
      lookup('rateTableId', byName('rate_tables')),
      lookup('assignedUserId', byName('users')),
      lookup('debtorId', (list) =>
        db
          .select({ id: debtors.id, name: sql<string>`${debtors.lastName} || ', ' || ${debtors.firstName}` })
          .from(debtors)
          .where(inArray(debtors.id, list)),
      ),
    ]),
  );
}

/**
 * GET /api/debts/{id}/history (issue 32): the debt's audit entries — its creation, every edit, stage
 * and status change, and the bulk assignments that named it — as changes in the form's words. A
 * CLIENTE is refused: the entries name the agency's people.
 */
export function historyRoute(app: FastifyInstance, db: Db, service: DebtsService) {
  routeCall(app, debtHistoryCall, {}, async (request) => {
    const { user } = request;
    if (user.type === 'CLIENTE') throw new HttpError(403, MESSAGES.forbidden);
    const { id } = request.params;
    await service.read(id, user);
    const rows = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, 'debts'),
          or(
            eq(auditLog.recordId, id),
            and(isNull(auditLog.recordId), sql`${auditLog.after} -> 'ids' @> ${JSON.stringify([id])}::jsonb`),
          ),
        ),
      )
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(HISTORY_LIMIT);
    const entries = rows.map((row) => ({ ...row, before: row.before as Stored, after: row.after as Stored }));
    const names = await namesOf(db, entries);
    const data: DebtHistoryEntry[] = entries.flatMap((row) => {
      const kind = row.recordId === null ? 'ASIGNADA' : row.action === 'create' ? 'CREADA' : 'MODIFICADA';
      const changes =
        kind === 'ASIGNADA'
          ? debtChanges(
              { assignedUserId: null },
              { assignedUserId: row.after?.assignedUserId ?? null },
              names,
            )
          : debtChanges(row.before, row.after, names);
      // An update that touched only what moves by itself (totals, queue facts) says nothing to a person.
      if (kind === 'MODIFICADA' && changes.length === 0) return [];
      return [{ id: row.id, at: new Date(row.at).toISOString(), userName: row.userName, kind, changes }];
    });
    return { data };
  });
}
