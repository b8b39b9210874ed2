import { agencyToday, eventsResource, MESSAGES } from '@cobranzas/shared';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, type Executor, equals, instantFromDay, instantOf, instantToDay } from '../../crud';
import type { Db } from '../../db/client';
import {
  eventHistoryTypes,
  eventSubTypes,
  events,
  eventTypeOutcomes,
  eventTypes,
  strategies,
  users,
} from '../../db/schema';
import { badRequest } from '../../errors';
import { viaDebt } from '../scope';

/** A sub-type must belong to the event's type (Llamada → "al celular", not Carta → "al celular"). */
async function checkSubType(db: Executor, eventTypeId: number, eventSubTypeId: number | null) {
  if (eventSubTypeId === null) return;
  const [sub] = await db
    .select({ eventTypeId: eventSubTypes.eventTypeId })
    .from(eventSubTypes)
    .where(eq(eventSubTypes.id, eventSubTypeId));
  if (!sub) throw badRequest('eventSubTypeId', MESSAGES.eventSubTypeNotFound);
  if (sub.eventTypeId !== eventTypeId) throw badRequest('eventSubTypeId', MESSAGES.eventSubTypeMismatch);
}

/** An outcome must be one the event's type admits; a type without outcomes admits all (issue 15). */
async function checkOutcome(db: Executor, eventTypeId: number, eventHistoryTypeId: number | null) {
  if (eventHistoryTypeId === null) return;
  const admitted = await db
    .select({ id: eventTypeOutcomes.eventHistoryTypeId })
    .from(eventTypeOutcomes)
    .where(eq(eventTypeOutcomes.eventTypeId, eventTypeId));
  if (admitted.length > 0 && !admitted.some((row) => row.id === eventHistoryTypeId))
    throw badRequest('eventHistoryTypeId', MESSAGES.eventHistoryTypeMismatch);
}

/**
 * An acknowledgment interrupts prescription from its day (issue 37): one dated ahead would move the
 * claim's end by what has not happened yet, as a payment dated ahead would (refused alike).
 */
function checkAcknowledgment(acknowledgment: boolean | undefined, date: string | Date | undefined) {
  if (!acknowledgment || date === undefined) return;
  const day = agencyToday(typeof date === 'string' ? new Date(date) : date);
  if (day > agencyToday()) throw badRequest('date', MESSAGES.moneyDateAfterToday);
}

/** Contact actions on a debt (calls, letters, visits) and their outcome. */
export function eventsModule(app: FastifyInstance, db: Db) {
  return crudModule(app, db, {
    definition: eventsResource,
    table: events,
    columns: {
      ...getTableColumns(events),
      eventTypeName: eventTypes.name,
      eventSubTypeName: eventSubTypes.name,
      eventHistoryTypeName: eventHistoryTypes.name,
      userName: users.name,
      strategyName: strategies.name,
    },
    joins: [
      { table: eventTypes, on: eq(events.eventTypeId, eventTypes.id) },
      { table: eventSubTypes, on: eq(events.eventSubTypeId, eventSubTypes.id) },
      { table: eventHistoryTypes, on: eq(events.eventHistoryTypeId, eventHistoryTypes.id) },
      { table: users, on: eq(events.userId, users.id) },
      { table: strategies, on: eq(events.strategyId, strategies.id) },
    ],
    sortable: { date: events.date, id: events.id, createdAt: events.createdAt },
    // A debt's history, latest first: the (debt_id, date desc) index.
    defaultSort: { column: events.date, order: 'desc' },
    search: [events.description],
    filters: {
      debtId: equals(events.debtId),
      eventTypeId: equals(events.eventTypeId),
      eventHistoryTypeId: equals(events.eventHistoryTypeId),
      userId: equals(events.userId),
      from: instantFromDay(events.date),
      to: instantToDay(events.date),
    },
    scope: viaDebt(events.debtId),
    references: {
      debtId: MESSAGES.debtNotFound,
      eventTypeId: MESSAGES.eventTypeNotFound,
      eventSubTypeId: MESSAGES.eventSubTypeNotFound,
      eventHistoryTypeId: MESSAGES.eventHistoryTypeNotFound,
    },
    hooks: {
      async beforeCreate(input, { db, user }) {
        await checkSubType(db, input.eventTypeId, input.eventSubTypeId);
        await checkOutcome(db, input.eventTypeId, input.eventHistoryTypeId);
        checkAcknowledgment(input.acknowledgment, input.date);
        // The author comes from the token, never from the body.
        return { ...input, date: instantOf(input.date), userId: user.sub };
      },
      async beforeUpdate(input, current, { db }) {
        // The event as it will be: what was sent over what is stored.
        const next = { ...current, ...input };
        if (input.eventTypeId !== undefined || input.eventSubTypeId !== undefined)
          await checkSubType(db, next.eventTypeId, next.eventSubTypeId);
        if (input.eventTypeId !== undefined || input.eventHistoryTypeId !== undefined)
          await checkOutcome(db, next.eventTypeId, next.eventHistoryTypeId);
        checkAcknowledgment(next.acknowledgment, input.date ?? current.date);
        return { ...input, date: instantOf(input.date) };
      },
    },
  });
}
