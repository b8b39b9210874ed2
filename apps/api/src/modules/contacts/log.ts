import {
  agencyToday,
  type ContactResult,
  type contactCreateSchema,
  type eventsResource,
  MESSAGES,
  type promisesResource,
  type TokenPayload,
  taskCreateSchema,
  type tasksResource,
} from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CrudService } from '../../crud';
import type { Db } from '../../db/client';
import { debtors, type events, type promises, type tasks } from '../../db/schema';
import { badRequest } from '../../errors';
import { debtNotFound, lockDebt } from '../debts/lock';
import { contactFacts } from './facts';
import { checkContactRules } from './rules';

/** The services whose own create logic (hooks, validation, audit) the one-step log reuses. */
export interface ContactServices {
  events: CrudService<typeof eventsResource, typeof events>;
  promises: CrudService<typeof promisesResource, typeof promises>;
  tasks: CrudService<typeof tasksResource, typeof tasks>;
}

type ContactBody = z.output<typeof contactCreateSchema>;
type TaskBody = NonNullable<ContactBody['task']>;

/** The next task as the tasks resource takes it: at that day and time at the agency, for the user. */
function taskInput(task: TaskBody, debtId: number, now: Date) {
  const start = `${task.date}T${task.time}:00-03:00`;
  if (Date.parse(start) <= now.getTime())
    throw badRequest(task.date < agencyToday(now) ? 'task.date' : 'task.time', MESSAGES.contactTaskInPast);
  const title = task.description?.split('\n')[0]?.slice(0, 200) || `Volver a contactar (deuda N.º ${debtId})`;
  return taskCreateSchema.parse({ title, description: task.description, start, debtId });
}

/**
 * POST /api/contacts (issue 18): in one transaction, the debt locked (then its debtor, so two
 * contacts with one debtor count its attempts one after the other), the contact rules checked, and
 * the event (with its channel and whether it was outside hours), the promise and the next task
 * created by their own services; any failure rolls all of it back. Answers the three as read.
 */
export async function logContact(
  db: Db,
  services: ContactServices,
  body: ContactBody,
  user: TokenPayload,
  now: Date = new Date(),
): Promise<ContactResult> {
  const { debtId } = body;
  const written = await db.transaction(async (tx) => {
    const debt = await lockDebt(tx, debtId, user);
    await tx
      .select({ id: debtors.id })
      .from(debtors)
      .where(eq(debtors.id, debt.row.debtorId))
      .for('no key update');
    const facts = await contactFacts(tx, debtId, now);
    if (!facts) throw debtNotFound();
    const { outsideHours } = checkContactRules(facts, body.channel, body);
    // The event's create schema has no channel: they ride along the parsed body into its insert.
    const eventBody = {
      debtId,
      eventTypeId: body.eventTypeId,
      eventSubTypeId: body.eventSubTypeId,
      eventHistoryTypeId: body.eventHistoryTypeId,
      description: body.description,
      acknowledgment: body.acknowledgment,
      date: now.toISOString(),
      channel: body.channel,
      outsideHours,
    };
    const event = await services.events.createIn(tx, eventBody, user);
    const promise = body.promise
      ? await services.promises.createIn(tx, { ...body.promise, debtId }, user)
      : null;
    const task = body.task
      ? await services.tasks.createIn(tx, taskInput(body.task, debtId, now), user)
      : null;
    return { event, promise, task };
  });
  await services.events.committed(written.event);
  if (written.promise) await services.promises.committed(written.promise);
  if (written.task) await services.tasks.committed(written.task);
  return {
    event: await services.events.read(written.event.id, user),
    promise: written.promise ? await services.promises.read(written.promise.id, user) : null,
    task: written.task ? await services.tasks.read(written.task.id, user) : null,
  };
}
