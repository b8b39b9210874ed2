/**
 * Posting a line (DESIGN.md §11.4): in one transaction, the line locked, its movement claimed (the
 * primary key of reconciliation_movements: a movement posts once, across files and re-uploads, and of
 * two approvals at once the second finds it taken), each debt locked in id order and the payment or
 * deposit written through its ledger view at the line's date, with the books kept as a typed payment
 * keeps them; or a payment already typed by hand confirmed as this line («ya registrado»), which adds
 * no money. Un-posting writes the REVERSAL rows of what the line wrote, with who and why.
 */
import {
  compareMoney,
  formatMoney,
  fromCents,
  RECONCILIATION_MESSAGES as M,
  type MatchConfidence,
  type PostingKind,
  type TokenPayload,
  toCents,
} from '@cobranzas/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, writeAudit } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { deposits, payments } from '../../db/ledgerViews';
import {
  reconciliationLines,
  reconciliationMovements,
  reconciliationPostings,
  reconciliationProfiles,
  reconciliations,
} from '../../db/schema';
import { badRequest, conflict, HttpError, pgErrorOf } from '../../errors';
import {
  assertDebtOpen,
  assertMoneyDate,
  depositOverdrawn,
  keepBooks,
  moveOf,
  paymentOverdrawn,
} from '../debts/books';
import { type LockedDebt, lockDebts } from '../debts/lock';
import { actAs } from '../ledger/actor';
import { ALREADY_RECORDED_DAYS, recordsOf } from './match';

type LineRow = typeof reconciliationLines.$inferSelect;
export type PostBody =
  | { parts: { debtId: number; amount: string }[]; notRecorded?: boolean | undefined }
  | { existing: { kind: PostingKind; id: number } };

/** What each kind of posting is in the ledger: its view, its movement, its 409, its audit name. */
const RECORDS = {
  PAYMENT: { view: payments, move: moveOf.payment, overdrawn: paymentOverdrawn, resource: 'payments' },
  DEPOSIT: { view: deposits, move: moveOf.deposit, overdrawn: depositOverdrawn, resource: 'deposits' },
} as const;

async function insertOne<T extends typeof payments | typeof deposits>(
  tx: Executor,
  view: T,
  values: T['$inferInsert'],
) {
  const [row] = await tx
    .insert(view)
    .values(values as never)
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row as { id: number };
}

async function lockedLine(tx: Executor, reconciliationId: number, lineId: number): Promise<LineRow> {
  const [line] = await tx
    .select()
    .from(reconciliationLines)
    .where(
      and(eq(reconciliationLines.id, lineId), eq(reconciliationLines.reconciliationId, reconciliationId)),
    )
    .for('update');
  if (!line) throw new HttpError(404, M.lineNotFound);
  return line;
}

async function profileOf(tx: Executor, reconciliationId: number) {
  const [profile] = await tx
    .select({
      id: reconciliationProfiles.id,
      currency: reconciliationProfiles.currency,
      postAs: reconciliationProfiles.postAs,
      method: reconciliationProfiles.method,
      name: reconciliationProfiles.name,
    })
    .from(reconciliations)
    .innerJoin(reconciliationProfiles, eq(reconciliationProfiles.id, reconciliations.profileId))
    .where(eq(reconciliations.id, reconciliationId));
  if (!profile) throw new HttpError(404, M.notFound);
  return profile;
}

async function decide(tx: Executor, user: TokenPayload, before: LineRow, values: Partial<LineRow>) {
  const [after] = await tx
    .update(reconciliationLines)
    .set({ ...values, decidedBy: user.sub, decidedAt: new Date() })
    .where(eq(reconciliationLines.id, before.id))
    .returning();
  await writeAudit(tx, user, {
    action: 'update',
    resource: 'reconciliation-lines',
    recordId: before.id,
    before: { status: before.status, note: before.note },
    after: { status: after?.status, note: after?.note },
  });
}

/**
 * What stops a posting after the line was marked (the mark commits, the route answers 409): its
 * movement posted by another line, or a payment typed by hand meanwhile that this line may be.
 */
type Stop = { stop: string };

