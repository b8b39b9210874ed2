/**
 * A file's lines as the review screen lists them (GET /api/reconciliations/{id}/lines), each with its
 * candidates (the debtor, company and «ya registrado» payment) and what it posted. One statement for
 * the page, one for their candidates, one for their postings.
 */
import type { Candidate, LineStatus, MatchConfidence, ReconciliationLine } from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { arrayParam, rowsOf } from '../../db/bulk';

interface LineRow {
  id: number;
  reconciliation_id: number;
  row_number: number;
  date: string;
  amount: string;
  description: string | null;
  reference: string | null;
  payer_name: string | null;
  payer_id: string | null;
  transaction_id: string | null;
  status: LineStatus;
  confidence: MatchConfidence;
  posted_by_line_id: number | null;
  posted_by_reconciliation_id: number | null;
  note: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
}

const CONFIDENCE_ORDER = sql`array_position(ARRAY['CIERTA', 'ALTA', 'MEDIA', 'NINGUNA'], c.confidence::text)`;

async function withDetails(db: Executor, rows: LineRow[]): Promise<ReconciliationLine[]> {
  if (rows.length === 0) return [];
  const ids = arrayParam(rows.map((r) => r.id));
  const candidates = rowsOf<
    Candidate & { lineId: number; existingKind: string | null; existingId: number | null }
  >(
    await db.execute(sql`SELECT c.line_id AS "lineId", c.debt_id AS "debtId", c.confidence, c.reason,
        dr.last_name || ', ' || dr.first_name AS "debtorName", dr.dni, co.name AS "companyName", d.reference,
        c.existing_kind AS "existingKind", c.existing_id AS "existingId",
        coalesce(p.paid_at, dp.deposited_at)::text AS "existingDate", coalesce(p.amount, dp.amount)::text AS "existingAmount",
        held.reconciliation_id AS "heldReconciliationId", held.row_number AS "heldRowNumber"
      FROM reconciliation_candidates c
      JOIN debts d ON d.id = c.debt_id JOIN debtors dr ON dr.id = d.debtor_id JOIN companies co ON co.id = d.company_id
      LEFT JOIN payments p ON c.existing_kind = 'PAYMENT' AND p.id = c.existing_id
      LEFT JOIN deposits dp ON c.existing_kind = 'DEPOSIT' AND dp.id = c.existing_id
      LEFT JOIN LATERAL (SELECT hl.reconciliation_id, hl.row_number FROM reconciliation_postings rp
        JOIN reconciliation_lines hl ON hl.id = rp.line_id
        WHERE rp.kind = c.existing_kind AND rp.record_id = c.existing_id AND rp.undone_at IS NULL LIMIT 1) held ON true
      WHERE c.line_id = ANY(${ids}::int[])
      ORDER BY c.line_id, ${CONFIDENCE_ORDER}, (c.existing_id IS NOT NULL) DESC, c.debt_id`),
  );
  const postings = rowsOf<{
    lineId: number;
    debtId: number;
    kind: 'PAYMENT' | 'DEPOSIT';
    recordId: number;
    amount: string;
    existing: boolean;
  }>(
    await db.execute(sql`SELECT line_id AS "lineId", debt_id AS "debtId", kind, record_id AS "recordId",
        amount::text AS amount, existing
      FROM reconciliation_postings WHERE line_id = ANY(${ids}::int[]) AND undone_at IS NULL ORDER BY id`),
  );
  return rows.map((r) => ({
    id: r.id,
    reconciliationId: r.reconciliation_id,
    rowNumber: r.row_number,
    date: r.date,
    amount: r.amount,
    description: r.description,
    reference: r.reference,
    payerName: r.payer_name,
    payerId: r.payer_id,
    transactionId: r.transaction_id,
    status: r.status,
    confidence: r.confidence,
    candidates: candidates
      .filter((c) => c.lineId === r.id)
      .map((c) => {
        const existing = c as unknown as {
          existingDate: string | null;
          existingAmount: string | null;
          heldReconciliationId: number | null;
          heldRowNumber: number | null;
        };
        return {
          debtId: c.debtId,
          confidence: c.confidence,
          reason: c.reason,
          debtorName: c.debtorName,
          dni: c.dni,
          companyName: c.companyName,
          reference: c.reference,
          existing:
            c.existingKind && c.existingId !== null && existing.existingDate && existing.existingAmount
              ? {
                  kind: c.existingKind as 'PAYMENT' | 'DEPOSIT',
                  id: c.existingId,
                  date: existing.existingDate,
                  amount: existing.existingAmount,
                  postedBy:
                    existing.heldReconciliationId !== null && existing.heldRowNumber !== null
                      ? { reconciliationId: existing.heldReconciliationId, rowNumber: existing.heldRowNumber }
                      : null,
                }
              : null,
        };
      }),
    postings: postings.filter((p) => p.lineId === r.id).map(({ lineId: _, ...posting }) => posting),
    postedBy:
      r.posted_by_line_id !== null && r.posted_by_reconciliation_id !== null
        ? { lineId: r.posted_by_line_id, reconciliationId: r.posted_by_reconciliation_id }
        : null,
    note: r.note,
    decidedByName: r.decided_by_name,
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  }));
}

const SELECT_LINES = sql`SELECT l.id, l.reconciliation_id, l.row_number, l.date::text AS date, l.amount::text AS amount,
    l.description, l.reference, l.payer_name, l.payer_id, l.transaction_id, l.status, l.confidence,
    l.posted_by_line_id, o.reconciliation_id AS posted_by_reconciliation_id, l.note, u.name AS decided_by_name,
    l.decided_at::text AS decided_at
  FROM reconciliation_lines l
  LEFT JOIN reconciliation_lines o ON o.id = l.posted_by_line_id
  LEFT JOIN users u ON u.id = l.decided_by`;

export interface LinesQuery {
  status?: LineStatus;
  confidence?: MatchConfidence;
  page: number;
  pageSize: number;
}

export async function listLines(db: Executor, reconciliationId: number, query: LinesQuery) {
  const where: SQL[] = [sql`l.reconciliation_id = ${reconciliationId}::int`];
  if (query.status) where.push(sql`l.status = ${query.status}`);
  if (query.confidence) where.push(sql`l.confidence = ${query.confidence}`);
  const condition = sql.join(where, sql` AND `);
  const rows = rowsOf<LineRow>(
    await db.execute(sql`${SELECT_LINES} WHERE ${condition} ORDER BY l.row_number
      LIMIT ${query.pageSize}::int OFFSET ${(query.page - 1) * query.pageSize}::int`),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM reconciliation_lines l WHERE ${condition}`),
  );
  return { data: await withDetails(db, rows), total: count?.n ?? 0 };
}

export async function readLine(db: Executor, lineId: number): Promise<ReconciliationLine | null> {
  const rows = rowsOf<LineRow>(await db.execute(sql`${SELECT_LINES} WHERE l.id = ${lineId}::int`));
  const [line] = await withDetails(db, rows);
  return line ?? null;
}
