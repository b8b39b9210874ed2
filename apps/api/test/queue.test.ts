import { agencyDayStart, agencyToday } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { create, createDebt, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

/** The agency day `days` from today (negative: before). */
const dayFrom = (days: number) => {
  const day = new Date(`${agencyToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

interface QueueAnswer {
  data: { debt: { id: number }; reasons: { code: string; label: string }[]; score: number }[];
  total: number;
}

/** GET /api/queue (DESIGN.md §10.3, issue 18): the collector's debts that need work today. */
forEachBackend('the collector’s queue (DESIGN.md §10.3)', (backend) => {
  let t: TestApp;
  let admin: string;
  let eventTypeId: number;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    eventTypeId = (
      (await create(t.app, admin, 'events-types', { name: 'Llamada saliente' })) as { id: number }
    ).id;
  });
  afterAll(() => t?.close());

  const queueOf = async (token: string, query = '') => {
    const res = await call(t.app, token, { method: 'GET', url: `/api/queue${query}` });
    expectStatus(res, 200);
    return res.body as QueueAnswer;
  };
  const idsOf = (answer: QueueAnswer) => answer.data.map((item) => item.debt.id);
  const codesOf = (answer: QueueAnswer, id: number) =>
    answer.data.find((item) => item.debt.id === id)?.reasons.map((r) => r.code);
  /** A contact on `day` (noon at the agency). */
  const contact = (debtId: number, day: string) =>
    create(t.app, admin, 'events', {
      debtId,
      eventTypeId,
      date: agencyDayStart(day).replace('T00:', 'T12:'),
    });
  const assigned = (userId: number, fields: Record<string, unknown> = {}) =>
    createDebt(t.app, admin, { assignedUserId: userId, originalAmount: '1000.00', ...fields });

  it('a debt never contacted is queued («Nunca contactada»); contacted today, it leaves today’s queue', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const debt = await assigned(collector.id);
    const before = await queueOf(collector.token);
    expect(idsOf(before)).toEqual([debt.id]);
    expect(before.data[0]?.reasons).toEqual([{ code: 'SIN_CONTACTO', label: 'Nunca contactada' }]);
    await contact(debt.id, agencyToday());
    expect(await queueOf(collector.token)).toMatchObject({ data: [], total: 0 });
  });

  it('a debt contacted recently with nothing due is not queued; a week without contact queues it', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const recent = await assigned(collector.id);
    await contact(recent.id, dayFrom(-2));
    const stale = await assigned(collector.id);
    await contact(stale.id, dayFrom(-9));
    const answer = await queueOf(collector.token);
    expect(idsOf(answer)).toEqual([stale.id]);
    expect(answer.data[0]?.reasons).toEqual([{ code: 'SIN_CONTACTO', label: 'Sin contacto hace 9 días' }]);
  });

  it('order and reasons: a broken promise, then a promise due today, then an overdue quota, then a task', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const [broken, dueToday, quota, task] = [
      await assigned(collector.id),
      await assigned(collector.id),
      await assigned(collector.id),
      await assigned(collector.id),
    ];
    for (const debt of [broken, dueToday, quota, task]) await contact(debt.id, dayFrom(-1));
    const promise = (await create(t.app, admin, 'promises', {
      debtId: broken.id,
      amount: '300.00',
      dueDate: agencyToday(),
    })) as { id: number };
    await t.database.db.execute(
      sql`UPDATE promises SET taken_on = ${dayFrom(-10)}, due_date = ${dayFrom(-3)} WHERE id = ${promise.id}`,
    );
    await create(t.app, admin, 'promises', { debtId: dueToday.id, amount: '200.00', dueDate: agencyToday() });
    await create(t.app, admin, 'quotas', {
      debtId: quota.id,
      number: 1,
      amount: '100.00',
      dueDate: dayFrom(-5),
    });
    await create(t.app, admin, 'tasks', {
      title: 'Llamar a la tarde',
      start: agencyDayStart(agencyToday()).replace('T00:', 'T16:'),
      debtId: task.id,
    });
    const answer = await queueOf(collector.token);
    expect(idsOf(answer)).toEqual([broken.id, dueToday.id, quota.id, task.id]);
    expect(answer.total).toBe(4);
    expect(codesOf(answer, broken.id)).toEqual(['PROMESA_INCUMPLIDA']);
    expect(answer.data[0]?.reasons[0]?.label).toBe(
      `Promesa incumplida del ${dayFrom(-3).split('-').reverse().join('/')} ($ 300,00)`,
    );
    expect(codesOf(answer, dueToday.id)).toEqual(['PROMESA_HOY']);
    expect(codesOf(answer, quota.id)).toEqual(['CUOTA_VENCIDA']);
    expect(codesOf(answer, task.id)).toEqual(['TAREA_HOY']);
    // Scores: 50, 40, 30, 20, each + 2 × floor(log10(1 000)) = 6.
    expect(answer.data.map((item) => item.score)).toEqual([56, 46, 36, 26]);
    // Paged: the second page of two.
    expect(idsOf(await queueOf(collector.token, '?page=2&limit=2'))).toEqual([quota.id, task.id]);
  });

  it('a partly kept promise keeps the debt queued for the rest', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const debt = await assigned(collector.id);
    await contact(debt.id, dayFrom(-1));
    const promise = (await create(t.app, admin, 'promises', {
      debtId: debt.id,
      amount: '300.00',
      dueDate: agencyToday(),
    })) as { id: number };
    await t.database.db.execute(
      sql`UPDATE promises SET taken_on = ${dayFrom(-10)}, due_date = ${dayFrom(-3)} WHERE id = ${promise.id}`,
    );
    await create(t.app, admin, 'payments', { debtId: debt.id, amount: '100.00', paidAt: dayFrom(-4) });
    const answer = await queueOf(collector.token);
    expect(answer.data[0]?.reasons[0]?.label).toBe(
      `Promesa del ${dayFrom(-3).split('-').reverse().join('/')} cumplida en parte ($ 100,00 de $ 300,00)`,
    );
  });

  it('cancelled, archived and written-off debts never appear; nor do other collectors’ debts', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const other = await createUser(t.app, admin, 'GENERAL');
    const paid = await assigned(collector.id);
    await create(t.app, admin, 'payments', { debtId: paid.id, amount: '1000.00', paidAt: agencyToday() });
    const archived = await assigned(collector.id);
    expectStatus(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/debts/${archived.id}/status`,
        payload: { status: 'ARCHIVADA' },
      }),
      200,
    );
    await assigned(other.id);
    expect(await queueOf(collector.token)).toMatchObject({ data: [], total: 0 });
  });

  it('a CLIENTE gets 403; a GENERAL asking for another’s queue 403; an ADMIN sees anyone’s', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const nosy = await createUser(t.app, admin, 'GENERAL');
    const cliente = await createUser(t.app, admin, 'CLIENTE');
    const debt = await assigned(collector.id);
    expectStatus(await call(t.app, cliente.token, { method: 'GET', url: '/api/queue' }), 403);
    expectStatus(
      await call(t.app, nosy.token, { method: 'GET', url: `/api/queue?userId=${collector.id}` }),
      403,
    );
    expect(idsOf(await queueOf(admin, `?userId=${collector.id}`))).toEqual([debt.id]);
    expectStatus(await call(t.app, admin, { method: 'GET', url: '/api/queue?color=rojo' }), 400);
  });
});
