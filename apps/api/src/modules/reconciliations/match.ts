/**
 * Each line's candidates (DESIGN.md §11.4, issue 35), strongest first:
 * - CIERTA: a payment reference of the portal (payment_intents.reference) in its text;
 * - ALTA: a debt's reference, or a debtor's DNI/CUIT, in its text (open debts of the profile's currency);
 * - MEDIA: for a line with neither, a debtor whose surname and a first name are in its payer or
 *   concept, one of whose open debts owes on the line's day exactly its amount (the amount owed of
 *   §11.1, shared/owed.ts) or has a quota with exactly that left to pay.
 * Then «ya registrado»: a debt of a candidate's debtor with a payment or deposit of that amount typed
 * by hand within a week of the line (or carrying its transaction number). And a line
 * whose movement was posted from another file is YA_CONCILIADA. Set-based SQL over the whole file;
 * the amount owed is worked out only for the few debts a name points at.
 */
import {
  CLOSED_DEBT_STATUSES,
  compareMoney,
  dayMonthYear,
  formatMoney,
  quotaLeft,
  type ReconciliationProfile,
} from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { arrayParam, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import type { JobContext } from '../../jobs';
import { debtBalances } from '../debts/balance';

/** A name shared by more debts than this names nobody in particular. */
const MAX_NAME_DEBTS = 10;
/** Days around the line's within which a payment typed by hand is proposed as that line. */
export const ALREADY_RECORDED_DAYS = 7;

const openDebt = (alias: string, currency: string): SQL =>
  sql`NOT (${sql.raw(alias)}.status::text = ANY(${arrayParam(CLOSED_DEBT_STATUSES)}::text[])) AND ${sql.raw(alias)}.currency = ${currency}::currency`;

/** The lines of the file still waiting for a decision. */
const waiting = (id: number) =>
  sql`l.reconciliation_id = ${id}::int AND l.status IN ('A_REVISAR', 'SIN_COINCIDENCIA')`;

export async function matchReconciliation(
  db: Db,
  reconciliationId: number,
  profile: Pick<ReconciliationProfile, 'currency'>,
  context?: Pick<JobContext, 'hold'>,
) {
  return db.transaction(async (tx) => {
    if (context) await context.hold(tx as Db);
    const id = reconciliationId;
    await tx.execute(sql`DELETE FROM reconciliation_candidates c USING reconciliation_lines l
      WHERE c.line_id = l.id AND ${waiting(id)}`);
    // Posted already from another file (or an earlier upload of this one).
    await tx.execute(sql`UPDATE reconciliation_lines l SET status = 'YA_CONCILIADA', posted_by_line_id = m.line_id,
        confidence = 'NINGUNA'
      FROM reconciliation_movements m
      WHERE m.movement_key = l.movement_key AND m.line_id <> l.id AND ${waiting(id)}`);
    await strongMatches(tx, id, profile.currency);
    await nameMatches(tx, id, profile.currency);
    await alreadyRecorded(tx, id);
    await tx.execute(sql`UPDATE reconciliation_lines l SET
        confidence = coalesce(best.confidence, 'NINGUNA'),
        status = CASE WHEN best.confidence IS NULL THEN 'SIN_COINCIDENCIA' ELSE 'A_REVISAR' END
      FROM reconciliation_lines l2
      LEFT JOIN LATERAL (SELECT c.confidence FROM reconciliation_candidates c WHERE c.line_id = l2.id
        ORDER BY array_position(ARRAY['CIERTA', 'ALTA', 'MEDIA'], c.confidence::text) LIMIT 1) best ON true
      WHERE l2.id = l.id AND ${waiting(id)}`);
    await tx.execute(
      sql`UPDATE reconciliations SET matched = true, updated_at = now() WHERE id = ${id}::int`,
    );
    const counts = rowsOf<{ status: string; n: number }>(
      await tx.execute(sql`SELECT status, count(*)::int AS n FROM reconciliation_lines
        WHERE reconciliation_id = ${id}::int GROUP BY status`),
    );
    return Object.fromEntries(counts.map((c) => [c.status, c.n]));
  });
}

/** CIERTA and ALTA in one statement; a debt found by several clues keeps the strongest reason. */
async function strongMatches(tx: Executor, id: number, currency: string) {
  await tx.execute(sql`INSERT INTO reconciliation_candidates (line_id, debt_id, confidence, reason)
    SELECT DISTINCT ON (line_id, debt_id) line_id, debt_id, confidence, reason FROM (
      SELECT l.id AS line_id, pi.debt_id, 'CIERTA' AS confidence, 1 AS rank,
        'Referencia de pago del portal ' || pi.reference AS reason
      FROM reconciliation_lines l CROSS JOIN LATERAL unnest(l.intent_refs) r(ref)
      JOIN payment_intents pi ON pi.reference = r.ref
      JOIN debts d ON d.id = pi.debt_id AND d.currency = ${currency}::currency
      WHERE ${waiting(id)}
      UNION ALL
      SELECT l.id, d.id, 'ALTA', 2, 'Referencia de la deuda ' || d.reference
      FROM reconciliation_lines l CROSS JOIN LATERAL unnest(l.refs) r(ref)
      JOIN debts d ON d.reference = r.ref AND ${openDebt('d', currency)}
      WHERE ${waiting(id)}
      UNION ALL
      SELECT l.id, d.id, 'ALTA', 3, 'DNI ' || x.dni || ' del deudor'
      FROM reconciliation_lines l CROSS JOIN LATERAL unnest(l.dnis) x(dni)
      JOIN debtors dr ON dr.dni = x.dni
      JOIN debts d ON d.debtor_id = dr.id AND ${openDebt('d', currency)}
      WHERE ${waiting(id)}
      UNION ALL
      SELECT l.id, d.id, 'ALTA', 3, 'CUIT/CUIL ' || x.cuit || ' del deudor'
      FROM reconciliation_lines l CROSS JOIN LATERAL unnest(l.cuits) x(cuit)
      JOIN debtors dr ON dr.cuit = x.cuit
      JOIN debts d ON d.debtor_id = dr.id AND ${openDebt('d', currency)}
      WHERE ${waiting(id)}
    ) found
    ORDER BY line_id, debt_id, rank`);
}

interface NamedDebt {
  line_id: number;
  debt_id: number;
  date: string;
  amount: string;
  currency: 'ARS' | 'USD';
}

/** MEDIA: the payer's name points at a few debtors; their debts are asked what they owe that day. */
async function nameMatches(tx: Executor, id: number, currency: string) {
  // Per line, at most MAX_NAME_DEBTS + 1 debts are looked at (one more says «too many»): a common
  // surname stops there instead of sorting every namesake (issue 35's bench: 39 s → 2 s at 1M).
  // OFFSET 0 keeps the planner from flattening the subquery, so each word is one index look-up
  // (debtors_first_surname_idx).
  const named = rowsOf<NamedDebt>(
    await tx.execute(sql`SELECT line_id, debt_id, date::text AS date, amount::text AS amount, currency::text AS currency
      FROM (
        SELECT l.id AS line_id, x.debt_id, l.date, l.amount, x.currency, x.many
        FROM reconciliation_lines l
        CROSS JOIN LATERAL (
          SELECT m.debt_id, m.currency, count(*) OVER () AS many FROM (
            SELECT d.id AS debt_id, d.currency
            FROM unnest(l.name_words) w(word)
            CROSS JOIN LATERAL (SELECT dr.id FROM debtors dr
              WHERE split_part(btrim(search_fold(dr.last_name)), ' ', 1) = w.word
                AND string_to_array(btrim(search_fold(dr.first_name)), ' ') && l.name_words
              OFFSET 0) dr
            JOIN debts d ON d.debtor_id = dr.id AND ${openDebt('d', currency)}
            LIMIT ${MAX_NAME_DEBTS + 1}) m
        ) x
        WHERE ${waiting(id)} AND cardinality(l.name_words) > 1
          AND NOT EXISTS (SELECT 1 FROM reconciliation_candidates c WHERE c.line_id = l.id)
      ) named
      WHERE many <= ${MAX_NAME_DEBTS}`),
  );
  if (named.length === 0) return;
  const byDate = new Map<string, number[]>();
  for (const n of named) byDate.set(n.date, [...(byDate.get(n.date) ?? []), n.debt_id]);
  const owedOn = new Map<string, Awaited<ReturnType<typeof debtBalances>>>();
  for (const [date, ids] of byDate) owedOn.set(date, await debtBalances(tx, [...new Set(ids)], date));
  const found: { line: number; debt: number; reason: string }[] = [];
  for (const n of named) {
    const owed = owedOn.get(n.date)?.get(n.debt_id);
    if (!owed) continue;
    const money = (value: string) => formatMoney(value, n.currency);
    if (compareMoney(owed.total, n.amount) === 0) {
      found.push({
        line: n.line_id,
        debt: n.debt_id,
        reason: `Nombre y saldo exacto al ${dayMonthYear(n.date)}`,
      });
      continue;
    }
    const quota = owed.plan?.find((q) => q.status !== 'PAGADA' && compareMoney(quotaLeft(q), n.amount) === 0);
    if (quota)
      found.push({
        line: n.line_id,
        debt: n.debt_id,
        reason: `Nombre e importe de la cuota ${quota.number} (${money(n.amount)})`,
      });
  }
  if (found.length === 0) return;
  await tx.execute(sql`INSERT INTO reconciliation_candidates (line_id, debt_id, confidence, reason)
    SELECT line_id, debt_id, 'MEDIA', reason
    FROM unnest(${arrayParam(found.map((f) => f.line))}::int[], ${arrayParam(found.map((f) => f.debt))}::int[],
      ${arrayParam(found.map((f) => f.reason))}::text[]) AS t(line_id, debt_id, reason)
    ON CONFLICT DO NOTHING`);
}

/** The live payments and deposits of a debt (`debtId`: an SQL expression), as one kind of row. */
export const recordsOf = (debtId: SQL) => sql`
  SELECT 'PAYMENT' AS kind, p.id AS record_id, p.debt_id, p.amount, p.paid_at AS date, p.receipt_number
  FROM payments p WHERE p.debt_id = ${debtId}
  UNION ALL
  SELECT 'DEPOSIT', dp.id, dp.debt_id, dp.amount, dp.deposited_at, dp.receipt_number
  FROM deposits dp WHERE dp.debt_id = ${debtId}`;

/**
 * «Ya registrado»: for every debt of each candidate's debtor (a debt a payment typed by hand closed
 * included: it is then a candidate too), the nearest live payment or deposit of the line's amount
 * within ALREADY_RECORDED_DAYS of it, or carrying its transaction number as the receipt. One per
 * candidate debt. A record another line already posted is proposed too: the list shows it as
 * probably the same money, and a bulk approval leaves that line to a person.
 */
async function alreadyRecorded(tx: Executor, id: number) {
  await tx.execute(sql`INSERT INTO reconciliation_candidates (line_id, debt_id, confidence, reason, existing_kind, existing_id)
    SELECT DISTINCT ON (rel.line_id, rel.debt_id) rel.line_id, rel.debt_id, rel.confidence,
      'Pago ya registrado en otra deuda del deudor', r.kind, r.record_id
    FROM (
      SELECT DISTINCT ON (c.line_id, d2.id) c.line_id, d2.id AS debt_id, c.confidence
      FROM reconciliation_candidates c
      JOIN reconciliation_lines l ON l.id = c.line_id
      JOIN debts d ON d.id = c.debt_id
      JOIN debts d2 ON d2.debtor_id = d.debtor_id AND d2.currency = d.currency
      WHERE ${waiting(id)}
      ORDER BY c.line_id, d2.id, array_position(ARRAY['CIERTA', 'ALTA', 'MEDIA'], c.confidence::text)
    ) rel
    JOIN reconciliation_lines l ON l.id = rel.line_id
    CROSS JOIN LATERAL (${recordsOf(sql`rel.debt_id`)}) r
    WHERE r.amount = l.amount
      AND (r.date BETWEEN l.date - ${ALREADY_RECORDED_DAYS}::int AND l.date + ${ALREADY_RECORDED_DAYS}::int
        OR (l.transaction_id IS NOT NULL AND r.receipt_number = l.transaction_id))
    ORDER BY rel.line_id, rel.debt_id, (l.transaction_id IS NOT NULL AND r.receipt_number = l.transaction_id) DESC,
      abs(r.date - l.date), r.record_id
    ON CONFLICT (line_id, debt_id) DO UPDATE SET existing_kind = EXCLUDED.existing_kind, existing_id = EXCLUDED.existing_id`);
}
