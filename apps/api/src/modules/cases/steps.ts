import {
  agencyDayStart,
  CASE_MESSAGES,
  caseStepsResource,
  deadlineNote,
  type TokenPayload,
} from '@cobranzas/shared';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, type Executor, equals, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { caseStatuses, caseSteps, cases, tasks, users } from '../../db/schema';
import { badRequest } from '../../errors';
import { deadlineOn } from '../jurisdictions/deadline';
import { type CaseRow, lockCase, notAfterToday, viaCase } from './access';

type StepRow = typeof caseSteps.$inferSelect;
type Deadline = { deadlineDays: number | null; deadlineFrom: string | null; deadlineOn: string | null };

/** A step's deadline: N working days from its notice (default: the step's day) on the case's calendar. */
async function deadlineOf(
  db: Executor,
  kase: CaseRow,
  on: string,
  days: number | null,
  from: string | null,
): Promise<Deadline> {
  if (days === null) return { deadlineDays: null, deadlineFrom: null, deadlineOn: null };
  if (kase.jurisdictionId === null) throw badRequest('deadlineDays', CASE_MESSAGES.deadlineNeedsJurisdiction);
  const notice = from ?? on;
  if (notice > on) throw badRequest('deadlineFrom', CASE_MESSAGES.deadlineFromAfterStep);
  const { deadlineOn: end } = await deadlineOn(db, kase.jurisdictionId, notice, days);
  return { deadlineDays: days, deadlineFrom: notice, deadlineOn: end };
}

const taskTitle = (title: string, kase: CaseRow) => `Vence plazo: ${title} — ${kase.caption}`.slice(0, 200);

/**
 * The lawyer's task for a step's deadline (the case's lawyer, else who wrote the step): made, moved with
 * the deadline while pending, cancelled when the deadline goes. Written with its audit row.
 */
async function keepTask(
  db: Executor,
  user: TokenPayload,
  kase: CaseRow,
  step: StepRow,
): Promise<number | null> {
  const [current] = step.taskId ? await db.select().from(tasks).where(eq(tasks.id, step.taskId)) : [];
  if (step.deadlineOn === null) {
    if (current?.status === 'PENDIENTE') await updateTask(db, user, current, { status: 'CANCELADA' });
    return current?.id ?? null;
  }
  const values = {
    title: taskTitle(step.title, kase),
    description: deadlineNote(step.deadlineDays ?? 0, step.deadlineFrom ?? step.on),
    start: new Date(agencyDayStart(step.deadlineOn)),
    allDay: true,
    debtId: kase.debtId,
  };
  if (current?.status === 'PENDIENTE') {
    await updateTask(db, user, current, values);
    return current.id;
  }
  if (current) return current.id;
  const [made] = await db
    .insert(tasks)
    .values({ ...values, userId: kase.lawyerId ?? user.sub })
    .returning();
  if (!made) throw new Error('insert returned no row');
  await writeAudit(db, user, {
    action: 'create',
    resource: 'tasks',
    recordId: made.id,
    before: null,
    after: made,
  });
  return made.id;
}

/** A task changed by the step it serves, with its audit row. */
async function updateTask(
  db: Executor,
  user: TokenPayload,
  current: typeof tasks.$inferSelect,
  values: Partial<typeof tasks.$inferInsert>,
) {
  const [after] = await db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tasks.id, current.id))
    .returning();
  await writeAudit(db, user, {
    action: 'update',
    resource: 'tasks',
    recordId: current.id,
    before: current,
    after: after ?? null,
  });
}

/** A case deleted takes its steps: their pending deadline tasks are cancelled first. */
export async function cancelStepTasks(db: Executor, user: TokenPayload, caseId: number) {
  const pending = await db
    .select({ task: tasks })
    .from(caseSteps)
    .innerJoin(tasks, eq(tasks.id, caseSteps.taskId))
    .where(and(eq(caseSteps.caseId, caseId), eq(tasks.status, 'PENDIENTE')));
  for (const { task } of pending) await updateTask(db, user, task, { status: 'CANCELADA' });
}

/** The case's status is the one its latest step with a status set. */
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
        await followSteps(ctx.db, kase.id);
      },
    },
  });
}
