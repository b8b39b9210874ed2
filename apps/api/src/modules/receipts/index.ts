import {
  depositReceiptCall,
  type PaymentMethod,
  paymentReceiptCall,
  type TokenPayload,
} from '@cobranzas/shared';
import { and, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Auditor } from '../../crud';
import { routeCall } from '../../crud';
import type { Executor } from '../../crud/types';
import type { Db } from '../../db/client';
import { companies, debtors, debts, ledger, quotas, receipts } from '../../db/schema';
import { notFound } from '../../errors';
import { type Agency, loadAgency } from '../../pdf/letterhead';
import { type ReceiptContent, receiptDocument, receiptFileName } from '../../pdf/receipt';
import { renderPdf, type TDocumentDefinitions } from '../../pdf/render';
import { debtBalance } from '../debts/balance';
import { viaDebt } from '../scope';

export type ReceiptSource = 'payment' | 'deposit';

export interface PrintOptions {
  /** The renderer (tests give one that fails, to see the number given back). */
  render?: (doc: TDocumentDefinitions) => Promise<Buffer>;
}

type Found = Omit<ReceiptContent, 'number' | 'issuedAt'> & {
  /** The receipt already issued, as this statement's snapshot saw it. */
  receipt: { number: number; issuedAt: Date } | null;
  /** agency_settings.updated_at as text: the version of the cached agency row. */
  agencyVersion: string;
};

const debtorColumns = {
  lastName: debtors.lastName,
  firstName: debtors.firstName,
  dni: debtors.dni,
  cuit: debtors.cuit,
};
const common = {
  currency: debts.currency,
  debtId: debts.id,
  reference: debts.reference,
  company: companies.name,
  receiptNumber: receipts.number,
  receiptIssuedAt: receipts.issuedAt,
  agencyVersion: sql<string>`(SELECT updated_at::text FROM agency_settings WHERE id = 1)`,
  ...debtorColumns,
};

/** What `common` reads. */
interface CommonRow {
  lastName: string;
  firstName: string;
  dni: string;
  cuit: string | null;
  currency: 'ARS' | 'USD';
  debtId: number;
  reference: string | null;
  company: string;
  receiptNumber: number | null;
  receiptIssuedAt: Date | null;
  agencyVersion: string;
}

function found(
  row: CommonRow,
  own: Omit<ReceiptContent, 'number' | 'issuedAt' | 'debtor' | 'debt' | 'company' | 'currency'>,
): Found {
  return {
    ...own,
    currency: row.currency,
    debtor: { lastName: row.lastName, firstName: row.firstName, dni: row.dni, cuit: row.cuit },
    debt: { id: row.debtId, reference: row.reference },
    company: row.company,
    receipt:
      row.receiptNumber !== null && row.receiptIssuedAt !== null
        ? { number: row.receiptNumber, issuedAt: row.receiptIssuedAt }
        : null,
    agencyVersion: row.agencyVersion,
  };
}

const undoing = alias(ledger, 'undoing');

/**
 * The payment or deposit (its live ledger row, by the record's id) with what its receipt prints and
 * its receipt if it has one, in one statement. With `lock` (FOR NO KEY UPDATE of the ledger row only:
 * it does not block the key share an insert into receipts takes) two first prints of one record go
 * one after the other. Out of the user's scope, or undone → null (a 404).
 */
async function readRecord(
  db: Executor,
  source: ReceiptSource,
  id: number,
  user: TokenPayload | Auditor,
  lock: boolean,
): Promise<(Found & { ledgerId: number }) | null> {
  const query = db
    .select({
      ledgerId: ledger.id,
      paidAt: ledger.date,
      amount: ledger.amount,
      method: ledger.method,
      bank: ledger.bank,
      account: ledger.account,
      externalNumber: ledger.receiptNumber,
      notes: ledger.notes,
      remaining: receipts.remaining,
      quotaNumber: quotas.number,
      // Written out: Drizzle names a select field's columns without their table (docs/decisions.md).
      quotaCount: sql<number>`(SELECT count(*)::int FROM quotas q WHERE q.debt_id = "ledger"."debt_id")`,
      ...common,
    })
    .from(ledger)
    .innerJoin(debts, eq(debts.id, ledger.debtId))
    .innerJoin(debtors, eq(debtors.id, debts.debtorId))
    .innerJoin(companies, eq(companies.id, debts.companyId))
    .leftJoin(receipts, eq(receipts.ledgerId, ledger.id))
    .leftJoin(quotas, eq(quotas.id, ledger.quotaId))
    .where(
      and(
        eq(ledger.kind, source === 'payment' ? 'PAYMENT' : 'DEPOSIT'),
        eq(ledger.documentId, id),
        notExists(db.select({ one: undoing.id }).from(undoing).where(eq(undoing.reversalOf, ledger.id))),
        // The portal (an Auditor, no role) checked whose debt it is before asking.
        'type' in user ? viaDebt(ledger.debtId)(user) : undefined,
      ),
    );
  const [row] = lock ? await query.for('no key update', { of: ledger }) : await query;
  if (!row) return null;
  const payment = source === 'payment';
  return {
    ...found(row, {
      kind: source,
      paidAt: row.paidAt,
      amount: row.amount,
      method: payment ? ((row.method ?? 'EFECTIVO') as PaymentMethod) : null,
      bank: payment ? null : row.bank,
      account: payment ? null : row.account,
      externalNumber: row.externalNumber,
      notes: row.notes,
      remaining: row.remaining,
      quota: row.quotaNumber === null ? null : { number: row.quotaNumber, of: row.quotaCount },
    }),
    ledgerId: row.ledgerId,
  };
}

