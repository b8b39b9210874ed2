import { type ListResponse, onlyDigits, type TokenPayload } from '@cobranzas/shared';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { type ListQuery, type Row, toJson } from '../../crud';
import type { Db } from '../../db/client';
import { debtors, debts } from '../../db/schema';
import { clientCompany } from '../scope';
import { debtColumns, debtJoins, innerDni } from './columns';

/**
 * The search box's call, built and planned once: the debts of the debtor with that DNI or CUIT
 * (same rule as `debtorMatches`), newest first, for staff and for a CLIENTE's company. Building the
 * query with Drizzle and planning it cost more than running it (a debtor has a handful of debts).
 */
function prepare(db: Db, scoped: boolean) {
  const digits = sql.placeholder('digits');
  // The same rule and shape as debtsOfDebtor; `inner` is the digits themselves unless they are a CUIT.
  // Each placeholder is its own parameter: one shared by dni (varchar) and cuit (char) would be
  // typed text and keep the CUIT index out.
  const matches = or(
    eq(debtors.dni, digits),
    eq(debtors.cuit, digits),
    eq(debtors.dni, sql.placeholder('inner')),
  );
  const ofDebtor = sql`${debts.debtorId} = ANY(ARRAY(SELECT ${debtors.id} FROM ${debtors} WHERE ${matches}))`;
  const query = db.select(debtColumns).from(debts).$dynamic();
  let joined = query;
  for (const join of debtJoins) joined = joined.leftJoin(join.table, join.on) as unknown as typeof query;
  return joined
    .where(and(ofDebtor, scoped ? eq(debts.companyId, sql.placeholder('company')) : undefined))
    .orderBy(desc(debts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(scoped ? 'debts_by_dni_company' : 'debts_by_dni');
}

/** Keys of the list query that change which rows or in what order (beyond page and limit). */
const SHAPING_KEYS = (query: ListQuery) =>
  Object.entries(query).filter(
    ([key, value]) => !['page', 'limit', 'order'].includes(key) && value !== undefined,
  );

/**
 * GET /debts/dni/{dni} with no search, filter or sort: the prepared statement. Answers undefined
 * when the shared list must answer instead (other shapes, or a full page whose total needs a count).
 */
export function dniLookup(db: Db) {
  const statements: Partial<Record<'staff' | 'client', ReturnType<typeof prepare>>> = {};
  return async <T = Row>(
    dni: string,
    query: ListQuery,
    user: TokenPayload,
    explicitOrder: boolean,
  ): Promise<ListResponse<T> | undefined> => {
    if (SHAPING_KEYS(query).length > 0 || (explicitOrder && query.order !== 'desc')) return undefined;
    const company = clientCompany(user);
    const kind = company === null ? 'staff' : 'client';
    statements[kind] ??= prepare(db, company !== null);
    const digits = onlyDigits(dni);
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
