/**
 * The minimal floor of bench/floor.ts (issue 38): for each read case, the least database work a
 * PostgreSQL expert would write for **exactly the body our API answers** (shared debtSchema: its
 * fields, in its order, with its values), where the replay floor (floorServer.ts) repeats our own
 * statements. One statement per request, parsed once per connection. Two ways of answering:
 *
 * - `json`: PostgreSQL builds the JSON (json_build_object / json_agg) and returns it as one text value,
 *   written to the socket as is; a list's envelope (total, page, limit) is concatenated around it.
 * - `rows`: the same fields as columns named as the body's keys, through JSON.stringify (the debtor
 *   and the case come as json columns, which the driver parses).
 *
 * bench/floor.ts checks both against the API's bodies before measuring (`--minimal-modes json,rows`
 * measures both and keeps the faster; by default each case's `mode`, the faster in two runs on the 200k
 * PostgreSQL data: `json` but for one case, and within the machine's noise for the pages). `json` costs
 * PostgreSQL more (it builds the JSON) and Node less (one value to read instead of 36 columns a row).
 */

export type MinimalMode = 'json' | 'rows';

/** Runs one statement (named, so each connection parses it once; '' unnamed) and answers its rows. */
export type MinimalRun = (
  name: string,
  text: string,
  values: unknown[],
) => Promise<Record<string, unknown>[]>;

const AGENCY_TIME_ZONE = 'America/Argentina/Buenos_Aires';
/** As LIST_EXACT_COUNT_CAP (shared/schemas/list.ts): an exact total up to this many matches. */
const COUNT_CAP = 10_000;
/** As the API's reuse of a list's estimated total (crud/service.ts ESTIMATE_TTL_MS). */
const ESTIMATE_TTL_MS = 30_000;
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A debt as debtSchema answers it, in its order: money as text (numeric(15,2) prints "1500.00"),
 * instants as JavaScript's toISOString, the debtor and the case as json objects. Every column is read
 * from the debt's own row or a primary-key probe; the case's one probe is cases_debt_unique.
 */
const FIELDS: [key: string, expression: string][] = [
  ['id', 'd.id'],
  ['debtorId', 'd.debtor_id'],
  ['companyId', 'd.company_id'],
  ['debtTypeId', 'd.debt_type_id'],
  ['collectionTypeId', 'd.collection_type_id'],
  ['reference', 'd.reference'],
  ['originalAmount', 'd.original_amount::text'],
  ['currency', 'd.currency::text'],
  ['originDate', 'd.origin_date::text'],
  ['defaultDate', 'd.default_date::text'],
  ['punitiveRate', 'd.punitive_rate::text'],
  ['interestRate', 'd.interest_rate::text'],
  ['rateTableId', 'd.rate_table_id'],
  ['importId', 'd.import_id'],
  ['status', 'd.status::text'],
  ['assignedUserId', 'd.assigned_user_id'],
  ['court', 'd.court'],
  ['caseNumber', 'd.case_number'],
  ['notes', 'd.notes'],
  [
    'debtor',
    `json_build_object('id', r.id, 'dni', r.dni, 'cuit', r.cuit, 'firstName', r.first_name, 'lastName', r.last_name,
      'phone', r.phone, 'altPhone', r.alt_phone, 'phoneKind', r.phone_kind, 'altPhoneKind', r.alt_phone_kind, 'email', r.email)`,
  ],
  ['companyName', 'co.name'],
  ['debtTypeName', 'dt.name'],
  ['collectionTypeName', 'ct.name'],
  ['assignedUserName', 'u.name'],
  ['servicesAmount', 'd.services_amount::text'],
  ['moraAmount', 'd.mora_amount::text'],
  ['paidAmount', 'd.paid_amount::text'],
  ['balance', 'd.balance::text'],
  ['prescribesOn', 'd.prescribes_on::text'],
  [
    'judicialCase',
    // As modules/cases/debtFacts.ts: the next deadline is part of the answer.
    `(SELECT json_build_object('id', c.id, 'jurisdictionName', j.name, 'court', c.court, 'number', c.number,
        'nextDeadlineOn', (SELECT min(s.deadline_on)::text FROM case_steps s LEFT JOIN tasks t ON t.id = s.task_id
          WHERE s.case_id = c.id AND s.deadline_on IS NOT NULL AND (t.status = 'PENDIENTE'
            OR (s.task_id IS NULL AND s.deadline_on >= (now() AT TIME ZONE '${AGENCY_TIME_ZONE}')::date))))
      FROM cases c LEFT JOIN jurisdictions j ON j.id = c.jurisdiction_id WHERE c.debt_id = d.id)`,
  ],
  ['createdAt', iso('d.created_at')],
  ['updatedAt', iso('d.updated_at')],
];

