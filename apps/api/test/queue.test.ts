import { agencyClock, agencyDayStart, agencyToday } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queueRanksDay, refreshQueueRanks } from '../src/modules/queue/ranks';
import { create, createDebt, createDebtor, dayFrom, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  createUser,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

interface QueueAnswer {
  data: {
    debt: { id: number; balance: string };
    owed: string;
    reasons: { code: string; label: string }[];
    score: number;
    attempts: { today: number; week: number; maxPerDay: number | null; maxPerWeek: number | null };
    callableNow: boolean;
    notCallable: { code: string; label: string; alternatives: string[] } | null;
  }[];
  total: number;
  callableTotal: number;
}

/** Every day of the week but today (agency time): hours that exclude now, whatever the time. */
const notToday = () => [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== agencyClock().weekday);
/** Two hours of today that are hours away from now (so the clock cannot walk into them mid-test). */
const awayFromNow = () => (agencyClock().time < '12:00' ? ['20:00', '22:00'] : ['02:00', '04:00']);

/**
 * GET /api/queue (DESIGN.md §10.3, issue 18): the collector's debts that need work today. Every rule
 * twice: read from the day's stored ranks (queue_ranks, kept by triggers) and scored at the call (the
 * day's first calls, before the refresh), which must answer alike.
 */
const MODES = [
  ['stored ranks', 'the day’s queue_ranks'],
  ['scored now', 'queue_scores at the call'],
] as const;
for (const [mode, source] of MODES)
  forEachBackend(`the collector’s queue (DESIGN.md §10.3), ${mode}: ${source}`, (backend) => {
    let t: TestApp;
    let admin: string;
    let eventTypeId: number;
    beforeAll(async () => {
      t = await startApp(backend);
      admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
      eventTypeId = (
        (await create(t.app, admin, 'events-types', { name: 'Llamada saliente' })) as { id: number }
      ).id;
      // The contact hours (issue 18) would empty the queue at night and on weekends: here, always open.
      await t.database.db.execute(
        sql`UPDATE agency_settings SET contact_days = '{1,2,3,4,5,6,7}', contact_from = '00:00', contact_to = '24:00'`,
      );
      // The start's refresh done (this one waits for it), today's ranks are stored; scored now, the
      // counter says none is: the queue scores each call and the triggers leave queue_ranks alone.
      await refreshQueueRanks(t.database.db);
      expect(await queueRanksDay(t.database.db)).toBe(agencyToday());
      if (mode === 'scored now')
        await t.database.db.execute(sql`UPDATE counters SET value = 0 WHERE name = 'queue_ranks_day'`);
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
    /** Each item's debt id, whether callable now and why not (its code and label). */
    const callableOf = (answer: QueueAnswer) =>
      answer.data.map((item) => [item.debt.id, item.callableNow, item.notCallable?.label ?? null]);
    /** A contact on `day` (noon at the agency). */
    const contact = (debtId: number, day: string) =>
      create(t.app, admin, 'events', {
        debtId,
        eventTypeId,
        date: agencyDayStart(day).replace('T00:', 'T12:'),
      });
    /** A debt of `userId` whose debtor has a phone of its own (or these debtor fields). */
    const assigned = async (
      userId: number,
      fields: Record<string, unknown> = {},
      debtor: Record<string, unknown> = {},
    ) => {
      const debtorId = (
        (await createDebtor(t.app, admin, { phone: '11 5555-1234', ...debtor })) as { id: number }
      ).id;
      return createDebt(t.app, admin, {
        debtorId,
        assignedUserId: userId,
        originalAmount: '1000.00',
        ...fields,
      });
    };
    /** A contact attempt by phone now, through the one-step log. */
    const attempt = async (debtId: number) =>
      expectStatus(
        await call(t.app, admin, {
          method: 'POST',
          url: '/api/contacts',
          payload: { debtId, eventTypeId, channel: 'PHONE' },
        }),
        201,
      );

    it('a debt never contacted is queued («Nunca contactada»); contacted today, it leaves today’s queue', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const debt = await assigned(collector.id);
      const before = await queueOf(collector.token);
      expect(idsOf(before)).toEqual([debt.id]);
      expect(before.data[0]?.reasons).toEqual([{ code: 'SIN_CONTACTO', label: 'Nunca contactada' }]);
      await contact(debt.id, agencyToday());
      expect(await queueOf(collector.token)).toMatchObject({ data: [], total: 0 });
    });

    it('each item says what its debt owes today, the balance call’s total: interest included under RATES', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      // 1000.00 at 36.5 % a year punitive since 100 days ago: 1000 × 0.365 × 100 / 365 = 100.00 of interest.
      const rated = await assigned(collector.id, { defaultDate: dayFrom(-100), punitiveRate: '36.5' });
      const plain = await assigned(collector.id, { originalAmount: '700.00' });
      const answer = await queueOf(collector.token);
      const owedOf = (id: number) => answer.data.find((item) => item.debt.id === id)?.owed;
      expect(owedOf(rated.id)).toBe('1100.00');
      expect(answer.data.find((item) => item.debt.id === rated.id)?.debt.balance).toBe('1000.00');
      const balance = await call(t.app, admin, { method: 'GET', url: `/api/debts/${rated.id}/balance` });
      expect(balance.body.total).toBe('1100.00');
      expect(owedOf(plain.id)).toBe('700.00');
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
      await create(t.app, admin, 'promises', {
        debtId: dueToday.id,
        amount: '200.00',
        dueDate: agencyToday(),
      });
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

    it('contact hours: a debt whose company cannot call now stays, callableNow false, after the callable ones; the agency’s hours apply otherwise', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const closed = await createCompany(t.app, admin, {
        contactDays: notToday(),
        contactFrom: '08:00',
        contactTo: '20:00',
      });
      const open = await createCompany(t.app, admin, {
        contactDays: [agencyClock().weekday],
        contactFrom: '00:00',
        contactTo: '24:00',
      });
      // The closed company's debt has the larger balance (10 points against 6): still after the others.
      const shut = await assigned(collector.id, { companyId: closed.id, originalAmount: '100000.00' });
      const callable = await assigned(collector.id, { companyId: open.id });
      const agencys = await assigned(collector.id);
      const answer = await queueOf(collector.token);
      // 36 and 36 (by id), then 40.
      expect(callableOf(answer).slice(0, 2)).toEqual([
        [callable.id, true, null],
        [agencys.id, true, null],
      ]);
      expect(answer.data.map((item) => item.score)).toEqual([36, 36, 40]);
      expect(answer.data[2]).toMatchObject({
        debt: { id: shut.id },
        callableNow: false,
        notCallable: { code: 'OUTSIDE_HOURS', alternatives: ['TASK', 'LETTER'] },
      });
      expect(answer.data[2]?.notCallable?.label).toMatch(
        /^Hoy no es día de contacto \(.+, de 08:00 a 20:00\)$/,
      );
      expect(answer).toMatchObject({ total: 3, callableTotal: 2 });
      await t.database.db.execute(
        sql`UPDATE agency_settings SET contact_days = ${`{${notToday().join(',')}}`}`,
      );
      try {
        const later = await queueOf(collector.token);
        expect(later.data.map((item) => [item.debt.id, item.callableNow])).toEqual([
          [callable.id, true],
          [shut.id, false],
          [agencys.id, false],
        ]);
        expect(later).toMatchObject({ total: 3, callableTotal: 1 });
      } finally {
        await t.database.db.execute(sql`UPDATE agency_settings SET contact_days = '{1,2,3,4,5,6,7}'`);
      }
    });

    it('outside hours: every item stays with callableNow false and the hours in its reason', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const [from, to] = awayFromNow();
      // 1000.00 owed, never contacted: 30 + 6 points each; the e-mail is the debtor's own and open.
      const first = await assigned(collector.id);
      const second = await assigned(collector.id, {}, { email: 'deudor@correo.example' });
      await t.database.db.execute(sql`UPDATE agency_settings SET contact_from = ${from}, contact_to = ${to}`);
      try {
        const answer = await queueOf(collector.token);
        const label = `Fuera del horario de contacto (${from} a ${to})`;
        expect(callableOf(answer)).toEqual([
          [first.id, false, label],
          [second.id, false, label],
        ]);
        expect(answer.data.map((item) => item.notCallable?.alternatives)).toEqual([
          ['TASK', 'LETTER'],
          ['TASK', 'EMAIL', 'LETTER'],
        ]);
        expect(answer.data.map((item) => item.score)).toEqual([36, 36]);
        expect(answer).toMatchObject({ total: 2, callableTotal: 0 });
      } finally {
        await t.database.db.execute(
          sql`UPDATE agency_settings SET contact_from = '00:00', contact_to = '24:00'`,
        );
      }
    });

    it('no phone: a debtor without an open phone of its own stays, callableNow false, with why and what can be done', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const none = await assigned(collector.id, {}, { phone: null, email: 'solo@correo.example' });
      const work = await assigned(collector.id, {}, { phoneOwner: 'LABORAL' });
      const third = await assigned(
        collector.id,
        {},
        { altPhone: '11 4444-0000', altPhoneOwner: 'TERCERO', phone: null },
      );
      const closed = await assigned(collector.id, {}, { phoneClosedOn: dayFrom(-2) });
      const alternative = await assigned(
        collector.id,
        {},
        { phoneClosedOn: dayFrom(-2), altPhone: '11 4444-0000' },
      );
      const answer = await queueOf(collector.token);
      // All score 36 (never contacted, $ 1.000,00): the callable first, then by id.
      expect(callableOf(answer)).toEqual([
        [alternative.id, true, null],
        [none.id, false, 'Sin teléfono disponible'],
        [work.id, false, 'Sin teléfono propio (solo laboral o de un tercero)'],
        [third.id, false, 'Sin teléfono propio (solo laboral o de un tercero)'],
        [closed.id, false, 'Sin teléfono disponible: pidió que no lo llamen («No contactar»)'],
      ]);
      expect(answer.data.map((item) => item.notCallable?.code ?? null)).toEqual([
        null,
        'NO_PHONE',
        'NO_PHONE',
        'NO_PHONE',
        'NO_PHONE',
      ]);
      // Looking for another phone of a debtor who asked not to be called is not offered.
      expect(answer.data.map((item) => item.notCallable?.alternatives ?? null)).toEqual([
        null,
        ['FIND_PHONE', 'EMAIL', 'LETTER', 'TASK'],
        ['FIND_PHONE', 'LETTER', 'TASK'],
        ['FIND_PHONE', 'LETTER', 'TASK'],
        ['LETTER', 'TASK'],
      ]);
      expect(answer).toMatchObject({ total: 5, callableTotal: 1 });
    });

    it('a phone closed later («no contactar») makes the debtor’s debts not callable at once; reopened, callable again', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const debt = await assigned(collector.id);
      const edit = async (fields: Record<string, unknown>) =>
        expectStatus(
          await call(t.app, admin, {
            method: 'PATCH',
            url: `/api/debtors/${debt.debtorId}`,
            payload: fields,
          }),
          200,
        );
      expect(callableOf(await queueOf(collector.token))).toEqual([[debt.id, true, null]]);
      await edit({ phoneClosedOn: agencyToday() });
      expect(callableOf(await queueOf(collector.token))).toEqual([
        [debt.id, false, 'Sin teléfono disponible: pidió que no lo llamen («No contactar»)'],
      ]);
      await edit({ phoneClosedOn: null });
      expect(callableOf(await queueOf(collector.token))).toEqual([[debt.id, true, null]]);
    });

    it('cap reached per day: the debtor’s other debts stay, callableNow false, «Alcanzó el máximo de 3 intentos por día»', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const capped = await createCompany(t.app, admin, { maxAttemptsPerDay: 3, maxAttemptsPerWeek: 5 });
      const free = await createCompany(t.app, admin);
      const first = await assigned(collector.id, { companyId: capped.id });
      const second = await createDebt(t.app, admin, {
        debtorId: first.debtorId,
        companyId: capped.id,
        assignedUserId: collector.id,
      });
      const uncapped = await createDebt(t.app, admin, {
        debtorId: first.debtorId,
        companyId: free.id,
        assignedUserId: collector.id,
      });
      // Someone else's debt of the same debtor takes the attempts (a debt tried today leaves the queue).
      const elsewhere = (await create(t.app, admin, 'debts', {
        debtorId: first.debtorId,
        companyId: capped.id,
        originalAmount: '10.00',
      })) as { id: number };
      const before = await queueOf(collector.token);
      expect(before.data.find((item) => item.debt.id === second.id)?.attempts).toEqual({
        today: 0,
        week: 0,
        maxPerDay: 3,
        maxPerWeek: 5,
      });
      await attempt(elsewhere.id);
      await attempt(elsewhere.id);
      const under = await queueOf(collector.token);
      expect(under.data.every((item) => item.callableNow)).toBe(true);
      await attempt(elsewhere.id);
      const after = await queueOf(collector.token);
      // The uncapped company's debt first; the capped ones after it, by id (same score).
      const label = 'Alcanzó el máximo de 3 intentos por día';
      expect(callableOf(after)).toEqual([
        [uncapped.id, true, null],
        [first.id, false, label],
        [second.id, false, label],
      ]);
      expect(after.data[1]).toMatchObject({
        attempts: { today: 3, week: 3, maxPerDay: 3, maxPerWeek: 5 },
        notCallable: { code: 'ATTEMPTS_PER_DAY', alternatives: ['TASK', 'LETTER'] },
      });
      expect(after).toMatchObject({ total: 3, callableTotal: 1 });
    });

    it('cap reached per week: the debtor’s debts stay, callableNow false, «Alcanzó el máximo de 2 intentos por semana»', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const company = await createCompany(t.app, admin, { maxAttemptsPerWeek: 2 });
      const first = await assigned(collector.id, { companyId: company.id });
      const second = await createDebt(t.app, admin, {
        debtorId: first.debtorId,
        companyId: company.id,
        assignedUserId: collector.id,
      });
      await create(t.app, admin, 'debts', {
        debtorId: first.debtorId,
        companyId: company.id,
        originalAmount: '10.00',
      }).then((other) => attempt((other as { id: number }).id));
      expect(callableOf(await queueOf(collector.token))).toEqual([
        [first.id, true, null],
        [second.id, true, null],
      ]);
      await attempt(first.id);
      // The debt tried today leaves today's queue; its sibling stays, not callable.
      const answer = await queueOf(collector.token);
      expect(callableOf(answer)).toEqual([[second.id, false, 'Alcanzó el máximo de 2 intentos por semana']]);
      expect(answer.data[0]?.notCallable?.code).toBe('ATTEMPTS_PER_WEEK');
      expect(answer).toMatchObject({ total: 1, callableTotal: 0 });
    });

    it('callable first: a callable debt comes before a non-callable one of higher score, on every page; total counts both', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      // Not callable: a broken promise (50) + $ 1.000,00 (6) = 56. Callable: never contacted, 30 + 6 = 36.
      const urgent = await assigned(collector.id, {}, { phone: null });
      await contact(urgent.id, dayFrom(-1));
      const promise = (await create(t.app, admin, 'promises', {
        debtId: urgent.id,
        amount: '300.00',
        dueDate: agencyToday(),
      })) as { id: number };
      await t.database.db.execute(
        sql`UPDATE promises SET taken_on = ${dayFrom(-10)}, due_date = ${dayFrom(-3)} WHERE id = ${promise.id}`,
      );
      const plain = await assigned(collector.id);
      const [page1, page2] = [
        await queueOf(collector.token, '?page=1&limit=1'),
        await queueOf(collector.token, '?page=2&limit=1'),
      ];
      expect(callableOf(page1)).toEqual([[plain.id, true, null]]);
      expect(page1.data[0]?.score).toBe(36);
      expect(callableOf(page2)).toEqual([[urgent.id, false, 'Sin teléfono disponible']]);
      expect(page2.data[0]?.score).toBe(56);
      expect(codesOf(page2, urgent.id)).toEqual(['PROMESA_INCUMPLIDA']);
      for (const page of [page1, page2]) expect(page).toMatchObject({ total: 2, callableTotal: 1 });
    });

    it('the debt’s last contact and first unpaid quota follow its events and quotas (migration 0019)', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const debt = await assigned(collector.id);
      const facts = async () => {
        const [row] = (
          (await t.database.db.execute(
            sql`SELECT last_contact_at IS NOT NULL AS contacted, next_quota_due::text AS due FROM debts WHERE id = ${debt.id}`,
          )) as unknown as { rows: { contacted: boolean; due: string | null }[] }
        ).rows;
        return row;
      };
      const event = (await contact(debt.id, agencyToday())) as { id: number };
      expect(await facts()).toEqual({ contacted: true, due: null });
      expect(idsOf(await queueOf(collector.token))).toEqual([]);
      // The contact moved to nine days ago: back in today's queue; deleted: never contacted.
      await expectStatus(
        await call(t.app, admin, {
          method: 'PATCH',
          url: `/api/events/${event.id}`,
          payload: { date: agencyDayStart(dayFrom(-9)).replace('T00:', 'T12:') },
        }),
        200,
      );
      expect((await queueOf(collector.token)).data[0]?.reasons[0]?.label).toBe('Sin contacto hace 9 días');
      await expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/events/${event.id}` }), 204);
      expect(await facts()).toEqual({ contacted: false, due: null });
      await contact(debt.id, dayFrom(-1));
      const quota = (await create(t.app, admin, 'quotas', {
        debtId: debt.id,
        number: 1,
        amount: '100.00',
        dueDate: dayFrom(-5),
      })) as { id: number };
      expect(await facts()).toEqual({ contacted: true, due: dayFrom(-5) });
      expect(codesOf(await queueOf(collector.token), debt.id)).toEqual(['CUOTA_VENCIDA']);
      // Paid, it is no longer unpaid; the payment undone, it is again.
      await expectStatus(
        await call(t.app, admin, { method: 'PATCH', url: `/api/quotas/${quota.id}/pay`, payload: {} }),
        200,
      );
      expect(await facts()).toEqual({ contacted: true, due: null });
      expect(idsOf(await queueOf(collector.token))).toEqual([]);
      await expectStatus(
        await call(t.app, admin, { method: 'DELETE', url: `/api/quotas/${quota.id}/payment` }),
        204,
      );
      expect(await facts()).toEqual({ contacted: true, due: dayFrom(-5) });
    });
    it('a promise’s open window follows its payments, deposits, grace days and company (migration 0022)', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const strict = await createCompany(t.app, admin);
      const lenient = await createCompany(t.app, admin);
      const debt = await assigned(collector.id, { companyId: strict.id });
      await contact(debt.id, dayFrom(-1));
      const promise = (await create(t.app, admin, 'promises', {
        debtId: debt.id,
        amount: '300.00',
        dueDate: agencyToday(),
      })) as { id: number };
      const openUntil = async () => {
        const [row] = (
          (await t.database.db.execute(
            sql`SELECT latest_promise_open_until::text AS until FROM debts WHERE id = ${debt.id}`,
          )) as unknown as { rows: { until: string | null }[] }
        ).rows;
        return row?.until;
      };
      expect(await openUntil()).toBe(agencyToday());
      expect(codesOf(await queueOf(collector.token), debt.id)).toEqual(['PROMESA_HOY']);
      await t.database.db.execute(
        sql`UPDATE promises SET taken_on = ${dayFrom(-10)}, due_date = ${dayFrom(-3)} WHERE id = ${promise.id}`,
      );
      expect(codesOf(await queueOf(collector.token), debt.id)).toEqual(['PROMESA_INCUMPLIDA']);
      // Paid in full inside the window: kept, out of the queue; the payment deleted: broken again.
      const payment = (await create(t.app, admin, 'payments', {
        debtId: debt.id,
        amount: '300.00',
        paidAt: dayFrom(-4),
      })) as { id: number };
      expect(await openUntil()).toBeNull();
      expect(idsOf(await queueOf(collector.token))).toEqual([]);
      await expectStatus(
        await call(t.app, admin, { method: 'DELETE', url: `/api/payments/${payment.id}` }),
        204,
      );
      expect(await openUntil()).toBe(dayFrom(-3));
      // A deposit two days after the due date is outside a window without grace days…
      await create(t.app, admin, 'deposits', { debtId: debt.id, amount: '300.00', depositedAt: dayFrom(-1) });
      expect(codesOf(await queueOf(collector.token), debt.id)).toEqual(['PROMESA_INCUMPLIDA']);
      // …and inside it in a company that grants five grace days; the grace withdrawn, broken again.
      await expectStatus(
        await call(t.app, admin, {
          method: 'PATCH',
          url: `/api/companies/${lenient.id}`,
          payload: { promiseGraceDays: 5 },
        }),
        200,
      );
      await expectStatus(
        await call(t.app, admin, {
          method: 'PATCH',
          url: `/api/debts/${debt.id}`,
          payload: { companyId: lenient.id },
        }),
        200,
      );
      expect(await openUntil()).toBeNull();
      expect(idsOf(await queueOf(collector.token))).toEqual([]);
      await expectStatus(
        await call(t.app, admin, {
          method: 'PATCH',
          url: `/api/companies/${lenient.id}`,
          payload: { promiseGraceDays: 0 },
        }),
        200,
      );
      expect(await openUntil()).toBe(dayFrom(-3));
      expect(codesOf(await queueOf(collector.token), debt.id)).toEqual(['PROMESA_INCUMPLIDA']);
    });
  });