/** Claims the line's movement; when another line holds it, marks this one YA_CONCILIADA. */
async function claimMovement(tx: Executor, user: TokenPayload, line: LineRow): Promise<Stop | null> {
  const [claimed] = await tx
    .insert(reconciliationMovements)
    .values({ movementKey: line.movementKey, lineId: line.id })
    .onConflictDoNothing()
    .returning();
  if (claimed) return null;
  const [holder] = rowsOf<{ line_id: number; reconciliation_id: number; row_number: number }>(
    await tx.execute(sql`SELECT m.line_id, l.reconciliation_id, l.row_number FROM reconciliation_movements m
      JOIN reconciliation_lines l ON l.id = m.line_id WHERE m.movement_key = ${line.movementKey}`),
  );
  if (!holder) throw conflict(M.alreadyPosted);
  await decide(tx, user, line, {
    status: 'YA_CONCILIADA',
    postedByLineId: holder.line_id,
    confidence: 'NINGUNA',
  });
  return { stop: M.movementPosted(holder.reconciliation_id, holder.row_number) };
}

/**
 * A payment or deposit typed by hand since the file was matched, that this line may be (the same
 * debt and amount, near its day or with its transaction number, held by no line): proposed on the
 * line as «ya registrado» instead of a second payment, unless the user said it is another one.
 */
async function recordedMeanwhile(
  tx: Executor,
  line: LineRow,
  parts: { debtId: number; amount: string }[],
): Promise<Stop | null> {
  for (const part of parts) {
    const [hit] = rowsOf<{ kind: PostingKind; record_id: number; date: string }>(
      await tx.execute(sql`SELECT r.kind, r.record_id, r.date::text AS date FROM (${recordsOf(sql`${part.debtId}::int`)}) r
        WHERE r.amount = ${part.amount}::numeric
          AND (r.date BETWEEN ${line.date}::date - ${ALREADY_RECORDED_DAYS}::int AND ${line.date}::date + ${ALREADY_RECORDED_DAYS}::int
            OR (${line.transactionId}::text IS NOT NULL AND r.receipt_number = ${line.transactionId}::text))
          AND NOT EXISTS (SELECT 1 FROM reconciliation_postings rp
            WHERE rp.kind = r.kind AND rp.record_id = r.record_id AND rp.undone_at IS NULL)
        ORDER BY abs(r.date - ${line.date}::date), r.record_id LIMIT 1`),
    );
    if (!hit) continue;
    await tx.execute(sql`INSERT INTO reconciliation_candidates (line_id, debt_id, confidence, reason, existing_kind, existing_id)
      VALUES (${line.id}::int, ${part.debtId}::int, ${line.confidence === 'NINGUNA' ? 'MEDIA' : line.confidence}, ${M.recordedReason}, ${hit.kind}, ${hit.record_id}::int)
      ON CONFLICT (line_id, debt_id) DO UPDATE SET existing_kind = EXCLUDED.existing_kind, existing_id = EXCLUDED.existing_id`);
    if (line.status === 'SIN_COINCIDENCIA')
      await tx
        .update(reconciliationLines)
        .set({ status: 'A_REVISAR', confidence: 'MEDIA' })
        .where(eq(reconciliationLines.id, line.id));
    return { stop: M.recordedMeanwhile(part.debtId, formatMoney(part.amount), hit.date) };
  }
  return null;
}

export async function postLine(
  db: Db,
  user: TokenPayload,
  reconciliationId: number,
  lineId: number,
  body: PostBody,
): Promise<void> {
  const outcome = await db
    .transaction(async (tx): Promise<Stop | null> => {
      const line = await lockedLine(tx, reconciliationId, lineId);
      if (line.status === 'CONCILIADA' || line.status === 'YA_CONCILIADA') throw conflict(M.alreadyPosted);
      if (line.status === 'IGNORADA') throw conflict(M.ignored);
      const profile = await profileOf(tx, reconciliationId);
      if ('existing' in body) {
        const stop = await confirmExisting(tx, user, line, profile.currency, body.existing);
        if (stop) return stop;
      } else {
        const sum = body.parts.reduce((total, part) => total + toCents(part.amount), 0n);
        if (sum !== toCents(line.amount))
          throw badRequest('parts', M.partsTotal(formatMoney(fromCents(sum)), formatMoney(line.amount)));
        // Debts first (the lock order), then nothing is written before both checks pass.
        const locked = await lockDebts(
          tx,
          body.parts.map((p) => p.debtId),
          user,
        );
        const stop =
          (body.notRecorded ? null : await recordedMeanwhile(tx, line, body.parts)) ??
          (await claimMovement(tx, user, line));
        if (stop) return stop;
        await writeParts(tx, user, line, profile, reconciliationId, body.parts, locked);
      }
      await decide(tx, user, line, { status: 'CONCILIADA', postedByLineId: null });
      return null;
    })
    .catch((error: unknown) => {
      // Two lines confirming one payment at once: the second meets the unique index.
      if (pgErrorOf(error)?.code === '23505') throw conflict(M.existingTaken);
      throw error;
    });
  if (outcome) throw conflict(outcome.stop);
}