const DEBT_JSON = `json_build_object(${FIELDS.map(([key, expression]) => `'${key}', ${expression}`).join(', ')})`;
const DEBT_COLUMNS = FIELDS.map(([key, expression]) => `${expression} AS "${key}"`).join(', ');
/** Inner joins where the debt's foreign key is NOT NULL: the same rows as the API's left joins. */
const JOINS = `JOIN debtors r ON r.id = d.debtor_id JOIN companies co ON co.id = d.company_id
  JOIN debt_types dt ON dt.id = d.debt_type_id LEFT JOIN collection_types ct ON ct.id = d.collection_type_id
  LEFT JOIN users u ON u.id = d.assigned_user_id`;

/** Where a list's rows come from, and how they are paged. */
interface ListShape {
  /** The page's ids in list order, with its parameters ($1…); LIMIT and OFFSET are appended. */
  ids: string;
  /** The same rows for the total, capped at COUNT_CAP + 1. */
  matches: string;
  /** What EXPLAIN estimates past the cap, as the API asks it (crud/service.ts countOf). */
  estimate?: string;
  /** The parameters of `ids` and `matches` for the request's value. */
  params: (value: string) => unknown[];
}

export interface MinimalCase {
  /** The way floor.ts measures unless told both (see the module's comment). */
  mode: MinimalMode;
  answer(run: MinimalRun, mode: MinimalMode, value: string): Promise<{ status: number; body: string }>;
}

/** GET /debts/{id}: one probe of debts_pkey and one of each table it names (primary keys). */
function item(name: string, mode: MinimalMode): MinimalCase {
  const json = `SELECT ${DEBT_JSON}::text AS body FROM debts d ${JOINS} WHERE d.id = $1`;
  const rows = `SELECT ${DEBT_COLUMNS} FROM debts d ${JOINS} WHERE d.id = $1`;
  return {
    mode,
    async answer(run, mode, value) {
      const [row] = await run(`${name}_${mode}`, mode === 'json' ? json : rows, [Number(value)]);
      if (!row) return { status: 404, body: '' };
      return { status: 200, body: mode === 'json' ? String(row.body) : JSON.stringify(row) };
    },
  };
}

/**
 * A list page (ListResponse): the page's ids from an index in list order (an index-only scan that skips
 * OFFSET entries, not joined rows), joined after. The total as the API gives it: a page not full is the
 * last one; otherwise an exact count up to COUNT_CAP (in the same statement, only when the page needs
 * it), else the planner's estimate, reused ESTIMATE_TTL_MS as the API does.
 */
