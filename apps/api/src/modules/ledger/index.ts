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
 * CLIENTE reads only its company's debts (404 otherwise) and never who wrote a row.
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
    const data = rows.map(({ description, createdBy, createdByName, ...entry }) =>
      toJson<LedgerEntry>({
        ...entry,
        // A service's description is what it says of itself.
        note: entry.note ?? description,
        // Who wrote a row is the agency's (DESIGN.md §11.1: a CLIENTE's rows come without createdBy).
        ...(staff ? { createdBy, createdByName } : {}),
      }),
    );
    return { data, owed: owedOf(row).total };
  });
}
