/**
 * Issue 37 (DESIGN.md §11.6): court cases, deadlines in judicial working days on each jurisdiction's
 * calendar, notices, court costs as SERVICE rows and the liquidation sheet. Deadlines worked by hand:
 *
 * Calendar: national holidays 25/12/2025 (Thu) and 01/01/2026 (Thu); jurisdiction «Norte» has the
 * January recess 01/01/2026–31/01/2026, «Sur» has none. A notice on Mon 22/12/2025:
 * - 5 days, Norte: Tue 23 (1), Wed 24 (2), Thu 25 holiday, Fri 26 (3), Mon 29 (4), Tue 30 (5) → 30/12/2025.
 * - 8 days, Norte: … Wed 31 (6), January recess, Mon 02/02 (7), Tue 03/02 (8) → 03/02/2026.
 * - 8 days, Sur: … Wed 31 (6), Thu 01/01 holiday, Fri 02/01 (7), Mon 05/01 (8) → 05/01/2026.
 */
import { agencyDayStart, CASE_MESSAGES, formatMoney, JURISDICTION_MESSAGES } from '@cobranzas/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createDebt, createDebtor, expectStatus } from './domain';
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
  unique,
} from './helpers';
import { multipartBody } from './multipart';
import { pdfPages } from './pdfHelpers';