function list(name: string, mode: MinimalMode, shape: ListShape, page: number, limit: number): MinimalCase {
  // LIMIT and OFFSET written in the statement (as the API's queue does): with LIMIT $n a generic plan
  // expects a tenth of the table and hash-joins a scan of every debt; with OFFSET $n, it expects to skip
  // a tenth, costs more than page 1's custom plan, and PostgreSQL plans the joins again on every call.
  const offset = (page - 1) * limit;
  // Two statements, with and without the count: a boolean parameter would let each call's custom plan
  // drop the count, cost less than the generic plan, and have PostgreSQL plan the joins on every call.
  const json = (counting: boolean) => `WITH page AS (
      SELECT coalesce(json_agg(${DEBT_JSON} ORDER BY d.id DESC), '[]')::text AS data, count(*)::int AS n
      FROM (${shape.ids} LIMIT ${limit} OFFSET ${offset}) p JOIN debts d ON d.id = p.id ${JOINS})
    SELECT data, n, ${
      counting
        ? `CASE WHEN n = ${limit} OR (n = 0 AND ${offset} > 0)
      THEN (SELECT count(*)::int FROM (${shape.matches} LIMIT ${COUNT_CAP + 1}) m) END`
        : 'NULL::int'
    } AS matches FROM page`;
  const rows = `SELECT ${DEBT_COLUMNS} FROM (${shape.ids} LIMIT ${limit} OFFSET ${offset}) p
    JOIN debts d ON d.id = p.id ${JOINS} ORDER BY d.id DESC`;
  const countOnly = `SELECT count(*)::int AS matches FROM (${shape.matches} LIMIT ${COUNT_CAP + 1}) m`;
  let estimated: { n: number; until: number } | undefined;
  const reusable = () => estimated !== undefined && estimated.until > Date.now();

  /** The total once the page holds `n` rows and `matches` were counted (null: not counted). */
  async function totalOf(
    run: MinimalRun,
    value: string,
    n: number,
    matches: number | null,
  ): Promise<{ n: number; estimated: boolean }> {
    if (n < limit && (n > 0 || page === 1)) return { n: offset + n, estimated: false };
    if (estimated && reusable()) return { n: estimated.n, estimated: true };
    if (matches === null) throw new Error(`${name}: sin total`);
    if (matches <= COUNT_CAP) return { n: matches, estimated: false };
    const [plan] = await run('', `EXPLAIN (FORMAT JSON) ${shape.estimate}`, shape.params(value));
    const raw = plan?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    const total = Math.max(matches, Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0));
    estimated = { n: total, until: Date.now() + ESTIMATE_TTL_MS };
    return { n: total, estimated: true };
  }
  // Key order as listResponseSchema: data, total, page, limit, totalEstimated.
  const envelope = (data: string, total: { n: number; estimated: boolean }) =>
    `{"data":${data},"total":${total.n},"page":${page},"limit":${limit}${total.estimated ? ',"totalEstimated":true' : ''}}`;

  return {
    mode,
    async answer(run, mode, value) {
      const params = shape.params(value);
      const counting = !reusable();
      if (mode === 'json') {
        const [row] = await run(`${name}_json${counting ? '_count' : ''}`, json(counting), params);
        const matches = row?.matches == null ? null : Number(row.matches);
        const total = await totalOf(run, value, Number(row?.n ?? 0), matches);
        return { status: 200, body: envelope(String(row?.data ?? '[]'), total) };
      }
      const found = await run(`${name}_rows`, rows, params);
      const n = found.length;
      // Rows alone cannot carry a count when the page is empty: a second statement, when the page needs it.
      const needs = counting && (n === limit || (n === 0 && page > 1));
      const matches = needs ? Number((await run(`${name}_count`, countOnly, params))[0]?.matches) : null;
      return { status: 200, body: envelope(JSON.stringify(found), await totalOf(run, value, n, matches)) };
    },
  };
}

/** The whole list of debts, or one stage's, or one company's (the API's list filters), newest first. */
const debtsWhere = (column?: string, value?: number): ListShape => {
  const where = column ? ` WHERE ${column} = $1` : '';
  return {
    ids: `SELECT id FROM debts${where} ORDER BY id DESC`,
    matches: `SELECT 1 FROM debts${where}`,
    estimate: `SELECT 1 FROM debts${where}`,
    params: () => (column ? [value] : []),
  };
};

/**
 * The cases, by the names floor.ts gives them. Indexes:
 * - DNI: debtors_dni_unique finds the debtor, debts_debtor_id_idx its debts (a handful), then the page.
 *   A debtor with a full page of debts (25) needs its count, as the API's shared list does. The DNI as
 *   stored (the API's normalization of what was typed is Node's work, not the database's).
 * - id: debts_pkey.
 * - pages: debts_pkey read backwards; debts_stage_idx (debt_type_id, id DESC) and debts_company_idx
 *   (company_id, id DESC) for a stage or a company — index-only scans for the ids and the count.
 *   (Company 2 has fewer than 25 000 debts in the generated data: its page 1000 is empty, and counted.)
 */
export const MINIMAL_CASES: Record<string, MinimalCase> = {
  dni: list(
    'min_dni',
    'json',
    {
      ids: 'SELECT d.id FROM debtors x JOIN debts d ON d.debtor_id = x.id WHERE x.dni = $1 ORDER BY d.id DESC',
      matches: 'SELECT 1 FROM debtors x JOIN debts d ON d.debtor_id = x.id WHERE x.dni = $1',
      params: (dni) => [dni],
    },
    1,
    25,
  ),
  id: item('min_id', 'json'),
  page1: list('min_page1', 'json', debtsWhere(), 1, 25),
  page1000: list('min_page1000', 'json', debtsWhere(), 1000, 25),
  stage2page1: list('min_stage2page1', 'json', debtsWhere('debt_type_id', 2), 1, 25),
  stage2page1000: list('min_stage2page1000', 'rows', debtsWhere('debt_type_id', 2), 1000, 25),
  company2page1: list('min_company2page1', 'json', debtsWhere('company_id', 2), 1, 25),
  company2page1000: list('min_company2page1000', 'json', debtsWhere('company_id', 2), 1000, 25),
};