/**
 * The agency's row (with its logo) read again only when its updated_at changed: every receipt's
 * statement reads that version, so a change made by any process shows on the next receipt. One
 * cache per database (tests and benches run several in one process).
 */
const agencyCache = new WeakMap<Db, { version: string; agency: Agency }>();
async function agencyAt(db: Db, executor: Executor, version: string): Promise<Agency> {
  const cached = agencyCache.get(db);
  if (cached?.version === version) return cached.agency;
  const agency = await loadAgency(executor);
  agencyCache.set(db, { version, agency });
  return agency;
}

/**
 * The receipt of a payment or deposit as a PDF (DESIGN.md §10.5). Its number is fixed at the first
 * print: the next value of the `receipts` counter (UPDATE … RETURNING, which holds the counter's row
 * until COMMIT) in the transaction that inserts the receipt and renders it. Anything failing before
 * the COMMIT (the insert, the PDF) rolls the counter back with it: numbers have no gaps. A reprint
 * is one statement (the receipt found by the read) and the PDF.
 */
export async function printReceipt(
  db: Db,
  source: ReceiptSource,
  id: number,
  user: TokenPayload | Auditor,
  { render = renderPdf }: PrintOptions = {},
): Promise<{ number: number; pdf: Buffer }> {
  const seen = await readRecord(db, source, id, user, false);
  if (!seen) throw notFound();
  if (seen.receipt) {
    const pdf = await render(
      receiptDocument(await agencyAt(db, db, seen.agencyVersion), { ...seen, ...seen.receipt }),
    );
    return { number: seen.receipt.number, pdf };
  }
  return db.transaction(async (tx) => {
    const found = await readRecord(tx, source, id, user, true);
    if (!found) throw notFound();
    let receipt = found.receipt;
    let remaining = found.remaining;
    if (!receipt) {
      // What the debt still owes when the receipt is first printed: the amount owed (§11.1).
      remaining = (await debtBalance(tx, found.debt.id, null))?.total ?? null;
      // One statement: the number, the receipt and its audit row; the counter's row stays locked
      // until COMMIT. Its snapshot is taken after the lock above, so a first print that held the
      // lock has committed its receipt by now and NOT EXISTS sees it (the locking statement's own
      // snapshot may predate that commit): then nothing is taken and that receipt is reprinted.
      const result = await tx.execute(sql`
        WITH taken AS (
          UPDATE counters SET value = value + 1
          WHERE name = 'receipts'
            AND NOT EXISTS (SELECT 1 FROM receipts WHERE ledger_id = ${found.ledgerId}::integer)
          RETURNING value
        ), issued AS (
          INSERT INTO receipts (number, ledger_id, amount, remaining, issued_by)
          SELECT value, ${found.ledgerId}::integer, ${found.amount}::numeric, ${remaining}::numeric, ${user.sub}::integer
          FROM taken
          RETURNING id, number, ledger_id, amount, remaining, issued_at
        ), audited AS (
          INSERT INTO audit_log (user_id, user_name, action, resource, record_id, before, after)
          SELECT ${user.sub}::integer, ${user.name}, 'create', 'receipts', id, NULL,
            jsonb_strip_nulls(jsonb_build_object(
              'number', number, 'ledgerId', ledger_id, 'amount', amount::text, 'remaining', remaining::text))
          FROM issued
        )
        SELECT number, issued_at AS "issuedAt" FROM issued`);
      const [inserted] = (result as unknown as { rows: { number: number; issuedAt: Date | string }[] }).rows;
      receipt = inserted
        ? { number: Number(inserted.number), issuedAt: new Date(inserted.issuedAt) }
        : await tx
            .select({ number: receipts.number, issuedAt: receipts.issuedAt, remaining: receipts.remaining })
            .from(receipts)
            .where(eq(receipts.ledgerId, found.ledgerId))
            .then((rows) => {
              remaining = rows[0]?.remaining ?? remaining;
              return rows[0] ?? null;
            });
      if (!receipt) throw new Error("counters has no row 'receipts': migration 0014 did not run");
    }
    const pdf = await render(
      receiptDocument(await agencyAt(db, tx, found.agencyVersion), { ...found, ...receipt, remaining }),
    );
    return { number: receipt.number, pdf };
  });
}

/** GET /api/payments/{id}/receipt and GET /api/deposits/{id}/receipt → application/pdf. */
export function receiptsModule(app: FastifyInstance, db: Db) {
  for (const [source, call] of [
    ['payment', paymentReceiptCall],
    ['deposit', depositReceiptCall],
  ] as const)
    routeCall(app, call, {}, async (request, reply) => {
      const { number, pdf } = await printReceipt(db, source, request.params.id, request.user);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', pdf.length)
        .header('content-disposition', `attachment; filename="${receiptFileName(number)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
}
