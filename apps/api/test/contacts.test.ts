import { agencyClock, agencyToday, MESSAGES } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
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

/** Every day of the week but today (agency time): hours that exclude now, whatever the time. */
const notToday = () => [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== agencyClock().weekday);

interface Answer {
  status: number;
  body: { message?: string; code?: string; errors?: Record<string, string[]> } & Record<string, unknown>;
}

/** POST /api/contacts (issue 18): one-step contact logging and the contact rules. */
forEachBackend('one-step contact logging and the contact rules (issue 18)', (backend) => {
  let t: TestApp;
  let admin: string;
  let eventTypeId: number;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    eventTypeId = ((await create(t.app, admin, 'events-types', { name: 'Llamada' })) as { id: number }).id;
    // Any time of day is inside the agency's hours here; tests that need to be outside narrow a company's.
    await t.database.db.execute(
      sql`UPDATE agency_settings SET contact_days = '{1,2,3,4,5,6,7}', contact_from = '00:00', contact_to = '24:00'`,
    );
  });
  afterAll(() => t?.close());

  const log = (payload: Record<string, unknown>, token = admin) =>
    call(t.app, token, { method: 'POST', url: '/api/contacts', payload }) as Promise<Answer>;
  /** A debt whose debtor has these channel fields (a phone of its own by default). */
  const debtWith = async (debtor: Record<string, unknown> = {}, debt: Record<string, unknown> = {}) => {
    const person = (await createDebtor(t.app, admin, { phone: '11 5555-1234', ...debtor })) as { id: number };
    return (await createDebt(t.app, admin, { debtorId: person.id, ...debt })) as {
      id: number;
      debtorId: number;
    };
  };
  const count = async (table: 'events' | 'promises' | 'tasks', debtId: number) => {
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE debt_id = ${debtId}`,
      ),
    );
    return row?.n ?? 0;
  };
  const refused = (answer: Answer, status: number, code: string) => {
    expectStatus(answer, status);
    expect(answer.body.code).toBe(code);
  };

  it('logs a call, a promise and the next task in one call: 201 with the three as read, each audited', async () => {
    const debt = await debtWith();
    const tomorrow = dayFrom(1);
    const res = await log({
      debtId: debt.id,
      eventTypeId,
      channel: 'PHONE',
      description: 'Atendió, promete pagar el viernes.',
      promise: { amount: '250.50', dueDate: tomorrow },
      task: { date: tomorrow, time: '10:30', description: 'Confirmar el pago' },
    });
    expectStatus(res, 201);
    expect(res.body.event).toMatchObject({
      debtId: debt.id,
      eventTypeId,
      eventTypeName: 'Llamada',
      channel: 'PHONE',
      outsideHours: false,
      description: 'Atendió, promete pagar el viernes.',
    });
    expect(res.body.promise).toMatchObject({
      debtId: debt.id,
      amount: '250.50',
      dueDate: tomorrow,
      status: 'PENDIENTE',
    });
    expect(res.body.task).toMatchObject({
      debtId: debt.id,
      title: 'Confirmar el pago',
      start: new Date(`${tomorrow}T10:30:00-03:00`).toISOString(),
      status: 'PENDIENTE',
    });
    const audited = rowsOf<{ resource: string }>(
      await t.database.db.execute(sql`SELECT resource FROM audit_log
        WHERE (resource, record_id) IN (('events', ${(res.body.event as { id: number }).id}),
          ('promises', ${(res.body.promise as { id: number }).id}), ('tasks', ${(res.body.task as { id: number }).id}))`),
    );
    expect(audited.map((row) => row.resource).sort()).toEqual(['events', 'promises', 'tasks']);
  });

  it('without a channel (a letter, a visit) no rule applies, and the event says none', async () => {
    const debt = await debtWith({ phone: null });
    const res = await log({ debtId: debt.id, eventTypeId });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      event: { channel: null, outsideHours: false },
      promise: null,
      task: null,
    });
  });

  describe('all or nothing', () => {
    it('a promise the debt cannot take (a cancelled debt) rolls the contact back: no event', async () => {
      const debt = await debtWith({}, { originalAmount: '100.00' });
      await create(t.app, admin, 'payments', { debtId: debt.id, amount: '100.00', paidAt: agencyToday() });
      // Settling the balance logged its own event («El saldo llegó a cero.»).
      const before = await count('events', debt.id);
      const res = await log({
        debtId: debt.id,
        eventTypeId,
        channel: 'PHONE',
        promise: { amount: '10.00', dueDate: agencyToday() },
      });
      expectStatus(res, 409);
      expect(res.body.message).toContain('La deuda está');
      expect(await count('events', debt.id)).toBe(before);
      expect(await count('promises', debt.id)).toBe(0);
    });

    it('a bad promise (no amount, a past date) is a Spanish 400 and leaves no event', async () => {
      const debt = await debtWith();
      const res = await log({ debtId: debt.id, eventTypeId, promise: { amount: '0', dueDate: dayFrom(-1) } });
      expectStatus(res, 400);
      expect(JSON.stringify(res.body)).toContain('La fecha prometida no puede ser anterior a hoy.');
      expect(await count('events', debt.id)).toBe(0);
    });

    it('a next task in the past leaves neither the event nor the promise', async () => {
      const debt = await debtWith();
      const res = await log({
        debtId: debt.id,
        eventTypeId,
        channel: 'PHONE',
        promise: { amount: '10.00', dueDate: agencyToday() },
        task: { date: dayFrom(-1), time: '10:00' },
      });
      expectStatus(res, 400);
      expect(res.body.errors?.['task.date']).toEqual([MESSAGES.contactTaskInPast]);
      expect([
        await count('events', debt.id),
        await count('promises', debt.id),
        await count('tasks', debt.id),
      ]).toEqual([0, 0, 0]);
    });

    it('a sub-type of another event type is refused as by POST /events, and nothing is written', async () => {
      const debt = await debtWith();
      const other = (await create(t.app, admin, 'events-types', { name: 'Carta' })) as { id: number };
      const sub = (await create(t.app, admin, 'eventsSubTypes', {
        name: 'Documento',
        eventTypeId: other.id,
      })) as {
        id: number;
      };
      const res = await log({ debtId: debt.id, eventTypeId, eventSubTypeId: sub.id });
      expectStatus(res, 400);
      expect(res.body.errors?.eventSubTypeId).toEqual([MESSAGES.eventSubTypeMismatch]);
      expect(await count('events', debt.id)).toBe(0);
    });
  });

  describe('the debtor’s channels', () => {
    it('a closed channel («no contactar») is refused: CHANNEL_CLOSED', async () => {
      const debt = await debtWith({ phoneClosedOn: dayFrom(-3), email: 'ana@correo.example' });
      refused(await log({ debtId: debt.id, eventTypeId, channel: 'PHONE' }), 409, 'CHANNEL_CLOSED');
      const res = await log({ debtId: debt.id, eventTypeId, channel: 'PHONE' });
      expect(res.body.message).toBe(
        MESSAGES.contactChannelClosed('el teléfono', dayFrom(-3).split('-').reverse().join('/')),
      );
      // The e-mail is still open.
      expectStatus(await log({ debtId: debt.id, eventTypeId, channel: 'EMAIL' }), 201);
      expect(await count('events', debt.id)).toBe(1);
    });

    it('a channel the debtor does not have is a 400 on the field: CHANNEL_EMPTY', async () => {
      const debt = await debtWith();
      const res = await log({ debtId: debt.id, eventTypeId, channel: 'ALT_PHONE' });
      refused(res, 400, 'CHANNEL_EMPTY');
      expect(res.body.errors?.channel).toEqual([MESSAGES.contactChannelEmpty('el teléfono alternativo')]);
    });

    it('a work or third party’s channel needs confirmThirdParty (THIRD_PARTY, citing Ley 24.240 art. 8 bis and Ley 6171)', async () => {
      const debt = await debtWith({
        phoneOwner: 'LABORAL',
        altPhone: '11 4444-0000',
        altPhoneOwner: 'TERCERO',
      });
      const work = await log({ debtId: debt.id, eventTypeId, channel: 'PHONE' });
      refused(work, 409, 'THIRD_PARTY');
      expect(work.body.message).toContain('El teléfono es laboral.');
      expect(work.body.message).toContain('Ley 24.240 (art. 8 bis');
      expect(work.body.message).toContain('Ley 6171');
      const third = await log({ debtId: debt.id, eventTypeId, channel: 'ALT_PHONE' });
      expect(third.body.message).toContain('El teléfono alternativo es de un tercero.');
      expect(await count('events', debt.id)).toBe(0);
      expectStatus(
        await log({ debtId: debt.id, eventTypeId, channel: 'PHONE', confirmThirdParty: true }),
        201,
      );
    });
  });

  describe('contact hours', () => {
    it('a call outside the company’s hours asks for confirmation (OUTSIDE_HOURS); confirmed, it is logged and marked', async () => {
      const company = await createCompany(t.app, admin, {
        contactDays: notToday(),
        contactFrom: '00:00',
        contactTo: '24:00',
      });
      const debt = await debtWith({ email: 'ana@correo.example' }, { companyId: company.id });
      const res = await log({ debtId: debt.id, eventTypeId, channel: 'PHONE' });
      refused(res, 409, 'OUTSIDE_HOURS');
      expect(res.body.message).toMatch(/^Fuera del horario de contacto \(.*, de 00:00 a 24:00\)/);
      expect(await count('events', debt.id)).toBe(0);
      const confirmed = await log({
        debtId: debt.id,
        eventTypeId,
        channel: 'PHONE',
        confirmOutsideHours: true,
      });
      expectStatus(confirmed, 201);
      expect(confirmed.body.event).toMatchObject({ channel: 'PHONE', outsideHours: true });
      // An e-mail is no call: no hours apply.
      const mail = await log({ debtId: debt.id, eventTypeId, channel: 'EMAIL' });
      expect(mail.body.event).toMatchObject({ channel: 'EMAIL', outsideHours: false });
    });

    it('without its own hours a company follows the agency’s', async () => {
      const debt = await debtWith();
      await t.database.db.execute(
        sql`UPDATE agency_settings SET contact_days = ${`{${notToday().join(',')}}`}`,
      );
      try {
        refused(await log({ debtId: debt.id, eventTypeId, channel: 'PHONE' }), 409, 'OUTSIDE_HOURS');
      } finally {
        await t.database.db.execute(sql`UPDATE agency_settings SET contact_days = '{1,2,3,4,5,6,7}'`);
      }
      expectStatus(await log({ debtId: debt.id, eventTypeId, channel: 'PHONE' }), 201);
    });
  });

  describe('attempts per debtor', () => {
    it('the company’s cap per day counts attempts on any debt of the debtor: ATTEMPTS_PER_DAY names it', async () => {
      const company = await createCompany(t.app, admin, { maxAttemptsPerDay: 2 });
      const first = await debtWith({}, { companyId: company.id });
      const second = await createDebt(t.app, admin, { debtorId: first.debtorId, companyId: company.id });
      expectStatus(await log({ debtId: first.id, eventTypeId, channel: 'PHONE' }), 201);
      // A contact without a channel is no attempt.
      expectStatus(await log({ debtId: first.id, eventTypeId }), 201);
      expectStatus(await log({ debtId: second.id, eventTypeId, channel: 'PHONE' }), 201);
      const res = await log({ debtId: second.id, eventTypeId, channel: 'PHONE' });
      refused(res, 409, 'ATTEMPTS_PER_DAY');
      expect(res.body.message).toBe(MESSAGES.contactAttemptsPerDay(2));
      // Confirming warnings does not lift a cap.
      refused(
        await log({
          debtId: first.id,
          eventTypeId,
          channel: 'PHONE',
          confirmOutsideHours: true,
          confirmThirdParty: true,
        }),
        409,
        'ATTEMPTS_PER_DAY',
      );
    });

    it('the cap per week: ATTEMPTS_PER_WEEK names it', async () => {
      const company = await createCompany(t.app, admin, { maxAttemptsPerWeek: 1 });
      const debt = await debtWith({ email: 'ana@correo.example' }, { companyId: company.id });
      expectStatus(await log({ debtId: debt.id, eventTypeId, channel: 'EMAIL' }), 201);
      const res = await log({ debtId: debt.id, eventTypeId, channel: 'PHONE' });
      refused(res, 409, 'ATTEMPTS_PER_WEEK');
      expect(res.body.message).toBe(MESSAGES.contactAttemptsPerWeek(1));
    });

    it('GET /contacts/context: the channels, the hours that apply and the attempts so far', async () => {
      const company = await createCompany(t.app, admin, { maxAttemptsPerDay: 3, maxAttemptsPerWeek: 10 });
      const debt = await debtWith(
        { phoneOwner: 'LABORAL', email: 'ana@correo.example', emailClosedOn: dayFrom(-1) },
        { companyId: company.id },
      );
      await log({ debtId: debt.id, eventTypeId, channel: 'PHONE', confirmThirdParty: true });
      const res = await call(t.app, admin, { method: 'GET', url: `/api/contacts/context?debtId=${debt.id}` });
      expectStatus(res, 200);
      expect(res.body).toEqual({
        debtId: debt.id,
        debtorId: debt.debtorId,
        channels: [
          { channel: 'PHONE', value: '11 5555-1234', owner: 'LABORAL', closedOn: null },
          { channel: 'EMAIL', value: 'ana@correo.example', owner: 'DEUDOR', closedOn: dayFrom(-1) },
        ],
        hours: { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00' },
        companyHours: false,
        insideHours: true,
        attempts: { today: 1, week: 1, maxPerDay: 3, maxPerWeek: 10 },
        currency: 'ARS',
        disputedOn: null,
        // Every contact the admin logged so far in this file is a «Llamada».
        suggestedEventTypeId: eventTypeId,
      });
      expectStatus(
        await call(t.app, admin, { method: 'GET', url: '/api/contacts/context?debtId=999999' }),
        404,
      );
    });
  });

  describe('the dialog’s starting contact type (issue 32)', () => {
    it('is the type the user logs most among the latest contacts, else the agency’s most common there', async () => {
      const visit = (await create(t.app, admin, 'events-types', { name: 'Visita' })) as { id: number };
      const mail = (await create(t.app, admin, 'events-types', { name: 'Correo' })) as { id: number };
      const collector = await createUser(t.app, admin, 'GENERAL');
      const fresh = await createUser(t.app, admin, 'GENERAL');
      const debt = await debtWith({ email: 'ana@correo.example' });
      // The collector: one «Visita» by phone, two «Correo» by e-mail; a contact without a channel is no call.
      await log({ debtId: debt.id, eventTypeId: visit.id, channel: 'PHONE' }, collector.token);
      for (let i = 0; i < 2; i++)
        await log({ debtId: debt.id, eventTypeId: mail.id, channel: 'EMAIL' }, collector.token);
      for (let i = 0; i < 3; i++) await log({ debtId: debt.id, eventTypeId: visit.id }, collector.token);
      const suggested = async (token: string) => {
        const res = await call(t.app, token, {
          method: 'GET',
          url: `/api/contacts/context?debtId=${debt.id}`,
        });
        expectStatus(res, 200);
        return res.body.suggestedEventTypeId;
      };
      expect(await suggested(collector.token)).toBe(mail.id);
      // The admin logged «Llamada» all along (many more than 2); someone who logged nothing gets the same.
      expect(await suggested(admin)).toBe(eventTypeId);
      expect(await suggested(fresh.token)).toBe(eventTypeId);
    });
  });

  describe('permissions', () => {
    it('a CLIENTE gets 403, even on its own company’s debt; nothing is written', async () => {
      const cliente = await createUser(t.app, admin, 'CLIENTE');
      const debt = await debtWith({}, { companyId: cliente.companyId });
      expectStatus(await log({ debtId: debt.id, eventTypeId }, cliente.token), 403);
      expectStatus(
        await call(t.app, cliente.token, { method: 'GET', url: `/api/contacts/context?debtId=${debt.id}` }),
        403,
      );
      expect(await count('events', debt.id)).toBe(0);
    });

    it('a GENERAL logs on a debt assigned to another collector, as POST /events allows', async () => {
      const [mine, other] = [
        await createUser(t.app, admin, 'GENERAL'),
        await createUser(t.app, admin, 'GENERAL'),
      ];
      const debt = await debtWith({}, { assignedUserId: other.id });
      const res = await log(
        { debtId: debt.id, eventTypeId, channel: 'PHONE', task: { date: dayFrom(1), time: '09:00' } },
        mine.token,
      );
      expectStatus(res, 201);
      expect(res.body.event).toMatchObject({ userId: mine.id });
      expect(res.body.task).toMatchObject({
        userId: mine.id,
        title: `Volver a contactar (deuda N.º ${debt.id})`,
      });
      expectStatus(
        await call(t.app, mine.token, {
          method: 'POST',
          url: '/api/events',
          payload: { debtId: debt.id, eventTypeId },
        }),
        201,
      );
    });

    it('a debt that does not exist is a 400 on debtId', async () => {
      const res = await log({ debtId: 999_999, eventTypeId });
      expectStatus(res, 400);
      expect(res.body.errors?.debtId).toEqual([MESSAGES.debtNotFound]);
    });
  });

  describe('settings', () => {
    it('the agency’s contact hours: PUT and GET as HH:MM; a bad time or an end before the start is a Spanish 400', async () => {
      const put = (payload: Record<string, unknown>) =>
        call(t.app, admin, {
          method: 'PUT',
          url: '/api/agency',
          payload: { name: 'Agencia', cuit: '30500010912', ...payload },
        });
      const saved = await put({ contactDays: [6, 1, 2], contactFrom: '09:00', contactTo: '24:00' });
      expectStatus(saved, 200);
      expect(saved.body).toMatchObject({ contactDays: [1, 2, 6], contactFrom: '09:00', contactTo: '24:00' });
      expect((await call(t.app, admin, { method: 'GET', url: '/api/agency' })).body).toMatchObject({
        contactDays: [1, 2, 6],
        contactFrom: '09:00',
      });
      const order = await put({ contactFrom: '20:00', contactTo: '08:00' });
      expectStatus(order, 400);
      expect(order.body.errors?.contactTo).toEqual([MESSAGES.contactHoursOrder]);
      expect((await put({ contactFrom: '8' })).body.errors?.contactFrom).toEqual([
        MESSAGES.contactTimeInvalid,
      ]);
      // Left out: the default, Monday to Friday 08:00–20:00.
      expect((await put({})).body).toMatchObject({
        contactDays: [1, 2, 3, 4, 5],
        contactFrom: '08:00',
        contactTo: '20:00',
      });
      expectStatus(
        await put({ contactDays: [1, 2, 3, 4, 5, 6, 7], contactFrom: '00:00', contactTo: '24:00' }),
        200,
      );
    });

    it('a company’s own hours are all three or none (400 on the field), a PATCH checked against what is stored', async () => {
      const company = await createCompany(t.app, admin, {
        contactDays: [1, 2],
        contactFrom: '10:00',
        contactTo: '18:00',
      });
      const read = await call(t.app, admin, { method: 'GET', url: `/api/companies/${company.id}` });
      expect(read.body).toMatchObject({
        contactDays: [1, 2],
        contactFrom: '10:00',
        contactTo: '18:00',
        maxAttemptsPerDay: null,
        maxAttemptsPerWeek: null,
      });
      const patch = (payload: Record<string, unknown>) =>
        call(t.app, admin, { method: 'PATCH', url: `/api/companies/${company.id}`, payload });
      const early = await patch({ contactTo: '09:00' });
      expectStatus(early, 400);
      expect(early.body.errors?.contactTo).toEqual([MESSAGES.contactHoursOrder]);
      const half = await patch({ contactFrom: null });
      expect(half.body.errors?.contactFrom).toEqual([MESSAGES.contactFromRequired]);
      expectStatus(await patch({ contactDays: null, contactFrom: null, contactTo: null }), 200);
      const caps = await patch({ maxAttemptsPerDay: '3', maxAttemptsPerWeek: 10 });
      expect(caps.body).toMatchObject({ contactDays: null, maxAttemptsPerDay: 3, maxAttemptsPerWeek: 10 });
      expect((await patch({ maxAttemptsPerDay: 51 })).body.errors?.maxAttemptsPerDay).toEqual([
        MESSAGES.maxAttemptsPerDayRange,
      ]);
    });

    it('a debtor’s channels say whose they are and since when the debtor asked «no contactar»', async () => {
      const debtor = (await createDebtor(t.app, admin, {
        phone: '11 5555-1234',
        phoneOwner: 'LABORAL',
        emailClosedOn: agencyToday(),
      })) as { id: number };
      const read = await call(t.app, admin, { method: 'GET', url: `/api/debtors/${debtor.id}` });
      expect(read.body).toMatchObject({
        phoneOwner: 'LABORAL',
        altPhoneOwner: 'DEUDOR',
        emailOwner: 'DEUDOR',
        phoneClosedOn: null,
        emailClosedOn: agencyToday(),
      });
      const reopened = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/debtors/${debtor.id}`,
        payload: { emailClosedOn: null, phoneOwner: 'VECINO' },
      });
      expectStatus(reopened, 400);
      expect(reopened.body.errors?.phoneOwner).toEqual([MESSAGES.channelOwnerInvalid]);
    });
  });
});
