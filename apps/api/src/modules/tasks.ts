import {
  MESSAGES,
  taskCreateSchema,
  taskListQuerySchema,
  taskSchema,
  taskUpdateSchema,
} from '@cobranzas/shared';
import { eq, getTableColumns, gte, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals, filterOn, type Row, toInstant } from '../crud';
import type { Db } from '../db/client';
import { tasks, users } from '../db/schema';
import { badRequest } from '../errors';

/** Instants arrive as ISO strings; the timestamp columns take Dates. */
function withDates(input: Row): Row {
  const out = { ...input };
  for (const key of ['start', 'end'] as const)
    if (typeof out[key] === 'string') out[key] = new Date(out[key] as string);
  return out;
}

const endMessage = 'El fin no puede ser anterior al inicio.';

/** The agenda: tasks with an assignee (the signed-in user unless another is chosen). */
export function tasksModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    resource: 'tasks',
    label: 'tareas',
    table: tasks,
    schemas: {
      item: taskSchema,
      listQuery: taskListQuerySchema,
      create: taskCreateSchema,
      update: taskUpdateSchema,
    },
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
      beforeCreate: (input, { user }) => withDates({ ...input, userId: input.userId ?? user.sub }),
      beforeUpdate(input, current) {
        const start = (input.start ?? current.start) as string | Date;
        const end = (input.end !== undefined ? input.end : current.end) as string | Date | null;
        if (end !== null && new Date(end).getTime() < new Date(start).getTime())
          throw badRequest('end', endMessage);
        // An explicit null assignee falls back to nobody, not to the editor.
        return withDates(input);
      },
    },
  });
}
