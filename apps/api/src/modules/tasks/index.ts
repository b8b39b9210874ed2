import { MESSAGES, tasksResource } from '@cobranzas/shared';
import { eq, getTableColumns, gte, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals, filterOn, instantOf, toInstant } from '../../crud';
import type { Db } from '../../db/client';
import { tasks, users } from '../../db/schema';
import { badRequest } from '../../errors';

/** The agenda: tasks with an assignee (the signed-in user unless another is chosen). */
export function tasksModule(app: FastifyInstance, db: Db) {
  return crudModule(app, db, {
    definition: tasksResource,
    table: tasks,
    columns: { ...getTableColumns(tasks), userName: users.name },
    joins: [{ table: users, on: eq(tasks.userId, users.id) }],
    sortable: { start: tasks.start, id: tasks.id, createdAt: tasks.createdAt },
    search: [tasks.title, tasks.description],
    filters: {
      userId: equals(tasks.userId),
      debtId: equals(tasks.debtId),
      status: equals(tasks.status),
      // Tasks that overlap [from, to): the agenda's visible range.
      from: filterOn(tasks.end, (value: string) =>
        gte(sql`coalesce(${tasks.end}, ${tasks.start})`, toInstant(value)),
      ),
      to: filterOn(tasks.start, (value: string) => lt(tasks.start, toInstant(value))),
    },
    references: { userId: MESSAGES.userNotFound, debtId: MESSAGES.debtNotFound },
    hooks: {
      beforeCreate: (input, { user }) => ({
        ...input,
        start: instantOf(input.start),
        end: instantOf(input.end),
        userId: input.userId ?? user.sub,
      }),
      beforeUpdate(input, current) {
        // The task as it will be: a PATCH of one end is checked against the other as stored.
        const start = instantOf(input.start) ?? current.start;
        const end = input.end !== undefined ? instantOf(input.end) : current.end;
        if (end !== null && end.getTime() < start.getTime()) throw badRequest('end', MESSAGES.endBeforeStart);
        // An explicit null assignee falls back to nobody, not to the editor.
        return { ...input, start: instantOf(input.start), end: instantOf(input.end) };
      },
    },
  });
}
