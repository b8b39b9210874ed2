import { debtLedgerCall, type LedgerEntry } from '@cobranzas/shared';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { routeCall, toJson } from '../../crud';
import type { Db } from '../../db/client';
import { ledger, users } from '../../db/schema';
import { notFound } from '../../errors';
import { owedOf, readOwed } from '../debts/balance';
import { clientCompany } from '../scope';

const undoing = alias(ledger, 'undoing');

/**
 * GET /api/debts/{id}/ledger (DESIGN.md §11.1): every row of the debt's money in date order, the
 * undone ones with the REVERSAL that undid them, and what it owes today. Guarded as a read of Debts; a
 * CLIENTE reads only its company's debts (404 otherwise) and never who wrote a row nor its note.
 */
export function ledgerModule(app: FastifyInstance, db: Db) {
  routeCall(app, debtLedgerCall, {}, async (request) => {
    const row = await readOwed(db, request.params.id, request.user);
    if (!row) throw notFound();
    const staff = clientCompany(request.user) === null;
    const rows = await db
      .select({
        id: ledger.id,
        date: ledger.date,
        kind: ledger.kind,
        amount: ledger.amount,
        quotaId: ledger.quotaId,
        settlementId: ledger.settlementId,
        reversalOf: ledger.reversalOf,
        reversedBy: undoing.id,
        note: ledger.notes,
        description: ledger.description,
        createdBy: ledger.createdBy,
        createdByName: users.name,
        createdAt: ledger.createdAt,
      })
      .from(ledger)
      .leftJoin(undoing, eq(undoing.reversalOf, ledger.id))
      .leftJoin(users, eq(users.id, ledger.createdBy))
      .where(eq(ledger.debtId, row.id))
      .orderBy(asc(ledger.date), asc(ledger.id));
    const data = rows.map(({ description, createdBy, createdByName, note, ...entry }) =>
      toJson<LedgerEntry>({
        ...entry,
        // Who wrote a row and why are the agency's (DESIGN.md §11.2); a service's description is
        // what the cost is (GET /services gives it to a CLIENTE too).
        ...(staff ? { note: note ?? description, createdBy, createdByName } : {}),
        ...(!staff && description !== null ? { note: description } : {}),
      }),
    );
    return { data, owed: owedOf(row).total };
  });
}
