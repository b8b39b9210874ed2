import { type DebtorHistoryEntry, debtorHistoryCall, MESSAGES } from '@cobranzas/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { routeCall } from '../../crud';
import type { Db } from '../../db/client';
import {
  companies,
  debtors,
  debts,
  eventHistoryTypes,
  eventSubTypes,
  events,
  eventTypes,
  ledger,
  letters,
  strategies,
  users,
} from '../../db/schema';
import { HttpError } from '../../errors';
import { debtChangeEntries } from '../debts/history';

/** The newest entries the file shows: read by a person, not mined; each debt's tabs have the rest. */
export const DEBTOR_HISTORY_LIMIT = 300;

/** A payment has a day, not a time: it sorts at noon of that day in Argentina. */
const noonOf = (day: string) => new Date(`${day}T12:00:00-03:00`).toISOString();

async function contactsOf(db: Db, ids: number[], limit: number): Promise<DebtorHistoryEntry[]> {
  const rows = await db
    .select({
      id: events.id,
      debtId: events.debtId,
      at: events.date,
      eventType: eventTypes.name,
      eventSubType: eventSubTypes.name,
      outcome: eventHistoryTypes.name,
      description: events.description,
      // What a strategy did is signed by it (issue 36).
      userName: sql<string | null>`coalesce(${users.name}, 'Estrategia «' || ${strategies.name} || '»')`,
    })
    .from(events)
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .leftJoin(eventSubTypes, eq(eventSubTypes.id, events.eventSubTypeId))
    .leftJoin(eventHistoryTypes, eq(eventHistoryTypes.id, events.eventHistoryTypeId))
    .leftJoin(users, eq(users.id, events.userId))
    .leftJoin(strategies, eq(strategies.id, events.strategyId))
    .where(inArray(events.debtId, ids))
    .orderBy(desc(events.date), desc(events.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    kind: 'GESTION',
    key: `GESTION-${row.id}`,
    at: new Date(row.at).toISOString(),
    allDay: false,
  }));
}

async function moneyOf(db: Db, ids: number[], limit: number): Promise<DebtorHistoryEntry[]> {
  const reversal = alias(ledger, 'reversal');
  const rows = await db
    .select({
      id: ledger.id,
      debtId: ledger.debtId,
      source: ledger.kind,
      date: ledger.date,
      amount: ledger.amount,
      currency: debts.currency,
      method: ledger.method,
      reversed: sql<boolean>`${reversal.id} IS NOT NULL`,
      userName: users.name,
    })
    .from(ledger)
    .innerJoin(debts, eq(debts.id, ledger.debtId))
    .leftJoin(reversal, eq(reversal.reversalOf, ledger.id))
    .leftJoin(users, eq(users.id, ledger.createdBy))
    .where(and(inArray(ledger.debtId, ids), inArray(ledger.kind, ['PAYMENT', 'DEPOSIT'])))
    .orderBy(desc(ledger.date), desc(ledger.id))
    .limit(limit);
  return rows.map((row) => ({
    kind: 'PAGO',
    key: `PAGO-${row.id}`,
    at: noonOf(String(row.date)),
    allDay: true,
    debtId: row.debtId,
    userName: row.userName,
    source: row.source === 'DEPOSIT' ? 'DEPOSIT' : 'PAYMENT',
    amount: String(row.amount),
    currency: row.currency,
    method: row.method,
    reversed: Boolean(row.reversed),
  }));
}

async function lettersOf(db: Db, ids: number[], limit: number): Promise<DebtorHistoryEntry[]> {
  const rows = await db
    .select({
      id: letters.id,
      debtId: letters.debtId,
      at: letters.at,
      letter: letters.templateName,
      userName: users.name,
    })
    .from(letters)
    .leftJoin(users, eq(users.id, letters.userId))
    .where(inArray(letters.debtId, ids))
    .orderBy(desc(letters.at), desc(letters.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    kind: 'CARTA',
    key: `CARTA-${row.id}`,
    at: new Date(row.at).toISOString(),
    allDay: false,
  }));
}

async function changesOf(db: Db, ids: number[], limit: number): Promise<DebtorHistoryEntry[]> {
  const entries = await debtChangeEntries(db, ids, limit);
  return entries.map((entry) => ({
    kind: 'CAMBIO',
    key: `CAMBIO-${entry.id}-${entry.debtId}`,
    at: entry.at,
    allDay: false,
    debtId: entry.debtId,
    userName: entry.userName,
    change: entry.kind,
    changes: entry.changes,
  }));
}

/**
 * GET /api/debtors/{id}/history (issue 32): the debtor's file. Each source gives its newest
 * `DEBTOR_HISTORY_LIMIT` entries; merged newest first and cut to that many, so the cut is exact.
 * Staff only: the guard's debtors subject refuses a CLIENTE.
 */
export function debtorHistoryRoute(app: FastifyInstance, db: Db) {
  routeCall(app, debtorHistoryCall, {}, async (request) => {
    const { id } = request.params;
    const [debtor] = await db.select({ id: debtors.id }).from(debtors).where(eq(debtors.id, id));
    if (!debtor) throw new HttpError(404, MESSAGES.debtorNotFound);
    const owned = await db
      .select({ id: debts.id, companyName: companies.name, reference: debts.reference })
      .from(debts)
      .innerJoin(companies, eq(companies.id, debts.companyId))
      .where(eq(debts.debtorId, id))
      .orderBy(debts.id);
    const ids = owned.map((debt) => debt.id);
    if (ids.length === 0) return { debts: [], data: [], truncated: false };
    const limit = DEBTOR_HISTORY_LIMIT;
    const sources = await Promise.all([
      contactsOf(db, ids, limit),
      moneyOf(db, ids, limit),
      lettersOf(db, ids, limit),
      changesOf(db, ids, limit),
    ]);
    const merged = sources
      .flat()
      .sort((a, b) => (a.at === b.at ? a.key.localeCompare(b.key) : a.at < b.at ? 1 : -1));
    return { debts: owned, data: merged.slice(0, limit), truncated: merged.length > limit };
  });
}
