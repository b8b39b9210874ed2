/**
 * Issue 37 (DESIGN.md §11.6): when every debt's claim prescribes, worked by hand.
 * - Default 15/03/2021, five years (CCyC 2560) → 15/03/2026.
 * - A carta documento delivered 01/10/2025 suspends it six months (art. 2541), to 01/04/2026: 182
 *   days → 15/03/2026 + 182 = 13/09/2026. A second one changes nothing (once per claim).
 * - A payment on 02/05/2026, after the suspension: a new term → 02/05/2031; the suspension is spent.
 * - Two years (art. 2562) from 29/02/2024 end on 28/02/2026 (art. 6: the month's last day).
 */
import {
  addDays,
  addMonthsClamped,
  agencyToday,
  PRESCRIPTION_WARNING_DAYS,
  prescription,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import { create, createDebt, expectStatus } from './domain';
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
import { runImport, xlsxOf } from './importHelpers';

forEachBackend('prescription of every debt (issue 37)', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: { token: string; id: number };

  const get = async (url: string, token = admin) => (await call(t.app, token, { method: 'GET', url })).body;
  const post = (url: string, payload: object, token = admin) =>
    call(t.app, token, { method: 'POST', url, payload });
  const prescribesOn = async (debtId: number) => (await get(`/api/debts/${debtId}`)).prescribesOn;
  const why = (debtId: number) => get(`/api/debts/${debtId}/prescription`);
  const letter = async (debtId: number, deliveredOn: string) =>
    expectStatus(
      await post('/api/letters', { debtId, cdNumber: unique('CD'), sentOn: deliveredOn, deliveredOn }),
      201,
    );

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const user = await createUser(t.app, admin, 'GENERAL');
    general = { token: user.token, id: user.id };
  });
  afterAll(() => t?.close());

  describe('the term and what moves it', () => {
    it('a debt prescribes five years after its default date (CCyC 2560)', async () => {
      const debt = await createDebt(t.app, admin, { defaultDate: '2021-03-15' });
      expect(await prescribesOn(debt.id)).toBe('2026-03-15');
      expect(await why(debt.id)).toEqual({
        prescribesOn: '2026-03-15',
        years: 5,
        runsFrom: '2021-03-15',
        interruption: null,
        suspended: null,
        casePendingSince: null,
      });
    });

    it('two years for a collection type of periodic charges (CCyC 2562), ending on the month’s last day, and following the type', async () => {
      const type = await create(t.app, admin, 'collections-types', {
        name: unique('Expensas '),
        prescriptionYears: 2,
      });
      expect(type.prescriptionYears).toBe(2);
      const debt = await createDebt(t.app, admin, { defaultDate: '2024-02-29', collectionTypeId: type.id });
      expect(await prescribesOn(debt.id)).toBe('2026-02-28');
      expectStatus(
        await call(t.app, admin, {
          method: 'PATCH',
          url: `/api/collections-types/${type.id}`,
          payload: { prescriptionYears: 3 },
        }),
        200,
      );
      expect(await prescribesOn(debt.id)).toBe('2027-02-28');
      const general5 = await create(t.app, admin, 'collections-types', { name: unique('Préstamo ') });
      expect(general5.prescriptionYears).toBe(5);
      expectStatus(
        await call(t.app, admin, {
          method: 'PATCH',
          url: `/api/debts/${debt.id}`,
          payload: { collectionTypeId: general5.id },
        }),
        200,
      );
      expect(await prescribesOn(debt.id)).toBe('2029-02-28');
    });

    it("each debt takes its type's term whatever inserts it: an import, or many debts in one statement", async () => {
      const two = await create(t.app, admin, 'collections-types', {
        name: unique('Cuotas sociales '),
        prescriptionYears: 2,
      });
      const five = await create(t.app, admin, 'collections-types', { name: unique('Tarjeta ') });
      const company = await createCompany(t.app, admin);
      const dni = String(40_000_000 + Math.floor(Math.random() * 9_000_000));
      const imported = await runImport(t, admin, {
        companyId: company.id,
        content: await xlsxOf([
          ['DNI', 'Apellido y Nombre', 'Cuenta', 'Saldo', 'Fecha Mora', 'Producto'],
          [dni, 'TÉRMINO, Ana', 'PT-2', '100', '15/03/2021', two.name],
          [dni, 'TÉRMINO, Ana', 'PT-5', '100', '15/03/2021', five.name],
          [dni, 'TÉRMINO, Ana', 'PT-0', '100', '15/03/2021', ''],
        ]),
      });
      expect(imported).toMatchObject({ status: 'DONE', created: { debts: 3 } });
      const byReference = async () =>
        Object.fromEntries(
          rowsOf<{ reference: string; prescribes_on: string }>(
            await t.database.db.execute(
              sql`SELECT reference, prescribes_on::text FROM debts WHERE company_id = ${company.id}`,
            ),
          ).map((d) => [d.reference, d.prescribes_on]),
        );
      expect(await byReference()).toEqual({
        'PT-2': '2023-03-15',
        'PT-5': '2026-03-15',
        'PT-0': '2026-03-15',
      });
      // Many at once, the term left to the column's default: the insert's trigger corrects each one.
      const debtor = (await get(`/api/debtors/dni/${dni}`)) as { id: number };
      await t.database.db.execute(sql`
        INSERT INTO debts (debtor_id, company_id, debt_type_id, collection_type_id, reference, original_amount, default_date)
        SELECT ${debtor.id}, ${company.id}, 1, type_id, reference, 100, '2021-03-15'
        FROM (VALUES (${two.id}::int, 'PS-2'), (${five.id}::int, 'PS-5'), (NULL::int, 'PS-0')) AS v(type_id, reference)`);
      expect(await byReference()).toMatchObject({
        'PS-2': '2023-03-15',
        'PS-5': '2026-03-15',
        'PS-0': '2026-03-15',
      });
    });

    it('a payment interrupts: a new term from its day; undoing the payment undoes that', async () => {
      const debt = await createDebt(t.app, admin, { defaultDate: '2021-03-15', originalAmount: '1000.00' });
      const payment = await create(t.app, admin, 'payments', {
        debtId: debt.id,
        amount: '100.00',
        paidAt: '2023-06-10',
      });
      expect(await prescribesOn(debt.id)).toBe('2028-06-10');
      expect((await why(debt.id)).interruption).toEqual({ on: '2023-06-10', kind: 'PAGO' });
      expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/payments/${payment.id}` }), 204);
      expect(await prescribesOn(debt.id)).toBe('2026-03-15');
    });

    it('an acknowledgment recorded with a contact interrupts; a contact that is not one does not', async () => {
      const eventTypeId = (await create(t.app, admin, 'events-types', { name: unique('Llamada ') })).id;
      const debt = await createDebt(t.app, admin, { defaultDate: '2021-03-15' });
      const contact = (acknowledgment: boolean) =>
        post(
          '/api/contacts',
          { debtId: debt.id, eventTypeId, description: 'Habló', acknowledgment },
          general.token,
        );
      expectStatus(await contact(false), 201);
      expect(await prescribesOn(debt.id)).toBe('2026-03-15');
      const logged = await contact(true);
      expectStatus(logged, 201);
      expect(logged.body.event.acknowledgment).toBe(true);
      const today = agencyToday();
      expect(await prescribesOn(debt.id)).toBe(addMonthsClamped(today, 60));
      expect((await why(debt.id)).interruption).toEqual({ on: today, kind: 'RECONOCIMIENTO' });
    });

    it('a carta documento suspends it six months, once; a payment after the suspension starts a new term without it', async () => {
      const debt = await createDebt(t.app, admin, { defaultDate: '2021-03-15', originalAmount: '1000.00' });
      await letter(debt.id, '2025-10-01');
      expect(await prescribesOn(debt.id)).toBe('2026-09-13');
      expect((await why(debt.id)).suspended).toEqual({ from: '2025-10-01', to: '2026-04-01' });
      await letter(debt.id, '2026-01-10');
      expect(await prescribesOn(debt.id)).toBe('2026-09-13');
      await create(t.app, admin, 'payments', { debtId: debt.id, amount: '100.00', paidAt: '2026-05-02' });
      expect(await prescribesOn(debt.id)).toBe('2031-05-02');
      expect(await why(debt.id)).toMatchObject({
        suspended: null,
        interruption: { on: '2026-05-02', kind: 'PAGO' },
      });
    });

    it('a filed case holds prescription while it is pending; its end starts a new term', async () => {
      const debt = await createDebt(t.app, admin, { defaultDate: '2021-03-15', debtTypeId: 3 });
      const kase = (await post('/api/cases', { debtId: debt.id })).body;
      expect(await prescribesOn(debt.id)).toBe('2026-03-15');
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/cases/${kase.id}`,
        payload: { filedOn: '2025-06-01' },
      });
      expect(await prescribesOn(debt.id)).toBeNull();
      expect((await why(debt.id)).casePendingSince).toBe('2025-06-01');
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/cases/${kase.id}`,
        payload: { closedOn: '2026-02-10' },
      });
      expect(await prescribesOn(debt.id)).toBe('2031-02-10');
      expect((await why(debt.id)).interruption).toEqual({ on: '2026-02-10', kind: 'FIN_DEL_JUICIO' });
    });
  });

  describe('where it shows', () => {
    it('lists filter «prescribe en los próximos N días», open debts with a balance only; the queue raises them; the dashboard counts them', async () => {
      const company = (await createCompany(t.app, admin)).id;
      const today = agencyToday();
      // Prescribes in about 20 days: its default date five years before.
      const soon = addDays(today, 20);
      const near = await createDebt(t.app, admin, {
        companyId: company,
        defaultDate: addMonthsClamped(soon, -60),
        assignedUserId: general.id,
      });
      const far = await createDebt(t.app, admin, {
        companyId: company,
        defaultDate: addMonthsClamped(addDays(today, 200), -60),
      });
      const paid = await createDebt(t.app, admin, {
        companyId: company,
        defaultDate: addMonthsClamped(soon, -60),
        originalAmount: '10.00',
      });
      await create(t.app, admin, 'payments', {
        debtId: paid.id,
        amount: '10.00',
        paidAt: addMonthsClamped(soon, -60),
      });

      const within = async (days: number) =>
        (await get(`/api/debts?companyId=${company}&prescribesWithinDays=${days}`)).data.map(
          (d: { id: number }) => d.id,
        );
      expect(await within(PRESCRIPTION_WARNING_DAYS)).toEqual([near.id]);
      expect(await within(10)).toEqual([]);
      expect((await within(365)).sort()).toEqual([near.id, far.id].sort());

      const queue = await get('/api/queue?limit=100', general.token);
      const item = queue.data.find((row: { debt: { id: number } }) => row.debt.id === near.id);
      expect(item.reasons).toContainEqual({
        code: 'PRESCRIBE_PRONTO',
        label: `Prescribe el ${(await prescribesOn(near.id)).split('-').reverse().join('/')}`,
      });

      const kpi = await get(`/api/report/general-kpi?company=${company}`);
      expect(kpi.prescribingSoon).toBe(1);
    });
  });

  it('the stored day is the one shared/prescription.ts explains, whatever the facts (property)', async () => {
    const debt = await createDebt(t.app, admin, { defaultDate: '2020-01-31' });
    const day = fc.integer({ min: 0, max: 4000 }).map((n) => addDays('2015-01-01', n));
    await fc.assert(
      fc.asyncProperty(
        day,
        fc.integer({ min: 1, max: 10 }),
        fc.option(day, { nil: null }),
        fc.option(day, { nil: null }),
        async (from, years, interruption, demand) => {
          await t.database.db.execute(sql`UPDATE debts SET default_date = ${from}, prescription_years = ${years},
            last_interruption_on = ${interruption}, first_demand_on = ${demand} WHERE id = ${debt.id}`);
          const [row] = rowsOf<{ prescribes_on: string }>(
            await t.database.db.execute(sql`SELECT prescribes_on::text FROM debts WHERE id = ${debt.id}`),
          );
          const expected = prescription({
            from,
            years,
            interruptions: interruption ? [interruption] : [],
            demandDeliveredOn: demand,
          });
          expect(row?.prescribes_on).toBe(expected.prescribesOn);
        },
      ),
      { numRuns: 60 },
    );
  });
});