/** The smallest file the content check takes for a PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

forEachBackend('judicial cases, deadlines and the liquidation sheet (issue 37)', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: { token: string; id: number };
  let cliente: { token: string; companyId: number };
  let norte: number;
  let sur: number;

  const get = async (token: string, url: string) => call(t.app, token, { method: 'GET', url });
  const post = async (token: string, url: string, payload: object) =>
    call(t.app, token, { method: 'POST', url, payload });
  const patch = async (token: string, url: string, payload: object) =>
    call(t.app, token, { method: 'PATCH', url, payload });
  const judicialDebt = async (fields: Record<string, unknown> = {}) =>
    createDebt(t.app, admin, { debtTypeId: 3, ...fields }) as Promise<{ id: number; companyId: number }>;
  const openCase = async (fields: Record<string, unknown> = {}) => {
    const debt = await judicialDebt();
    const kase = await post(admin, '/api/cases', { debtId: debt.id, ...fields });
    expectStatus(kase, 201);
    return { debt, kase: kase.body as { id: number; caption: string } };
  };

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const user = await createUser(t.app, admin, 'GENERAL');
    general = { token: user.token, id: user.id as number };
    const client = await createUser(t.app, admin, 'CLIENTE');
    cliente = { token: client.token, companyId: client.companyId as number };
    norte = (await create(t.app, admin, 'jurisdictions', { name: unique('Norte ') })).id;
    sur = (await create(t.app, admin, 'jurisdictions', { name: unique('Sur ') })).id;
    const holidays = await post(admin, '/api/judicial-days-off/holidays', {
      year: 2025,
      days: [{ date: '2025-12-25', name: 'Navidad' }],
    });
    expectStatus(holidays, 200);
    expectStatus(
      await post(admin, '/api/judicial-days-off/holidays', {
        year: 2026,
        days: [{ date: '2026-01-01', name: 'Año Nuevo' }],
      }),
      200,
    );
    expectStatus(
      await post(admin, '/api/judicial-days-off', {
        kind: 'FERIA',
        jurisdictionId: norte,
        from: '2026-01-01',
        to: '2026-01-31',
        name: 'Feria judicial de enero',
      }),
      201,
    );
  });
  afterAll(() => t?.close());

  describe('the calendar of judicial working days', () => {
    it('counts a deadline across a weekend, a national holiday and the January recess, each jurisdiction on its own calendar', async () => {
      const deadline = async (jurisdiction: number, days: number) =>
        (await get(general.token, `/api/jurisdictions/${jurisdiction}/deadline?from=2025-12-22&days=${days}`))
          .body;
      expect((await deadline(norte, 5)).deadlineOn).toBe('2025-12-30');
      const long = await deadline(norte, 8);
      expect(long.deadlineOn).toBe('2026-02-03');
      expect(long.skipped).toEqual([
        { date: '2025-12-25', kind: 'FERIADO', name: 'Navidad' },
        { date: '2026-01-01', kind: 'FERIADO', name: 'Año Nuevo' },
        { date: '2026-01-01/2026-01-31', kind: 'FERIA', name: 'Feria judicial de enero' },
      ]);
      expect((await deadline(sur, 8)).deadlineOn).toBe('2026-01-05');
    });

    it('loads a year of national holidays from the holiday data once: loading it again adds nothing', async () => {
      const first = await post(admin, '/api/judicial-days-off/holidays', { year: 2027 });
      expectStatus(first, 200);
      expect(first.body.added).toBeGreaterThanOrEqual(12);
      const list = await get(general.token, '/api/judicial-days-off?year=2027&kind=FERIADO&limit=100');
      const days = (list.body.data as { from: string; name: string }[]).map((d) => d.from);
      // Día de la Memoria, Independencia, Navidad: fixed by law.
      expect(days).toEqual(expect.arrayContaining(['2027-03-24', '2027-07-09', '2027-12-25']));
      expect(days).not.toContain('2027-12-24');
      const again = await post(admin, '/api/judicial-days-off/holidays', { year: 2027 });
      expect(again.body).toEqual({ added: 0, existing: first.body.added });
    });

    it('keeps a recess to a jurisdiction and a national holiday to all, and refuses a list of another year', async () => {
      const recess = await post(admin, '/api/judicial-days-off', {
        kind: 'FERIA',
        from: '2026-07-20',
        to: '2026-07-31',
        name: 'Feria',
      });
      expectStatus(recess, 400);
      expect(recess.body.errors.jurisdictionId).toEqual([JURISDICTION_MESSAGES.recessNeedsJurisdiction]);
      const local = await post(admin, '/api/judicial-days-off', {
        kind: 'FERIADO',
        jurisdictionId: sur,
        from: '2026-07-20',
        name: 'X',
      });
      expect(local.body.errors.jurisdictionId).toEqual([JURISDICTION_MESSAGES.holidayIsNational]);
      const backwards = await post(admin, '/api/judicial-days-off', {
        kind: 'FERIA',
        jurisdictionId: sur,
        from: '2026-07-31',
        to: '2026-07-20',
        name: 'X',
      });
      expect(backwards.body.errors.to).toEqual([JURISDICTION_MESSAGES.rangeBackwards]);
      const other = await post(admin, '/api/judicial-days-off/holidays', {
        year: 2028,
        days: [{ date: '2029-01-01', name: 'X' }],
      });
      expectStatus(other, 400);
      expectStatus(await post(general.token, '/api/judicial-days-off/holidays', { year: 2028 }), 403);
      expectStatus(
        await get(cliente.token, `/api/jurisdictions/${sur}/deadline?from=2025-12-22&days=5`),
        403,
      );
    });
  });

  describe('cases', () => {
    it('opens a case only for a judicial debt, once, with the carátula drafted «COMPAÑÍA c/ DEUDOR s/ EJECUTIVO»', async () => {
      const companyId = (await createCompany(t.app, admin, { name: 'Banco del Plata' })).id as number;
      const debtor = await createDebtor(t.app, admin, { firstName: 'Ana María', lastName: 'Pérez' });
      const early = await createDebt(t.app, admin, { companyId, debtorId: debtor.id });
      const refused = await post(general.token, '/api/cases', { debtId: early.id });
      expectStatus(refused, 409);
      expect(refused.body.message).toBe(CASE_MESSAGES.notJudicial);

      const debt = await judicialDebt({ companyId, debtorId: debtor.id });
      const kase = await post(general.token, '/api/cases', {
        debtId: debt.id,
        jurisdictionId: norte,
        court: 'Juzgado Civil y Comercial N.º 3',
        number: '12345/2025',
      });
      expectStatus(kase, 201);
      expect(kase.body.caption).toBe('BANCO DEL PLATA c/ PÉREZ, ANA MARÍA s/ EJECUTIVO');
      expect(kase.body).toMatchObject({
        kind: 'EJECUTIVO',
        jurisdictionName: expect.stringContaining('Norte'),
      });
      const twice = await post(general.token, '/api/cases', { debtId: debt.id });
      expectStatus(twice, 409);
      expect(twice.body.errors.debtId).toEqual([CASE_MESSAGES.alreadyHasCase]);

      // The debt's court and case number follow the case, and the judicial list shows its columns.
      const read = (await get(general.token, `/api/debts/${debt.id}`)).body;
      expect(read).toMatchObject({ court: 'Juzgado Civil y Comercial N.º 3', caseNumber: '12345/2025' });
      const listed = (await get(general.token, `/api/debts?debtTypeId=3&companyId=${companyId}`)).body.data;
      expect(listed[0].judicialCase).toEqual({
        id: kase.body.id,
        jurisdictionName: expect.stringContaining('Norte'),
        court: 'Juzgado Civil y Comercial N.º 3',
        number: '12345/2025',
        nextDeadlineOn: null,
      });
      // Edited on the debt, the case says the same.
      expectStatus(await patch(general.token, `/api/debts/${debt.id}`, { caseNumber: '999/2025' }), 200);
      expect((await get(general.token, `/api/cases/${kase.body.id}`)).body.number).toBe('999/2025');
    });

    it('refuses a filing dated after today and an end without a filing', async () => {
      const debt = await judicialDebt();
      const future = await post(general.token, '/api/cases', { debtId: debt.id, filedOn: '2199-01-01' });
      expect(future.body.errors.filedOn).toEqual([CASE_MESSAGES.futureDate]);
      const ended = await post(general.token, '/api/cases', { debtId: debt.id, closedOn: '2025-01-01' });
      expect(ended.body.errors.closedOn).toEqual([CASE_MESSAGES.closedWithoutFiling]);
    });

    it('a step with a deadline of N working days counts it on the case’s calendar and makes it the lawyer’s task', async () => {
      const { kase } = await openCase({ jurisdictionId: norte, lawyerId: general.id });
      const sentenced = (await create(t.app, admin, 'case-statuses', { name: unique('Excepciones ') })).id;
      const step = await post(general.token, '/api/case-steps', {
        caseId: kase.id,
        on: '2025-12-22',
        title: 'Traslado de excepciones',
        statusId: sentenced,
        deadlineDays: 5,
      });
      expectStatus(step, 201);
      expect(step.body).toMatchObject({
        deadlineFrom: '2025-12-22',
        deadlineOn: '2025-12-30',
        statusId: sentenced,
      });
      const task = (await get(general.token, `/api/tasks/${step.body.taskId}`)).body;
      expect(task).toMatchObject({ userId: general.id, status: 'PENDIENTE', allDay: true });
      expect(task.title).toBe(`Vence plazo: Traslado de excepciones — ${kase.caption}`);
      expect(new Date(task.start).toISOString()).toBe(new Date(agencyDayStart('2025-12-30')).toISOString());
      // The case moves to the step's status and shows its next deadline until the task is done.
      let read = (await get(general.token, `/api/cases/${kase.id}`)).body;
      expect(read).toMatchObject({ statusId: sentenced, nextDeadlineOn: '2025-12-30' });

      // Eight days instead: across the January recess; the pending task moves with it.
      const longer = await patch(general.token, `/api/case-steps/${step.body.id}`, { deadlineDays: 8 });
      expect(longer.body.deadlineOn).toBe('2026-02-03');
      const moved = (await get(general.token, `/api/tasks/${step.body.taskId}`)).body;
      expect(new Date(moved.start).toISOString()).toBe(new Date(agencyDayStart('2026-02-03')).toISOString());

      expectStatus(
        await patch(general.token, `/api/tasks/${step.body.taskId}`, { status: 'COMPLETADA' }),
        200,
      );
      read = (await get(general.token, `/api/cases/${kase.id}`)).body;
      expect(read.nextDeadlineOn).toBeNull();
    });

    it('deleting a case (ADMIN) cancels its steps’ pending deadline tasks; the debt stays', async () => {
      const { debt, kase } = await openCase({ jurisdictionId: sur });
      const step = (
        await post(general.token, '/api/case-steps', {
          caseId: kase.id,
          on: '2025-12-22',
          title: 'Traslado',
          deadlineDays: 5,
        })
      ).body;
      expectStatus(await call(t.app, general.token, { method: 'DELETE', url: `/api/cases/${kase.id}` }), 403);
      expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/cases/${kase.id}` }), 204);
      expect((await get(general.token, `/api/tasks/${step.taskId}`)).body.status).toBe('CANCELADA');
      expectStatus(await get(general.token, `/api/debts/${debt.id}`), 200);
      expect((await get(general.token, `/api/debts/${debt.id}`)).body.judicialCase).toBeNull();
    });

    it('a deadline needs the case’s jurisdiction, and its notice is not after the step', async () => {
      const { kase } = await openCase();
      const step = await post(general.token, '/api/case-steps', {
        caseId: kase.id,
        on: '2025-12-22',
        title: 'X',
        deadlineDays: 5,
      });
      expectStatus(step, 400);
      expect(step.body.errors.deadlineDays).toEqual([CASE_MESSAGES.deadlineNeedsJurisdiction]);
      expectStatus(await patch(general.token, `/api/cases/${kase.id}`, { jurisdictionId: sur }), 200);
      const late = await post(general.token, '/api/case-steps', {
        caseId: kase.id,
        on: '2025-12-22',
        title: 'X',
        deadlineDays: 5,
        deadlineFrom: '2025-12-23',
      });
      expect(late.body.errors.deadlineFrom).toEqual([CASE_MESSAGES.deadlineFromAfterStep]);
      const notified = await post(general.token, '/api/case-steps', {
        caseId: kase.id,
        on: '2025-12-26',
        title: 'Intimación',
        deadlineDays: 8,
        deadlineFrom: '2025-12-22',
      });
      expect(notified.body.deadlineOn).toBe('2026-01-05');
    });

    it('logs cédulas with their sent and served days', async () => {
      const { kase } = await openCase();
      const notice = await post(general.token, '/api/case-notices', {
        caseId: kase.id,
        addressee: 'Pérez, Ana',
        address: 'Av. Colón 1234, Córdoba',
        sentOn: '2025-10-01',
      });
      expectStatus(notice, 201);
      const served = await patch(general.token, `/api/case-notices/${notice.body.id}`, {
        servedOn: '2025-09-30',
      });
      expect(served.body.errors.servedOn).toEqual([CASE_MESSAGES.servedBeforeSent]);
      expect(
        (await patch(general.token, `/api/case-notices/${notice.body.id}`, { servedOn: '2025-10-06' })).body
          .servedOn,
      ).toBe('2025-10-06');
      expect((await get(general.token, `/api/case-notices?caseId=${kase.id}`)).body.total).toBe(1);
    });

    it('a step’s document is its case’s debt’s, listed with the step', async () => {
      const { debt, kase } = await openCase();
      const step = (
        await post(general.token, '/api/case-steps', { caseId: kase.id, on: '2025-11-03', title: 'Demanda' })
      ).body;
      const upload = (fields: Record<string, string>) =>
        call(t.app, general.token, {
          method: 'POST',
          url: '/api/documents',
          ...multipartBody([
            ...Object.entries(fields).map(([name, value]) => ({ name, value })),
            { name: 'file', filename: 'demanda.pdf', contentType: 'application/pdf', content: PDF },
          ]),
        });
      const doc = await upload({ debtId: String(debt.id), caseStepId: String(step.id) });
      expectStatus(doc, 201);
      expect(doc.body.caseStepId).toBe(step.id);
      const listed = (await get(general.token, `/api/case-steps?caseId=${kase.id}`)).body.data[0];
      expect(listed.documents).toEqual([{ id: doc.body.id, fileName: 'demanda.pdf' }]);
      const other = await judicialDebt();
      const wrong = await upload({ debtId: String(other.id), caseStepId: String(step.id) });
      expectStatus(wrong, 400);
      expect(wrong.body.errors.caseStepId).toEqual([CASE_MESSAGES.stepNotOfDebt]);
    });

    it('a CLIENTE reads its company’s cases without internal notes or tasks, and never another company’s', async () => {
      const own = await judicialDebt({ companyId: cliente.companyId });
      const mine = (
        await post(admin, '/api/cases', {
          debtId: own.id,
          jurisdictionId: sur,
          internalNotes: 'Negociar antes de la sentencia',
        })
      ).body;
      await post(admin, '/api/case-steps', {
        caseId: mine.id,
        on: '2025-12-22',
        title: 'Intimación',
        deadlineDays: 5,
      });
      const { kase: theirs } = await openCase({ internalNotes: 'Ajeno' });

      const list = (await get(cliente.token, '/api/cases')).body;
      expect(list.data.map((c: { id: number }) => c.id)).toEqual([mine.id]);
      expect(list.data[0]).not.toHaveProperty('internalNotes');
      const read = (await get(cliente.token, `/api/cases/${mine.id}`)).body;
      expect(read).not.toHaveProperty('internalNotes');
      expect(read.nextDeadlineOn).toBe('2025-12-30');
      const steps = (await get(cliente.token, `/api/case-steps?caseId=${mine.id}`)).body.data;
      expect(steps[0]).not.toHaveProperty('taskId');
      expect(steps[0]).toMatchObject({ title: 'Intimación', deadlineOn: '2025-12-30' });
      expectStatus(await get(cliente.token, `/api/cases/${theirs.id}`), 404);
      expectStatus(await get(cliente.token, `/api/cases/${theirs.id}/liquidation`), 404);
      expect((await get(cliente.token, `/api/case-steps?caseId=${theirs.id}`)).body.total).toBe(0);
      expectStatus(
        await post(cliente.token, '/api/case-steps', { caseId: mine.id, on: '2025-12-22', title: 'X' }),
        403,
      );
      expectStatus(await get(general.token, `/api/cases/${mine.id}`), 200);
      expect((await get(general.token, `/api/cases/${mine.id}`)).body.internalNotes).toBe(
        'Negociar antes de la sentencia',
      );
    });
  });

  describe('costs and the liquidation sheet', () => {
    it('a court cost is a SERVICE row of the ledger: the amount owed includes it', async () => {
      const { debt } = await openCase();
      const before = (await get(general.token, `/api/debts/${debt.id}/balance`)).body.total;
      expectStatus(
        await post(general.token, '/api/services', {
          debtId: debt.id,
          description: 'Tasa de justicia',
          amount: '3000.00',
          date: '2025-11-10',
        }),
        201,
      );
      const after = (await get(general.token, `/api/debts/${debt.id}/balance`)).body;
      expect(after.services).toBe('3000.00');
      expect(Number(after.total) - Number(before)).toBeCloseTo(3000, 2);
    });

    it('prints the sheet with the carátula and the balance call’s figures for the date', async () => {
      // 100 000 at 36 % a year from 01/01/2025; 20 000 paid on 01/04/2025; tasa de justicia 3 000.
      const table = await create(t.app, admin, 'rate-tables', {
        name: unique('Tasa activa '),
        entries: [{ from: '2024-01-01', annualRate: '36' }],
      });
      const { debt, kase } = await openCase({ number: '777/2025' });
      expectStatus(
        await patch(admin, `/api/debts/${debt.id}`, {
          originalAmount: '100000.00',
          defaultDate: '2025-01-01',
          rateTableId: table.id,
        }),
        200,
      );
      await create(t.app, admin, 'payments', { debtId: debt.id, amount: '20000.00', paidAt: '2025-04-01' });
      await create(t.app, admin, 'services', {
        debtId: debt.id,
        description: 'Tasa de justicia',
        amount: '3000.00',
        date: '2025-05-02',
      });

      const date = '2025-06-30';
      const balance = (await get(general.token, `/api/debts/${debt.id}/balance?date=${date}`)).body;
      const sheet = await t.app.inject({
        method: 'GET',
        url: `/api/cases/${kase.id}/liquidation?date=${date}`,
        headers: { authorization: `Bearer ${general.token}` },
      });
      expect(sheet.statusCode).toBe(200);
      expect(sheet.headers['content-type']).toBe('application/pdf');
      expect(sheet.headers['content-disposition']).toContain('liquidacion-777-2025-2025-06-30.pdf');
      const { text } = await pdfPages(sheet.rawPayload);
      expect(text).toContain('Planilla de liquidación al 30/06/2025');
      expect(text).toContain(kase.caption);
      expect(balance.segments.length).toBeGreaterThan(0);
      for (const segment of balance.segments) expect(text).toContain(formatMoney(segment.amount, 'ARS'));
      // Everything charged, less what came off, to the balance call's total (worked out by hand):
      // interest 01/01→01/04: 100 000 × 0,36 × 90/365 = 8 876,71; the payment meets it and 11 123,29 of
      // capital; 01/04→30/06: 88 876,71 × 0,36 × 90/365 = 7 889,33. 100 000 + 16 766,04 + 3 000 − 20 000
      // = 99 766,04.
      expect(balance.total).toBe('99766.04');
      expect(text).toContain('Capital $ 100.000,00');
      expect(text).toContain('Intereses compensatorios $ 16.766,04');
      expect(text).toContain('Costas y gastos $ 3.000,00');
      expect(text).toContain('Menos: pagos imputados $ 20.000,00');
      expect(text).toContain('Tasa de justicia');
      expect(text).toContain(`Total al 30/06/2025 ${formatMoney(balance.total, 'ARS')}`);

      const early = await get(general.token, `/api/cases/${kase.id}/liquidation?date=2020-01-01`);
      expectStatus(early, 400);
    });
  });
});
