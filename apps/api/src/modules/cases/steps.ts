import { CASE_MESSAGES, caseStepsResource } from '@cobranzas/shared';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, type Executor, equals } from '../../crud';
import type { Db } from '../../db/client';
import { caseStatuses, caseSteps, cases, tasks, users } from '../../db/schema';
import { type CaseRow, lockCase, lockCases, notAfterToday, viaCase } from './access';
import { deadlineOf, keepTask } from './deadlines';

/** The case's status is the one its latest step with a status set (when a step sets or clears one). */
async function followSteps(db: Executor, caseId: number) {
  const [latest] = await db
    .select({ statusId: caseSteps.statusId })
    .from(caseSteps)
    .where(and(eq(caseSteps.caseId, caseId), isNotNull(caseSteps.statusId)))
    .orderBy(desc(caseSteps.on), desc(caseSteps.id))
    .limit(1);
  if (latest?.statusId)
    await db
      .update(cases)
      .set({ statusId: latest.statusId, updatedAt: new Date() })
      .where(and(eq(cases.id, caseId), sql`${cases.statusId} IS DISTINCT FROM ${latest.statusId}`));
}

/** Steps of a case (issue 37): dated, with documents, a status they move and a deadline made a task. */
export function caseStepsModule(app: FastifyInstance, db: Db) {
  // The case each write is under, from its before-hook to its after-write (same transaction).
  const under = new WeakMap<object, CaseRow>();
  crudModule(app, db, {
    definition: caseStepsResource,
    table: caseSteps,
    columns: {
      id: caseSteps.id,
      caseId: caseSteps.caseId,
      on: caseSteps.on,
      title: caseSteps.title,
      description: caseSteps.description,
      statusId: caseSteps.statusId,
      statusName: caseStatuses.name,
      deadlineDays: caseSteps.deadlineDays,
      deadlineFrom: caseSteps.deadlineFrom,
      deadlineOn: caseSteps.deadlineOn,
      taskId: caseSteps.taskId,
      taskStatus: tasks.status,
      createdByName: users.name,
      documents: sql<
        { id: number; fileName: string }[]
      >`coalesce((SELECT json_agg(json_build_object('id', d.id,
        'fileName', d.file_name) ORDER BY d.id) FROM documents d WHERE d.case_step_id = ${caseSteps.id}), '[]'::json)`.mapWith(
        (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value),
      ),
      createdAt: caseSteps.createdAt,
      updatedAt: caseSteps.updatedAt,
    },
    joins: [
      { table: caseStatuses, on: eq(caseStatuses.id, caseSteps.statusId) },
      { table: tasks, on: eq(tasks.id, caseSteps.taskId) },
      { table: users, on: eq(users.id, caseSteps.createdBy) },
    ],
    sortable: { on: [caseSteps.on, caseSteps.id], id: caseSteps.id },
    defaultSort: { column: [caseSteps.on, caseSteps.id], order: 'desc' },
    filters: { caseId: equals(caseSteps.caseId) },
    scope: viaCase(caseSteps.caseId),
    // The case first, then the step (a case deleted locks itself, then its steps): one order, no deadlock.
    parent: { column: caseSteps.caseId, lock: lockCases },
    references: { statusId: CASE_MESSAGES.statusNotFound },
    hooks: {
      async beforeCreate(input, ctx) {
        const kase = await lockCase(ctx.db, input.caseId, ctx.user);
        under.set(ctx, kase);
        notAfterToday('on', input.on);
        const deadline = await deadlineOf(ctx.db, kase, input.on, input.deadlineDays, input.deadlineFrom);
        return { ...input, ...deadline, createdBy: ctx.user.sub };
      },
      async beforeUpdate(input, current, ctx) {
        const kase = await lockCase(ctx.db, current.caseId, ctx.user);
        under.set(ctx, kase);
        if (input.on !== undefined) notAfterToday('on', input.on);
        const moves =
          input.on !== undefined || input.deadlineDays !== undefined || input.deadlineFrom !== undefined;
        const deadline = moves
          ? await deadlineOf(
              ctx.db,
              kase,
              input.on ?? current.on,
              input.deadlineDays !== undefined ? input.deadlineDays : current.deadlineDays,
              input.deadlineFrom !== undefined
                ? input.deadlineFrom
                : input.on !== undefined && current.deadlineFrom === current.on
                  ? null
                  : current.deadlineFrom,
            )
          : {};
        return { ...input, ...deadline, updatedAt: new Date() };
      },
      async beforeDelete(current, ctx) {
        under.set(ctx, await lockCase(ctx.db, current.caseId, ctx.user));
      },
      async afterWrite({ before, after }, ctx) {
        const kase = under.get(ctx);
        if (!kase) return;
        if (after) {
          const taskId = await keepTask(ctx.db, ctx.user, kase, after);
          if (taskId !== after.taskId)
            await ctx.db.update(caseSteps).set({ taskId }).where(eq(caseSteps.id, after.id));
        } else if (before) {
          await keepTask(ctx.db, ctx.user, kase, { ...before, deadlineOn: null });
        }
        // A step without a status leaves the one the case has (perhaps set by hand) alone.
        if ((before?.statusId ?? null) !== null || (after?.statusId ?? null) !== null)
          await followSteps(ctx.db, kase.id);
      },
    },
  });
}