async function confirmExisting(
  tx: Executor,
  user: TokenPayload,
  line: LineRow,
  currency: string,
  existing: { kind: PostingKind; id: number },
): Promise<Stop | null> {
  const view = existing.kind === 'PAYMENT' ? payments : deposits;
  const [record] = rowsOf<{ debt_id: number; amount: string; currency: string }>(
    await tx.execute(sql`SELECT r.debt_id, r.amount::text AS amount, d.currency::text AS currency
      FROM ${view} r JOIN debts d ON d.id = r.debt_id WHERE r.id = ${existing.id}::int`),
  );
  if (!record) throw conflict(M.existingGone);
  if (record.currency !== currency) throw badRequest('existing', M.notCandidate);
  if (compareMoney(record.amount, line.amount) !== 0) throw badRequest('existing', M.existingAmount);
  const [held] = await tx
    .select({ id: reconciliationPostings.id })
    .from(reconciliationPostings)
    .where(
      and(
        eq(reconciliationPostings.kind, existing.kind),
        eq(reconciliationPostings.recordId, existing.id),
        isNull(reconciliationPostings.undoneAt),
      ),
    );
  if (held) throw conflict(M.existingTaken);
  const stop = await claimMovement(tx, user, line);
  if (stop) return stop;
  const [posting] = await tx
    .insert(reconciliationPostings)
    .values({
      lineId: line.id,
      debtId: record.debt_id,
      kind: existing.kind,
      recordId: existing.id,
      amount: record.amount,
      existing: true,
      createdBy: user.sub,
    })
    .returning();
  await writeAudit(tx, user, {
    action: 'create',
    resource: 'reconciliation-postings',
    recordId: posting?.id ?? 0,
    before: null,
    after: posting ?? null,
  });
  return null;
}

async function writeParts(
  tx: Executor,
  user: TokenPayload,
  line: LineRow,
  profile: Awaited<ReturnType<typeof profileOf>>,
  reconciliationId: number,
  parts: { debtId: number; amount: string }[],
  locked: LockedDebt[],
) {
  const byId = new Map(locked.map((l) => [l.id, l]));
  const notes = M.postedNote(
    reconciliationId,
    line.rowNumber,
    [line.payerName, line.description, line.reference].filter(Boolean).join(' · '),
  );
  const receiptNumber = (line.transactionId ?? line.reference)?.slice(0, 60) ?? null;
  await actAs(tx, user);
  for (const part of parts) {
    const debt = byId.get(part.debtId);
    if (!debt) continue;
    if (debt.row.currency !== profile.currency) throw badRequest('parts', M.notCandidate);
    assertDebtOpen(debt.row);
    assertMoneyDate(debt.row, line.date, 'date');
    const base = { debtId: debt.id, amount: part.amount, receiptNumber, notes, createdBy: user.sub };
    const written =
      profile.postAs === 'PAYMENT'
        ? await insertOne(tx, payments, { ...base, paidAt: line.date, method: profile.method })
        : await insertOne(tx, deposits, { ...base, depositedAt: line.date, bank: profile.name.slice(0, 80) });
    const record = RECORDS[profile.postAs];
    await keepBooks(tx, user, debt, {
      change: { added: [record.move(written as never)], removed: [] },
      overdrawn: record.overdrawn,
    });
    await writeAudit(tx, user, {
      action: 'create',
      resource: record.resource,
      recordId: written.id,
      before: null,
      after: written,
    });
    const recordId = written.id;
    await tx.insert(reconciliationPostings).values({
      lineId: line.id,
      debtId: debt.id,
      kind: profile.postAs,
      recordId,
      amount: part.amount,
      existing: false,
      createdBy: user.sub,
    });
  }
}

