/**
 * Review of issue 37 (judicial cases, deadlines in judicial working days, prescription): each test is
 * named after the rule it checks, with its figure worked out by hand. Tests that fail show a defect.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addDays,
  agencyToday,
  CASE_MESSAGES,
  formatMoney,
  JURISDICTION_MESSAGES,
  prescription,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import type { Database } from '../src/db/client';
import { create, createDebt, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  forEachBackend,
  startApp,
  TEST_DATABASE_URL,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';
import { pdfPages } from './pdfHelpers';

forEachBackend('issue 37 review', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: { token: string; id: number };
  let lawyer2: { token: string; id: number };
  let cliente: { token: string; id: number; companyId: number };

  const get = (token: string, url: string) => call(t.app, token, { method: 'GET', url });
  const post = (token: string, url: string, payload: object) =>
    call(t.app, token, { method: 'POST', url, payload });
  const patch = (token: string, url: string, payload: object) =>
    call(t.app, token, { method: 'PATCH', url, payload });
  const del = (token: string, url: string) => call(t.app, token, { method: 'DELETE', url });
  const jurisdiction = async () =>
    (await create(t.app, admin, 'jurisdictions', { name: unique('Jur ') })).id as number;
  const judicialDebt = async (fields: Record<string, unknown> = {}) =>
    (await createDebt(t.app, admin, { debtTypeId: 3, ...fields })) as { id: number; companyId: number };
  const openCase = async (fields: Record<string, unknown> = {}, debtFields: Record<string, unknown> = {}) => {
    const debt = await judicialDebt(debtFields);
    const kase = await post(admin, '/api/cases', { debtId: debt.id, ...fields });
    expectStatus(kase, 201);
    return { debt, kase: kase.body as { id: number; caption: string } };
  };
  const prescribesOn = async (debtId: number) => (await get(admin, `/api/debts/${debtId}`)).body.prescribesOn;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const g = await createUser(t.app, admin, 'GENERAL');
    general = { token: g.token, id: g.id };
    const l2 = await createUser(t.app, admin, 'GENERAL');
    lawyer2 = { token: l2.token, id: l2.id };
    const c = await createUser(t.app, admin, 'CLIENTE');
    cliente = { token: c.token, id: c.id, companyId: c.companyId as number };
  }, 60_000);
  afterAll(() => t?.close());

  describe('the liquidation sheet', () => {
    /** The figures of the sheet's totals block: each label's last amount in the PDF text. */
    const totalsOf = (text: string) => {
      const amount = (label: string) => {
        const found = [...text.matchAll(new RegExp(`${label} (-?\\$ ?[\\d.]+,\\d\\d)`, 'g'))].at(-1)?.[1];
        return found ? BigInt(found.replace(/[^\d,-]/g, '').replace(',', '')) : 0n;
      };
      return {
        capital: amount('Capital'),
        // Interest run by the rates, or booked when a plan was agreed (and a quota's late fees).
        interest:
          amount('Intereses compensatorios') +
          amount('Intereses del plan de pagos') +
          amount('Mora de cuotas'),
        punitive: amount('Intereses punitorios'),
        costs: amount('Costas y gastos'),
        reductions: amount('Menos: quitas acordadas'),
        paid: amount('Menos: pagos imputados'),
        total: amount('Total al \\d\\d/\\d\\d/\\d{4}'),
      };
    };

    it('the sheet adds up: capital + interest + punitive + costs − reductions − payments = the total it prints', async () => {
      // 100 000 at 36 % a year (rate table) from 01/01/2025; 20 000 paid on 01/04/2025; a 3 000 cost on 02/05/2025.
      // Interest 01/01→01/04, 90 days: 100 000 × 0.36 × 90/365 = 8 876,71; the payment pays it and
      // 11 123,29 of capital → capital 88 876,71; 01/04→30/06, 90 days: 88 876,71 × 0.36 × 90/365 = 7 889,33.
      // Owed on 30/06: 88 876,71 + 7 889,33 + 3 000 = 99 766,04 (the balance call's total).
      // The sheet prints «Capital 88 876,71», «Intereses 7 889,33», «Costas 3 000», «Menos: pagos
      // imputados 20 000», «Total 99 766,04»: read as written, 88 876,71 + 7 889,33 + 3 000 − 20 000 =
      // 79 766,04 — the payments are taken off twice (the capital and interest printed are already net).
      const table = await create(t.app, admin, 'rate-tables', {
        name: unique('Tasa activa '),
        entries: [{ from: '2024-01-01', annualRate: '36' }],
      });
      const { debt, kase } = await openCase({ number: '1/2025' });
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
      const balance = (await get(general.token, `/api/debts/${debt.id}/balance?date=2025-06-30`)).body;
      expect(balance.total).toBe('99766.04');
      const sheet = await t.app.inject({
        method: 'GET',
        url: `/api/cases/${kase.id}/liquidation?date=2025-06-30`,
        headers: { authorization: `Bearer ${general.token}` },
      });
      expect(sheet.statusCode).toBe(200);
      const { text } = await pdfPages(sheet.rawPayload);
      const f = totalsOf(text);
      expect(f.total).toBe(9976604n);
      expect(f.capital + f.interest + f.punitive + f.costs - f.reductions - f.paid).toBe(f.total);
    });

    it('the simplest sheet adds up too: 1 000 owed, a 300 judicial deposit → «Total 700» with lines that make 700', async () => {
      // No rates (BOOKS): on 30/06/2025 the balance is capital 700 (1 000 − 300), paid 300, total 700.
      // The sheet prints «Capital 700», «Menos: pagos imputados 300», «Total 700»: 700 − 300 = 400 ≠ 700.
      const { debt, kase } = await openCase({}, { originalAmount: '1000.00', defaultDate: '2025-01-01' });
      await create(t.app, admin, 'deposits', {
        debtId: debt.id,
        amount: '300.00',
        depositedAt: '2025-03-01',
      });
      const balance = (await get(general.token, `/api/debts/${debt.id}/balance?date=2025-06-30`)).body;
      expect(balance).toMatchObject({ basis: 'BOOKS', capital: '700.00', paid: '300.00', total: '700.00' });
      const sheet = await t.app.inject({
        method: 'GET',
        url: `/api/cases/${kase.id}/liquidation?date=2025-06-30`,
        headers: { authorization: `Bearer ${general.token}` },
      });
      const { text } = await pdfPages(sheet.rawPayload);
      expect(text).toContain('Depósito judicial');
      const f = totalsOf(text);
      expect(f.total).toBe(70000n);
      expect(f.capital + f.interest + f.punitive + f.costs - f.reductions - f.paid).toBe(f.total);
    });

    it('under a plan, the interest booked when it was agreed is printed as interest, not as «Costas y gastos» with no cost listed', async () => {
      // 100 000 at 36 % a year from 01/01/2026; a plan agreed today books the interest to today as a MORA row
      // (planInterest): run on 29/11/2026, 332 days → 100 000 × 0.36 × 332/365 = 32 745,21. The balance then
      // says basis PLAN, interest 0, services 32 745,21 (costs and mora). The sheet prints
      // «Intereses compensatorios $ 0,00» and «Costas y gastos $ 32 745,21» with no cost listed (there is
      // no SERVICE row): the court reads the interest as costs. Expected: costs 0, interest 32 745,21.
      const table = await create(t.app, admin, 'rate-tables', {
        name: unique('Tasa activa '),
        entries: [{ from: '2024-01-01', annualRate: '36' }],
      });
      const { debt, kase } = await openCase(
        {},
        { originalAmount: '100000.00', defaultDate: '2026-01-01', rateTableId: table.id },
      );
      const plan = await post(admin, '/api/quotas/plan', {
        debtId: debt.id,
        installments: 3,
        firstDueDate: addDays(agencyToday(), 30),
      });
      expectStatus(plan, 201);
      const today = agencyToday();
      const balance = (await get(general.token, `/api/debts/${debt.id}/balance?date=${today}`)).body;
      expect(balance.basis).toBe('PLAN');
      expect(Number(balance.services)).toBeGreaterThan(0);
      const sheet = await t.app.inject({
        method: 'GET',
        url: `/api/cases/${kase.id}/liquidation?date=${today}`,
        headers: { authorization: `Bearer ${general.token}` },
      });
      expect(sheet.statusCode).toBe(200);
      const { text } = await pdfPages(sheet.rawPayload);
      expect(text).toContain(
        `Total al ${today.split('-').reverse().join('/')} ${formatMoney(balance.total, 'ARS')}`,
      );
      const f = totalsOf(text);
      // No SERVICE row: nothing is listed under «Costas y gastos», so its line must be 0 and the plan's
      // interest must be printed as interest.
      expect(f.costs).toBe(0n);
      expect(f.interest).toBe(BigInt(balance.services.replace('.', '')));
    });
  });

  describe('deadlines and the lawyer’s tasks', () => {
    // No national holiday is loaded in this app: a calendar is weekends plus each jurisdiction's own days.
    const step = (token: string, caseId: number, fields: Record<string, unknown>) =>
      post(token, '/api/case-steps', { caseId, title: unique('Paso '), ...fields });
    const task = async (id: number) => (await get(admin, `/api/tasks/${id}`)).body;

    it('a deadline removed and then set again is the lawyer’s pending task again (and the case’s next deadline)', async () => {
      // Notified Mon 22/12/2025, 5 days: Tue 23 (1), Wed 24 (2), Thu 25 (3), Fri 26 (4), Mon 29 (5) → 29/12/2025.
      const { kase } = await openCase({ jurisdictionId: await jurisdiction(), lawyerId: general.id });
      const made = await step(general.token, kase.id, { on: '2025-12-22', deadlineDays: 5 });
      expectStatus(made, 201);
      expect(made.body.deadlineOn).toBe('2025-12-29');
      const removed = await patch(general.token, `/api/case-steps/${made.body.id}`, { deadlineDays: null });
      expect(removed.body).toMatchObject({ deadlineOn: null, taskStatus: 'CANCELADA' });
      const again = await patch(general.token, `/api/case-steps/${made.body.id}`, { deadlineDays: 5 });
      expectStatus(again, 200);
      expect(again.body.deadlineOn).toBe('2025-12-29');
      // The deadline is back: the lawyer must have it in the agenda, and the case must show it.
      expect(again.body.taskStatus).toBe('PENDIENTE');
      expect((await get(general.token, `/api/cases/${kase.id}`)).body.nextDeadlineOn).toBe('2025-12-29');
    });

    it('a case given to another lawyer takes its pending deadline tasks to that lawyer', async () => {
      // The task of a deadline is «for the case's lawyer»: 5 days from 22/12/2025 → 29/12/2025, lawyer A;
      // the case then goes to lawyer B: the pending task must be B's (A no longer follows the case).
      const { kase } = await openCase({ jurisdictionId: await jurisdiction(), lawyerId: general.id });
      const made = (await step(general.token, kase.id, { on: '2025-12-22', deadlineDays: 5 })).body;
      expect((await task(made.taskId)).userId).toBe(general.id);
      expectStatus(await patch(admin, `/api/cases/${kase.id}`, { lawyerId: lawyer2.id }), 200);
      expect((await task(made.taskId)).userId).toBe(lawyer2.id);
    });

    it('a case moved to another jurisdiction counts its pending deadlines on the new calendar', async () => {
      // Norte: January recess 01/01–31/01/2026. 8 days from Mon 22/12/2025: 23 (1), 24 (2), 25 (3), 26 (4),
      // 29 (5), 30 (6), 31 (7), recess, Mon 02/02/2026 (8). Sur has no recess: … 31 (7), Thu 01/01/2026 (8).
      const norte = await jurisdiction();
      const sur = await jurisdiction();
      expectStatus(
        await post(admin, '/api/judicial-days-off', {
          kind: 'FERIA',
          jurisdictionId: norte,
          from: '2026-01-01',
          to: '2026-01-31',
          name: 'Feria de enero',
        }),
        201,
      );
      const { kase } = await openCase({ jurisdictionId: norte, lawyerId: general.id });
      const made = (await step(general.token, kase.id, { on: '2025-12-22', deadlineDays: 8 })).body;
      expect(made.deadlineOn).toBe('2026-02-02');
      expectStatus(await patch(admin, `/api/cases/${kase.id}`, { jurisdictionId: sur }), 200);
      const calculator = (
        await get(general.token, `/api/jurisdictions/${sur}/deadline?from=2025-12-22&days=8`)
      ).body;
      expect(calculator.deadlineOn).toBe('2026-01-01');
      expect((await get(general.token, `/api/case-steps/${made.id}`)).body.deadlineOn).toBe('2026-01-01');
    });

    it('a day off the ADMIN adds to the calendar moves the pending deadlines it falls in (the step agrees with the calculator)', async () => {
      // 5 days from Mon 22/12/2025 → Mon 29/12/2025. The court then declares Fri 26/12 inhábil: 23 (1),
      // 24 (2), 25 (3), 26 off, 29 (4), 30 (5) → Tue 30/12/2025 — what the calculator answers.
      const j = await jurisdiction();
      const { kase } = await openCase({ jurisdictionId: j, lawyerId: general.id });
      const made = (await step(general.token, kase.id, { on: '2025-12-22', deadlineDays: 5 })).body;
      expect(made.deadlineOn).toBe('2025-12-29');
      expectStatus(
        await post(admin, '/api/judicial-days-off', {
          kind: 'INHABIL',
          jurisdictionId: j,
          from: '2025-12-26',
          name: 'Asueto',
        }),
        201,
      );
      const calculator = (await get(general.token, `/api/jurisdictions/${j}/deadline?from=2025-12-22&days=5`))
        .body;
      expect(calculator.deadlineOn).toBe('2025-12-30');
      expect((await get(general.token, `/api/case-steps/${made.id}`)).body.deadlineOn).toBe(
        calculator.deadlineOn,
      );
    });

    it('a term that outruns the calendar window still skips every recess stored (four recesses back to back)', async () => {
      // Recesses 01/01–03/03, 04/03–04/05, 05/05–05/07 and 06/07–05/09/2030 (62 days each, the maximum).
      // Notified Mon 31/12/2029, 1 day: every day to Thu 05/09/2030 is off → Fri 06/09/2030.
      // The API reads the calendar to 31/12/2029 + 3 + 180 = 02/07/2030 only: the fourth recess is not
      // read, and it answers Mon 08/07/2030, a day inside it.
      const j = await jurisdiction();
      for (const [from, to] of [
        ['2030-01-01', '2030-03-03'],
        ['2030-03-04', '2030-05-04'],
        ['2030-05-05', '2030-07-05'],
        ['2030-07-06', '2030-09-05'],
      ])
        expectStatus(
          await post(admin, '/api/judicial-days-off', {
            kind: 'FERIA',
            jurisdictionId: j,
            from,
            to,
            name: 'Feria',
          }),
          201,
        );
      const answer = await get(general.token, `/api/jurisdictions/${j}/deadline?from=2029-12-31&days=1`);
      expectStatus(answer, 200);
      expect(answer.body.deadlineOn).toBe('2030-09-06');
    });

    it('a completed task is never reopened when its step’s deadline moves, and deleting the step leaves it completed', async () => {
      // 5 days from 22/12/2025 → 29/12/2025, completed; 8 days → 01/01/2026 (no recess): still COMPLETADA.
      const { kase } = await openCase({ jurisdictionId: await jurisdiction(), lawyerId: general.id });
      const made = (await step(general.token, kase.id, { on: '2025-12-22', deadlineDays: 5 })).body;
      expectStatus(await patch(general.token, `/api/tasks/${made.taskId}`, { status: 'COMPLETADA' }), 200);
      const moved = await patch(general.token, `/api/case-steps/${made.id}`, { deadlineDays: 8 });
      expect(moved.body).toMatchObject({
        deadlineOn: '2026-01-01',
        taskId: made.taskId,
        taskStatus: 'COMPLETADA',
      });
      expectStatus(await del(admin, `/api/case-steps/${made.id}`), 204);
      expect((await task(made.taskId)).status).toBe('COMPLETADA');
    });

    it('deleting a step cancels its pending task; a step with no lawyer on the case is its author’s task', async () => {
      const { kase } = await openCase({ jurisdictionId: await jurisdiction() });
      const made = (await step(general.token, kase.id, { on: '2025-12-22', deadlineDays: 5 })).body;
      expect(await task(made.taskId)).toMatchObject({ userId: general.id, status: 'PENDIENTE' });
      expectStatus(await del(general.token, `/api/case-steps/${made.id}`), 403);
      expectStatus(await del(admin, `/api/case-steps/${made.id}`), 204);
      expect((await task(made.taskId)).status).toBe('CANCELADA');
      expect((await get(general.token, `/api/cases/${kase.id}`)).body.nextDeadlineOn).toBeNull();
    });

    it('the skipped list names a recess that began before the notice and a day-off range of several days; the term skips both', async () => {
      // Recess 01/01–31/01/2026, extra days off Tue 03/02–Wed 04/02/2026 (one row of two days).
      // Notified Thu 15/01 (inside the recess), 3 days: Mon 02/02 (1), 03–04 off, Thu 05/02 (2), Fri 06/02 (3).
      const j = await jurisdiction();
      await post(admin, '/api/judicial-days-off', {
        kind: 'FERIA',
        jurisdictionId: j,
        from: '2026-01-01',
        to: '2026-01-31',
        name: 'Feria',
      });
      await post(admin, '/api/judicial-days-off', {
        kind: 'INHABIL',
        jurisdictionId: j,
        from: '2026-02-03',
        to: '2026-02-04',
        name: 'Paro',
      });
      const answer = (await get(general.token, `/api/jurisdictions/${j}/deadline?from=2026-01-15&days=3`))
        .body;
      expect(answer).toEqual({
        deadlineOn: '2026-02-06',
        skipped: [
          { date: '2026-01-01/2026-01-31', kind: 'FERIA', name: 'Feria' },
          { date: '2026-02-03/2026-02-04', kind: 'INHABIL', name: 'Paro' },
        ],
      });
    });

    it('the skipped list leaves weekends out: a day off that falls on a Saturday skipped nothing', async () => {
      // 5 days from Mon 22/12/2025 → Mon 29/12/2025 (23, 24, 25, 26, 29). A day off recorded on Sat 27/12
      // changes nothing (a weekend already) and must not be listed as a day the term skipped.
      const j = await jurisdiction();
      await post(admin, '/api/judicial-days-off', {
        kind: 'INHABIL',
        jurisdictionId: j,
        from: '2025-12-27',
        name: 'Sábado',
      });
      const answer = (await get(general.token, `/api/jurisdictions/${j}/deadline?from=2025-12-22&days=5`))
        .body;
      expect(answer.deadlineOn).toBe('2025-12-29');
      expect(answer.skipped).toEqual([]);
    });

    it('a step that sets no status leaves the case’s status as it is (a status set on the case is not undone)', async () => {
      // Step 03/11/2025 sets «Demanda»; the case is then set to «Archivo» by hand; a step of 10/11/2025
      // with no status must not bring «Demanda» back.
      const demanda = (await create(t.app, admin, 'case-statuses', { name: unique('Demanda ') })).id;
      const archivo = (await create(t.app, admin, 'case-statuses', { name: unique('Archivo ') })).id;
      const { kase } = await openCase();
      expectStatus(await step(general.token, kase.id, { on: '2025-11-03', statusId: demanda }), 201);
      expect((await get(general.token, `/api/cases/${kase.id}`)).body.statusId).toBe(demanda);
      expectStatus(await patch(general.token, `/api/cases/${kase.id}`, { statusId: archivo }), 200);
      expectStatus(await step(general.token, kase.id, { on: '2025-11-10', title: 'Escrito' }), 201);
      expect((await get(general.token, `/api/cases/${kase.id}`)).body.statusId).toBe(archivo);
    });
  });

  describe('prescription: the stored day on edge cases, and its explanation', () => {
    /** The stored day, checked against shared prescription() and the explanation the API gives. */
    const agrees = async (debtId: number, expected: string | null) => {
      const stored = await prescribesOn(debtId);
      const why = (await get(admin, `/api/debts/${debtId}/prescription`)).body;
      expect(why.prescribesOn).toBe(stored);
      expect(stored).toBe(expected);
    };
    const letter = async (debtId: number, deliveredOn: string | null, sentOn = '2024-01-02') => {
      const made = await post(admin, '/api/letters', { debtId, cdNumber: unique('CD'), sentOn, deliveredOn });
      expectStatus(made, 201);
      return made.body.id as number;
    };

    it('29/02 and a carta documento: five years end 28/02/2029; a delivery on 31/08/2024 adds 181 days → 28/08/2029', async () => {
      // 31/08/2024 + 6 months = 28/02/2025 (art. 6: the month's last day); 31/08→28/02 = 30+31+30+31+31+28 = 181.
      // 28/02/2029 + 181 days = 28/08/2029 (Mar 31, Apr 30, May 31, Jun 30, Jul 31 = 153; + 28).
      const debt = await createDebt(t.app, admin, { defaultDate: '2024-02-29' });
      await agrees(debt.id, '2029-02-28');
      await letter(debt.id, '2024-08-31', '2024-08-20');
      await agrees(debt.id, '2029-08-28');
      expect(
        prescription({ from: '2024-02-29', years: 5, interruptions: [], demandDeliveredOn: '2024-08-31' }),
      ).toMatchObject({ prescribesOn: '2029-08-28', suspended: { from: '2024-08-31', to: '2025-02-28' } });
    });

    it('a demand delivered on the term’s last day still suspends it; one delivered the day after does not', async () => {
      // Default 20/11/2021 → 20/11/2026. Delivered 20/11/2026: to 20/05/2027, 10+31+31+28+31+30+20 = 181 days
      // → 20/05/2027. Delivered 21/11/2026: the claim had already prescribed → 20/11/2026.
      const onTheDay = await createDebt(t.app, admin, { defaultDate: '2021-11-20' });
      const dayAfter = await createDebt(t.app, admin, { defaultDate: '2021-11-20' });
      await letter(onTheDay.id, '2026-11-20', '2026-11-18');
      await letter(dayAfter.id, '2026-11-21', '2026-11-18');
      await agrees(onTheDay.id, '2027-05-20');
      await agrees(dayAfter.id, '2026-11-20');
    });

    it('a payment before the default date interrupts nothing; without a default date the term runs from the origin; a payment moved moves it', async () => {
      // Origin 01/01/2021, default 01/06/2022, paid 10/01/2022 → from the default: 01/06/2027.
      const early = await createDebt(t.app, admin, { originDate: '2021-01-01', defaultDate: '2022-06-01' });
      const paid = await create(t.app, admin, 'payments', {
        debtId: early.id,
        amount: '10.00',
        paidAt: '2022-01-10',
      });
      await agrees(early.id, '2027-06-01');
      // The payment's day corrected to 15/07/2022 (a reversal and a new row): a new term → 15/07/2027.
      expectStatus(await patch(admin, `/api/payments/${paid.id}`, { paidAt: '2022-07-15' }), 200);
      await agrees(early.id, '2027-07-15');
      // Origin 31/05/2020, no default date → 31/05/2025.
      const origin = await createDebt(t.app, admin, { originDate: '2020-05-31' });
      await agrees(origin.id, '2025-05-31');
      expect((await get(admin, `/api/debts/${origin.id}/prescription`)).body.runsFrom).toBe('2020-05-31');
    });

    it('an acknowledgment counts on its day in Argentina, and edited, unmarked or deleted it moves the day back', async () => {
      // Default 15/03/2021 → 15/03/2026. Acknowledged at 10/03/2024 02:30 UTC = 09/03/2024 23:30 in
      // Buenos Aires → 09/03/2029. Moved to 20/05/2024 → 20/05/2029; unmarked → 15/03/2026; marked again
      // → 20/05/2029; deleted → 15/03/2026.
      const eventTypeId = (await create(t.app, admin, 'events-types', { name: unique('Llamada ') })).id;
      const debt = await createDebt(t.app, admin, { defaultDate: '2021-03-15' });
      const event = await create(t.app, admin, 'events', {
        debtId: debt.id,
        eventTypeId,
        acknowledgment: true,
        date: '2024-03-10T02:30:00Z',
      });
      await agrees(debt.id, '2029-03-09');
      expectStatus(await patch(admin, `/api/events/${event.id}`, { date: '2024-05-20T15:00:00Z' }), 200);
      await agrees(debt.id, '2029-05-20');
      expect((await get(admin, `/api/debts/${debt.id}/prescription`)).body.interruption).toEqual({
        on: '2024-05-20',
        kind: 'RECONOCIMIENTO',
      });
      expectStatus(await patch(admin, `/api/events/${event.id}`, { acknowledgment: false }), 200);
      await agrees(debt.id, '2026-03-15');
      expectStatus(await patch(admin, `/api/events/${event.id}`, { acknowledgment: true }), 200);
      await agrees(debt.id, '2029-05-20');
      expectStatus(await del(admin, `/api/events/${event.id}`), 204);
      await agrees(debt.id, '2026-03-15');
    });

    it('an acknowledgment dated in the future interrupts nothing (or is refused)', async () => {
      // Default 15/03/2021 → 15/03/2026. An acknowledgment typed with the date 01/06/2030 has not
      // happened: it must not push the claim to 01/06/2035 (a payment, a delivery, a filing after today
      // are refused with 400).
      const eventTypeId = (await create(t.app, admin, 'events-types', { name: unique('Llamada ') })).id;
      const debt = await createDebt(t.app, admin, { defaultDate: '2021-03-15' });
      const logged = await post(admin, '/api/events', {
        debtId: debt.id,
        eventTypeId,
        acknowledgment: true,
        date: '2030-06-01T15:00:00Z',
      });
      if (logged.status === 201) expect(await prescribesOn(debt.id)).toBe('2026-03-15');
      else expectStatus(logged, 400);
    });

    it('a carta documento’s delivery changed or cleared moves the suspension with it', async () => {
      // Default 15/03/2021 → 15/03/2026. Delivered 01/10/2025: +182 days (to 01/04/2026) → 13/09/2026.
      // Changed to 01/09/2025: to 01/03/2026, 30+31+30+31+31+28 = 181 days → 12/09/2026. Cleared → 15/03/2026.
      const debt = await createDebt(t.app, admin, { defaultDate: '2021-03-15' });
      const id = await letter(debt.id, '2025-10-01', '2025-08-01');
      await agrees(debt.id, '2026-09-13');
      expectStatus(await patch(admin, `/api/letters/${id}`, { deliveredOn: '2025-09-01' }), 200);
      await agrees(debt.id, '2026-09-12');
      expectStatus(await patch(admin, `/api/letters/${id}`, { deliveredOn: null }), 200);
      await agrees(debt.id, '2026-03-15');
    });

    it('a filed case holds it; its end cleared holds it again; the case deleted gives the plain term back', async () => {
      // Default 15/03/2021. Filed 01/06/2025 → null; ended 10/02/2026 → 10/02/2031; end cleared → null;
      // case deleted (a mistake) → 15/03/2026.
      const debt = await judicialDebt({ defaultDate: '2021-03-15' });
      const kase = (await post(admin, '/api/cases', { debtId: debt.id, filedOn: '2025-06-01' })).body;
      await agrees(debt.id, null);
      expect((await get(admin, `/api/debts/${debt.id}/prescription`)).body.casePendingSince).toBe(
        '2025-06-01',
      );
      expectStatus(await patch(admin, `/api/cases/${kase.id}`, { closedOn: '2026-02-10' }), 200);
      await agrees(debt.id, '2031-02-10');
      expectStatus(await patch(admin, `/api/cases/${kase.id}`, { closedOn: null }), 200);
      await agrees(debt.id, null);
      expectStatus(await del(admin, `/api/cases/${kase.id}`), 204);
      await agrees(debt.id, '2026-03-15');
    });

    it('a debt whose collection type is taken away runs five years again', async () => {
      // Two years from 29/02/2024 → 28/02/2026; no type → five → 28/02/2029.
      const type = await create(t.app, admin, 'collections-types', {
        name: unique('Expensas '),
        prescriptionYears: 2,
      });
      const debt = await createDebt(t.app, admin, { defaultDate: '2024-02-29', collectionTypeId: type.id });
      await agrees(debt.id, '2026-02-28');
      expectStatus(await patch(admin, `/api/debts/${debt.id}`, { collectionTypeId: null }), 200);
      await agrees(debt.id, '2029-02-28');
      expect((await get(admin, `/api/debts/${debt.id}/prescription`)).body.years).toBe(5);
    });
  });

  describe('the debt and its case say the same court', () => {
    it('a court of 150 characters written on the debt is not cut to 120 when the case is later edited', async () => {
      // debts.court takes 200 characters, cases.court 120. The debt's court (150) is copied to the case cut
      // to 120; a later edit of the case (its filing day) writes the case's court back on the debt: the
      // debt loses its last 30 characters without anyone editing the court.
      const court =
        `Juzgado Nacional de Primera Instancia en lo Civil N.º 14, Secretaría N.º 27, ${'C'.repeat(150)}`.slice(
          0,
          150,
        );
      const { debt, kase } = await openCase();
      expectStatus(await patch(general.token, `/api/debts/${debt.id}`, { court }), 200);
      expectStatus(await patch(general.token, `/api/cases/${kase.id}`, { filedOn: '2025-06-01' }), 200);
      expect((await get(general.token, `/api/debts/${debt.id}`)).body.court).toBe(court);
    });
  });

  describe('who reaches what', () => {
    it('a CLIENTE never reaches another company’s steps, notices, step documents, liquidation or prescription, nor the calendar', async () => {
      const j = await jurisdiction();
      const { kase: mine, debt: myDebt } = await openCase(
        { jurisdictionId: j, lawyerId: general.id },
        { companyId: cliente.companyId },
      );
      const { kase: theirs, debt: theirDebt } = await openCase({ jurisdictionId: j });
      const myStep = (
        await post(admin, '/api/case-steps', {
          caseId: mine.id,
          on: '2025-12-22',
          title: 'Intimación',
          deadlineDays: 5,
        })
      ).body;
      const theirStep = (
        await post(admin, '/api/case-steps', { caseId: theirs.id, on: '2025-12-22', title: 'X' })
      ).body;
      const theirNotice = (
        await post(admin, '/api/case-notices', { caseId: theirs.id, addressee: 'Y', sentOn: '2025-10-01' })
      ).body;
      const [doc] = rowsOf<{ id: number }>(
        await t.database.db.execute(sql`INSERT INTO documents (debt_id, case_step_id, file_name, mime_type, size, storage_key)
          VALUES (${theirDebt.id}, ${theirStep.id}, 'ajeno.pdf', 'application/pdf', 10, ${unique('k')}) RETURNING id`),
      );
      expect(doc).toBeDefined();

      const own = await get(cliente.token, `/api/case-steps/${myStep.id}`);
      expectStatus(own, 200);
      for (const hidden of ['taskId', 'taskStatus', 'createdByName'])
        expect(own.body).not.toHaveProperty(hidden);
      expectStatus(await get(cliente.token, `/api/case-steps/${theirStep.id}`), 404);
      expectStatus(await get(cliente.token, `/api/case-notices/${theirNotice.id}`), 404);
      expect((await get(cliente.token, `/api/case-notices?caseId=${theirs.id}`)).body.total).toBe(0);
      expect((await get(cliente.token, `/api/documents?caseStepId=${theirStep.id}`)).body.total).toBe(0);
      expectStatus(await get(cliente.token, `/api/debts/${theirDebt.id}/prescription`), 404);
      expectStatus(await get(cliente.token, `/api/debts/${myDebt.id}/prescription`), 200);
      expectStatus(await get(cliente.token, `/api/cases/${mine.id}/liquidation`), 200);
      expectStatus(await get(cliente.token, `/api/jurisdictions/${j}/deadline?from=2025-12-22&days=5`), 403);
      expectStatus(await get(cliente.token, '/api/judicial-days-off'), 403);
      expectStatus(await get(cliente.token, '/api/jurisdictions'), 403);
      expectStatus(await post(cliente.token, '/api/judicial-days-off/holidays', { year: 2031 }), 403);
      expectStatus(
        await post(cliente.token, '/api/case-notices', {
          caseId: mine.id,
          addressee: 'Z',
          sentOn: '2025-10-01',
        }),
        403,
      );
      expectStatus(await patch(cliente.token, `/api/cases/${mine.id}`, { internalNotes: 'x' }), 403);
      expectStatus(await patch(cliente.token, `/api/case-steps/${myStep.id}`, { title: 'x' }), 403);
      // A GENERAL reads the calendar but does not load holidays.
      expectStatus(await get(general.token, `/api/jurisdictions/${j}/deadline?from=2025-12-22&days=5`), 200);
      expectStatus(await post(general.token, '/api/judicial-days-off/holidays', { year: 2031 }), 403);
    });
  });

  describe('bad input is a 400 with a Spanish message, never a 500', () => {
    it('unknown jurisdiction, status or lawyer, a CLIENTE as lawyer, an id out of range, a wrong kind', async () => {
      const debt = await judicialDebt();
      const open = (fields: Record<string, unknown>) =>
        post(admin, '/api/cases', { debtId: debt.id, ...fields });
      const field = async (fields: Record<string, unknown>, name: string) => {
        const answer = await open(fields);
        expectStatus(answer, 400);
        return answer.body.errors?.[name];
      };
      expect(await field({ jurisdictionId: 999_999 }, 'jurisdictionId')).toEqual([
        CASE_MESSAGES.jurisdictionNotFound,
      ]);
      expect(await field({ statusId: 999_999 }, 'statusId')).toEqual([CASE_MESSAGES.statusNotFound]);
      expect(await field({ lawyerId: 999_999 }, 'lawyerId')).toEqual([CASE_MESSAGES.lawyerNotFound]);
      expect(await field({ lawyerId: cliente.id }, 'lawyerId')).toEqual([CASE_MESSAGES.lawyerIsClient]);
      expectStatus(await post(admin, '/api/cases', { debtId: 2_147_483_648 }), 400);
      expectStatus(await open({ kind: 'SUMARISIMO' }), 400);
      expectStatus(await open({ filedOn: '2025-02-30' }), 400);
      const kase = (await open({ filedOn: '2025-06-01' })).body;
      const before = await patch(admin, `/api/cases/${kase.id}`, { closedOn: '2025-05-31' });
      expectStatus(before, 400);
      expect(before.body.errors.closedOn).toEqual([CASE_MESSAGES.closedBeforeFiled]);
      const client = await patch(admin, `/api/cases/${kase.id}`, { lawyerId: cliente.id });
      expect(client.body.errors.lawyerId).toEqual([CASE_MESSAGES.lawyerIsClient]);
    });

    it('a step’s deadline of 0 or 366 days, as text or huge, an unknown case or status, an impossible day', async () => {
      const { kase } = await openCase({ jurisdictionId: await jurisdiction() });
      const bad = async (fields: Record<string, unknown>) => {
        const answer = await post(general.token, '/api/case-steps', {
          caseId: kase.id,
          on: '2025-12-22',
          title: 'X',
          ...fields,
        });
        expectStatus(answer, 400);
        return answer.body;
      };
      for (const deadlineDays of [0, 366, '5', 1e20, 2.5]) await bad({ deadlineDays });
      expect((await bad({ statusId: 999_999 })).errors.statusId).toEqual([CASE_MESSAGES.statusNotFound]);
      expect((await bad({ caseId: 999_999 })).errors.caseId).toEqual([CASE_MESSAGES.notFound]);
      await bad({ on: '2025-02-29' });
      await bad({ on: '1899-12-31' });
      expect((await bad({ on: addDays(agencyToday(), 1) })).errors.on).toEqual([CASE_MESSAGES.futureDate]);
      const j = await jurisdiction();
      const calc = (query: string) => get(general.token, `/api/jurisdictions/${j}/deadline?${query}`);
      for (const query of [
        'from=2025-12-22&days=0',
        'from=2025-12-22&days=366',
        'from=2025-12-22&days=abc',
        'from=2025-13-01&days=5',
        'days=5',
      ])
        expectStatus(await calc(query), 400);
      expectStatus(
        await get(general.token, '/api/jurisdictions/999999/deadline?from=2025-12-22&days=5'),
        404,
      );
      const long = await post(admin, '/api/judicial-days-off', {
        kind: 'FERIA',
        jurisdictionId: await jurisdiction(),
        from: '2026-01-01',
        to: '2026-03-04',
        name: 'X',
      });
      expect(long.body.errors.to).toEqual([JURISDICTION_MESSAGES.rangeTooLong]);
      expectStatus(
        await post(admin, '/api/judicial-days-off', {
          kind: 'FERIA',
          jurisdictionId: 999_999,
          from: '2026-01-01',
          name: 'X',
        }),
        400,
      );
    });
  });

  describe('concurrency', () => {
    it('two steps posted at once on one case both land, and the case takes the status of the later-dated one', async () => {
      const a = (await create(t.app, admin, 'case-statuses', { name: unique('Intimación ') })).id;
      const b = (await create(t.app, admin, 'case-statuses', { name: unique('Sentencia ') })).id;
      const { kase } = await openCase({ jurisdictionId: await jurisdiction(), lawyerId: general.id });
      const [one, two] = await Promise.all([
        post(general.token, '/api/case-steps', {
          caseId: kase.id,
          on: '2025-11-03',
          title: 'A',
          statusId: a,
          deadlineDays: 5,
        }),
        post(general.token, '/api/case-steps', {
          caseId: kase.id,
          on: '2025-11-10',
          title: 'B',
          statusId: b,
          deadlineDays: 5,
        }),
      ]);
      expectStatus(one, 201);
      expectStatus(two, 201);
      expect(one.body.taskId).not.toBe(two.body.taskId);
      expect((await get(general.token, `/api/cases/${kase.id}`)).body.statusId).toBe(b);
    });

    it('a case posted twice at once for one debt: one is opened, the other is a 409 «ya tiene expediente»', async () => {
      const debt = await judicialDebt({ defaultDate: '2021-03-15' });
      const answers = await Promise.all([
        post(general.token, '/api/cases', { debtId: debt.id, filedOn: '2025-06-01' }),
        post(general.token, '/api/cases', { debtId: debt.id, filedOn: '2025-06-01' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.status === 409)?.body.message).toBe(CASE_MESSAGES.alreadyHasCase);
      expect(await prescribesOn(debt.id)).toBeNull();
    });
  });
});

