import { type Debt, type ListResponse, normalizeDni, onlyDigits, type TokenPayload } from '@cobranzas/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type ListQuery, toJson } from '../../crud';
import type { Db } from '../../db/client';
import { debtors, debts } from '../../db/schema';
import { clientCompany } from '../scope';
import { debtColumns, debtorByCuit, innerDni, isCuit } from './columns';
import type { DebtsService } from './service';

/**
 * The search box's call, built and planned once: the debts of the debtor with that DNI or CUIT,
 * newest first, for staff and for a CLIENTE's company. Building the query with Drizzle and planning
 * it cost more than running it (a debtor has a handful of debts). The debtor is matched on its own
 * join (debtJoins): a unique DNI is one debtor, so the plan probes each name by its key. With the ids
 * as an array (debtsOfDebtor, which the shared list needs) the one plan kept was made for ten debtors:
 * it hashed every user and company on each lookup, ≈ 30 % more of PostgreSQL's time (issue 38).
 */
function prepare(db: Db, service: DebtsService, kind: Kind) {
  const debtor = kind.startsWith('cuit')
    ? debtorByCuit(sql.placeholder('digits'), sql.placeholder('inner'))
    : eq(debtors.dni, sql.placeholder('digits'));
  const scoped = kind.endsWith('client');
  return service
    .selectFrom(db, debtColumns)
    .where(and(debtor, scoped ? eq(debts.companyId, sql.placeholder('company')) : undefined))
    .orderBy(desc(debts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`debts_by_${kind}`);
}

/** One statement per shape: DNI or CUIT digits, for staff or for a CLIENTE's company. */
type Kind = `${'dni' | 'cuit'}_${'staff' | 'client'}`;

/** Keys of the list query that change which rows or in what order (beyond page and limit). */
const SHAPING_KEYS = (query: ListQuery) =>
  Object.entries(query).filter(
    ([key, value]) => !['page', 'limit', 'order'].includes(key) && value !== undefined,
  );

/**
 * GET /debts/dni/{dni} with no search, filter or sort: the prepared statement. Answers undefined
 * when the shared list must answer instead (other shapes, or a full page whose total needs a count).
 */
export function dniLookup(db: Db, service: DebtsService) {
  const statements: Partial<Record<Kind, ReturnType<typeof prepare>>> = {};
  return async <T = Debt>(
    dni: string,
    query: ListQuery,
    user: TokenPayload,
    explicitOrder: boolean,
  ): Promise<ListResponse<T> | undefined> => {
    if (SHAPING_KEYS(query).length > 0 || (explicitOrder && query.order !== 'desc')) return undefined;
    const company = clientCompany(user);
    // A CUIT as typed; a DNI as stored, without leading zeros (debtorMatches).
    const typed = onlyDigits(dni);
    const digits = isCuit(typed) ? typed : normalizeDni(typed);
    const kind: Kind = `${isCuit(typed) ? 'cuit' : 'dni'}_${company === null ? 'staff' : 'client'}`;
    statements[kind] ??= prepare(db, service, kind);
    const { page, limit } = query;
    const rows = await statements[kind].execute({
      digits,
      inner: innerDni(digits),
      company: company ?? 0,
      limit,
      offset: (page - 1) * limit,
    });
    // A full page may not be the last: leave the count to the shared list.
    if (rows.length === limit || (rows.length === 0 && page > 1)) return undefined;
    return { data: rows.map((row) => toJson<T>(row)), total: (page - 1) * limit + rows.length, page, limit };
  };
}