/** Un-posts a line: REVERSAL rows of what it wrote (a confirmed payment typed by hand stays). */
export async function unpostLine(
  db: Db,
  user: TokenPayload,
  reconciliationId: number,
  lineId: number,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const line = await lockedLine(tx, reconciliationId, lineId);
    if (line.status !== 'CONCILIADA') throw conflict(M.notPosted);
    const postings = await tx
      .select()
      .from(reconciliationPostings)
      .where(and(eq(reconciliationPostings.lineId, line.id), isNull(reconciliationPostings.undoneAt)));
    const written = postings.filter((p) => !p.existing);
    const locked = await lockDebts(
      tx,
      written.map((p) => p.debtId),
      user,
    );
    await actAs(tx, user, reason);
    for (const posting of written) {
      const debt = locked.find((l) => l.id === posting.debtId);
      if (!debt) continue;
      const { view, move, resource } = RECORDS[posting.kind];
      const [record] = await tx.select().from(view).where(eq(view.id, posting.recordId));
      if (!record) continue; // undone by hand already: nothing of this line's money is live
      if (record.settlementId !== null) throw conflict(M.settled);
      await tx.delete(view).where(eq(view.id, record.id));
      await keepBooks(tx, user, debt, { change: { added: [], removed: [move(record as never)] } });
      await writeAudit(tx, user, {
        action: 'delete',
        resource,
        recordId: record.id,
        before: record,
        after: null,
      });
    }
    await tx
      .update(reconciliationPostings)
      .set({ undoneAt: new Date(), undoneBy: user.sub })
      .where(and(eq(reconciliationPostings.lineId, line.id), isNull(reconciliationPostings.undoneAt)));
    await tx.delete(reconciliationMovements).where(eq(reconciliationMovements.lineId, line.id));
    const waiting = line.confidence === 'NINGUNA' ? 'SIN_COINCIDENCIA' : 'A_REVISAR';
    await decide(tx, user, line, { status: waiting, note: reason });
  });
}

export async function ignoreLine(
  db: Db,
  user: TokenPayload,
  reconciliationId: number,
  lineId: number,
  note: string | null,
) {
  await db.transaction(async (tx) => {
    const line = await lockedLine(tx, reconciliationId, lineId);
    if (line.status === 'CONCILIADA' || line.status === 'YA_CONCILIADA') throw conflict(M.alreadyPosted);
    await decide(tx, user, line, { status: 'IGNORADA', note });
  });
}

export async function restoreLine(db: Db, user: TokenPayload, reconciliationId: number, lineId: number) {
  await db.transaction(async (tx) => {
    const line = await lockedLine(tx, reconciliationId, lineId);
    if (line.status !== 'IGNORADA') throw conflict(M.notIgnored);
    await decide(tx, user, line, {
      status: line.confidence === 'NINGUNA' ? 'SIN_COINCIDENCIA' : 'A_REVISAR',
    });
  });
}

/**
 * The lines a bulk approval takes: to review, whose strongest confidence is one of those asked, and
 * whose strongest candidates leave no choice: exactly one with a payment already typed by hand (it
 * is confirmed), else exactly one candidate (it is posted). A line whose payment typed by hand is
 * already another line's is left to a person (probably the same money twice).
 */
export async function approvableLines(
  db: Executor,
  reconciliationId: number,
  confidences: readonly MatchConfidence[],
  lineIds?: readonly number[],
) {
  return rowsOf<{
    id: number;
    debt_id: number;
    amount: string;
    existing_kind: PostingKind | null;
    existing_id: number | null;
  }>(
    await db.execute(sql`SELECT l.id, pick.debt_id, l.amount::text AS amount, pick.existing_kind, pick.existing_id
      FROM reconciliation_lines l
      CROSS JOIN LATERAL (
        SELECT count(*) AS n,
          count(*) FILTER (WHERE c.existing_id IS NOT NULL AND NOT c.held) AS recorded,
          count(*) FILTER (WHERE c.held) AS held
        FROM (SELECT c.existing_id, EXISTS (SELECT 1 FROM reconciliation_postings rp WHERE rp.kind = c.existing_kind
            AND rp.record_id = c.existing_id AND rp.undone_at IS NULL) AS held
          FROM reconciliation_candidates c WHERE c.line_id = l.id AND c.confidence = l.confidence) c
      ) top
      CROSS JOIN LATERAL (
        SELECT c.debt_id, c.existing_kind, c.existing_id FROM reconciliation_candidates c
        WHERE c.line_id = l.id AND c.confidence = l.confidence
        ORDER BY (c.existing_id IS NOT NULL) DESC, c.debt_id LIMIT 1
      ) pick
      WHERE l.reconciliation_id = ${reconciliationId}::int AND l.status = 'A_REVISAR'
        AND l.confidence = ANY(${sql.param([...confidences])}::text[])
        ${lineIds ? sql`AND l.id = ANY(${sql.param([...lineIds])}::int[])` : sql``}
        AND top.held = 0 AND (top.recorded = 1 OR (top.n = 1 AND top.recorded = 0))
      ORDER BY l.row_number`),
  );
}
