/**
 * A step's deadline and the lawyer's task that carries it (issue 37): counted on the case's
 * jurisdiction's calendar, made a task, moved while it is pending, and counted again when what it
 * depends on changes — the case's jurisdiction or lawyer, a day off added, edited or removed.
 */
import {
  AGENCY_TIME_ZONE,
  agencyDayStart,
  CASE_MESSAGES,
  deadlineNote,
  type TokenPayload,
} from '@cobranzas/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, writeAudit } from '../../crud';
import { arrayParam } from '../../db/bulk';
import { caseSteps, cases, tasks } from '../../db/schema';
import { badRequest } from '../../errors';
import { deadlineOn } from '../jurisdictions/deadline';
import type { CaseRow } from './access';

type StepRow = typeof caseSteps.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;
type Deadline = { deadlineDays: number | null; deadlineFrom: string | null; deadlineOn: string | null };

/** A step's deadline: N working days from its notice (default: the step's day) on the case's calendar. */
export async function deadlineOf(
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

/** A task changed by the step it serves, with its audit row; nothing when nothing changes. */
async function updateTask(
  db: Executor,
  user: TokenPayload,
  current: TaskRow,
  values: Partial<typeof tasks.$inferInsert>,
) {
  const changes = Object.entries(values).some(([key, value]) => {
    const now = current[key as keyof TaskRow];
    return value instanceof Date && now instanceof Date ? value.getTime() !== now.getTime() : value !== now;
  });
  if (!changes) return;
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

/**
 * The lawyer's task for a step's deadline (the case's lawyer, else who wrote the step): made, moved with
 * the deadline and given to the case's lawyer while pending, cancelled when the deadline goes; a
 * cancelled one is replaced by a new task when the deadline comes back, a done one is never reopened.
 * Returns the step's task id.
 */
export async function keepTask(
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
    await updateTask(db, user, current, { ...values, userId: kase.lawyerId ?? current.userId });
    return current.id;
  }
  if (current?.status === 'COMPLETADA') return current.id;
  const [made] = await db
    .insert(tasks)
    .values({ ...values, userId: kase.lawyerId ?? step.createdBy ?? user.sub })
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

/** A case deleted takes its steps: their pending deadline tasks are cancelled first. */
export async function cancelStepTasks(db: Executor, user: TokenPayload, caseId: number) {
  const pending = await db
    .select({ task: tasks })
    .from(caseSteps)
    .innerJoin(tasks, eq(tasks.id, caseSteps.taskId))
    .where(and(eq(caseSteps.caseId, caseId), eq(tasks.status, 'PENDIENTE')));
  for (const { task } of pending) await updateTask(db, user, task, { status: 'CANCELADA' });
}

/**
 * Counts again the deadlines still running — a pending task, or none and not yet past — of the given
 * cases, or of every case of a jurisdiction (null: every jurisdiction, for a national holiday), and
 * moves their tasks (to the case's lawyer too). A case without a jurisdiction keeps its days.
 */
export async function recountDeadlines(
  db: Executor,
  user: TokenPayload,
  which: { caseIds: readonly number[] } | { jurisdictionId: number | null },
) {
  const scope =
    'caseIds' in which
      ? sql`${cases.id} = ANY(${arrayParam(which.caseIds)}::int[])`
      : which.jurisdictionId === null
        ? sql`${cases.jurisdictionId} IS NOT NULL`
        : sql`${cases.jurisdictionId} = ${which.jurisdictionId}`;
  const running = await db
    .select({ step: caseSteps, kase: cases })
    .from(caseSteps)
    .innerJoin(cases, eq(cases.id, caseSteps.caseId))
    .leftJoin(tasks, eq(tasks.id, caseSteps.taskId))
    .where(
      sql`${scope} AND ${caseSteps.deadlineDays} IS NOT NULL AND (${tasks.status} = 'PENDIENTE'
        OR (${caseSteps.taskId} IS NULL AND ${caseSteps.deadlineOn} >= (now() AT TIME ZONE ${AGENCY_TIME_ZONE})::date))`,
    );
  for (const { step, kase } of running) {
    let moved = step;
    if (kase.jurisdictionId !== null && step.deadlineDays !== null && step.deadlineFrom !== null) {
      const { deadlineOn: end } = await deadlineOn(
        db,
        kase.jurisdictionId,
        step.deadlineFrom,
        step.deadlineDays,
      );
      if (end !== step.deadlineOn) {
        [moved = step] = await db
          .update(caseSteps)
          .set({ deadlineOn: end, updatedAt: new Date() })
          .where(eq(caseSteps.id, step.id))
          .returning();
        await writeAudit(db, user, {
          action: 'update',
          resource: 'case-steps',
          recordId: step.id,
          before: step,
          after: moved,
        });
      }
    }
    const taskId = await keepTask(db, user, kase, moved);
    if (taskId !== moved.taskId) await db.update(caseSteps).set({ taskId }).where(eq(caseSteps.id, step.id));
  }
}
