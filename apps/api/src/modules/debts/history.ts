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
import { arrayParam, rowsOf } from '../../db/bulk';
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
        sql`SELECT id, name FROM ${sql.raw(table)} WHERE id = ANY(${arrayParam(list)}::int[])`,
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

/** A change entry and the debt it is about (a bulk assignment names several: one entry each). */
export type DebtChangeEntry = DebtHistoryEntry & { debtId: number };

/**
 * The audit entries of these debts — creation, every edit, stage and status change, and the bulk
 * assignments that named them — as changes in the form's words, newest first, at most `limit`.
 */
export async function debtChangeEntries(
  db: Db,
  debtIds: number[],
  limit: number,
): Promise<DebtChangeEntry[]> {
  if (debtIds.length === 0) return [];
  const wanted = new Set(debtIds);
  // A bulk assignment is one row naming its debts in `after.ids`: matched by jsonb containment.
  const named = sql`${auditLog.after} -> 'ids' @> ANY(${arrayParam(debtIds.map((id) => `[${id}]`))}::jsonb[])`;
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.resource, 'debts'),
        or(inArray(auditLog.recordId, debtIds), and(isNull(auditLog.recordId), named)),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  const entries = rows.map((row) => ({ ...row, before: row.before as Stored, after: row.after as Stored }));
  const names = await namesOf(db, entries);
  return entries.flatMap((row): DebtChangeEntry[] => {
    const at = new Date(row.at).toISOString();
    if (row.recordId === null) {
      const ids = Array.isArray(row.after?.ids) ? (row.after.ids as unknown[]) : [];
      const changes = debtChanges(
        { assignedUserId: null },
        { assignedUserId: row.after?.assignedUserId ?? null },
        names,
      );
      return ids
        .filter((id): id is number => typeof id === 'number' && wanted.has(id))
        .map((debtId) => ({
          id: row.id,
          at,
          userName: row.userName,
          kind: 'ASIGNADA' as const,
          changes,
          debtId,
        }));
    }
    const kind = row.action === 'create' ? ('CREADA' as const) : ('MODIFICADA' as const);
    const changes = debtChanges(row.before, row.after, names);
    // An update that touched only what moves by itself (totals, queue facts) says nothing to a person.
    if (kind === 'MODIFICADA' && changes.length === 0) return [];
    return [{ id: row.id, at, userName: row.userName, kind, changes, debtId: row.recordId }];
  });
}

/**
 * GET /api/debts/{id}/history (issue 32): the debt's change entries. A CLIENTE is refused: the
 * entries name the agency's people.
 */
export function historyRoute(app: FastifyInstance, db: Db, service: DebtsService) {
  routeCall(app, debtHistoryCall, {}, async (request) => {
    const { user } = request;
    if (user.type === 'CLIENTE') throw new HttpError(403, MESSAGES.forbidden);
    const { id } = request.params;
    await service.read(id, user);
    const entries = await debtChangeEntries(db, [id], HISTORY_LIMIT);
    return { data: entries.map(({ debtId: _debtId, ...entry }) => entry) };
  });
}