// Migration 0042 turns the court and case number written on debts into cases. debts.court is
// varchar(200) (the debt form takes 200 characters) but cases.court is varchar(120).
const LAST_BEFORE_CASES = 41;

function migrationsUpTo(last: number): string {
  const source = fileURLToPath(new URL('../drizzle', import.meta.url));
  const folder = mkdtempSync(path.join(tmpdir(), 'cobranzas-pre-0042-'));
  cpSync(source, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

forEachBackend('issue 37 review: migration 0042 on an existing portfolio', (backend) => {
  it('a debt whose court has 121 to 200 characters (valid before 0042) becomes a case: the upgrade does not fail', async () => {
    // A court of 150 characters was accepted by the debt form (optionalText(200)); 0042 copies it into
    // cases.court varchar(120): «value too long» aborts the migration and the server does not start.
    const court =
      `Juzgado Nacional de Primera Instancia en lo Comercial N.º 14, Secretaría N.º 27, ${'x'.repeat(150)}`.slice(
        0,
        150,
      );
    let app: TestApp | undefined;
    let database: Database | undefined;
    let dbName: string | undefined;
    const dataDirs = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('cobranzas-api-')));
    const dirsBefore = dataDirs();
    try {
      app = await startApp(backend, {
        beforeMigrate: async (db) => {
          database = db;
          dbName = rowsOf<{ name: string }>(await db.db.execute(sql`SELECT current_database() AS name`))[0]
            ?.name;
          const folder = migrationsUpTo(LAST_BEFORE_CASES);
          try {
            if (db.kind === 'pglite') await migratePglite(db.db as never, { migrationsFolder: folder });
            else await migratePg(db.db as never, { migrationsFolder: folder });
          } finally {
            rmSync(folder, { recursive: true, force: true });
          }
          await db.db.execute(
            sql`INSERT INTO debt_types (id, name) VALUES (3, 'Judicial') ON CONFLICT DO NOTHING`,
          );
          await db.db.execute(sql`WITH c AS (INSERT INTO companies (name, cuit) VALUES ('Banco', '30712345678') RETURNING id),
            d AS (INSERT INTO debtors (dni, first_name, last_name) VALUES ('20123456', 'Ana', 'Pérez') RETURNING id)
            INSERT INTO debts (debtor_id, company_id, debt_type_id, original_amount, court, case_number)
            SELECT d.id, c.id, 3, 1000, ${court}, '123/2024' FROM c, d`);
        },
      });
      const [kase] = rowsOf<{ court: string; number: string }>(
        await app.database.db.execute(sql`SELECT court, number FROM cases`),
      );
      expect(kase?.number).toBe('123/2024');
      expect(kase?.court.length).toBeGreaterThan(0);
    } finally {
      if (app) await app.close();
      else {
        // startApp failed in the migration: close and drop what it opened.
        await database?.close();
        if (backend === 'postgres' && dbName) {
          const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
          await client.end();
        }
        for (const name of dataDirs())
          if (!dirsBefore.has(name)) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
      }
    }
  }, 120_000);
});
