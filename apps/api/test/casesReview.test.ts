/**
 * Review of issue 37 (judicial cases, deadlines in judicial working days, prescription): each test is
 * named after the rule it checks, with its figure worked out by hand. Tests that fail show a defect.
 */
import {
  addDays,
  agencyToday,
  CASE_MESSAGES,
  formatMoney,
  JURISDICTION_MESSAGES,
  prescription,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
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
  const jurisdiction = async () => (await create(t.app, admin, 'jurisdictions', { name: unique('Jur ') })).id as number;
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
        const escaped = label.replace(/[.*+?^${}()|[\]\\:]/g, '\\$&');
        const found = [...text.matchAll(new RegExp(`${escaped} (-?\\$ ?[\\d.]+,\\d\\d)`, 'g'))].at(-1)?.[1];
        if (!found) return 0n;
        const digits = found.replace(/[^\d,-]/g, '').replace(',', '');
        return BigInt(digits);
      };
      return {
        capital: amount('Capital'),
        interest: amount('Intereses compensatorios'),
        punitive: amount('Intereses punitorios'),
        costs: amount('Costas y gastos'),
        reductions: amount('Menos: quitas acordadas'),
        paid: amount('Menos: pagos imputados'),
        total: amount('Total al 30/06/2025'),
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

    it('under a plan, the interest booked when it was agreed is printed as interest, not as «Costas y gastos» with no cost listed', async () => {
      // 100 000 at 36 % a year from 01/01/2026; a plan agreed today books the interest to today as a MORA row
      // (planInterest). The balance then says basis PLAN, interest 0, services = the booked interest.
      // The sheet's «Costas y gastos» lists no cost (no SERVICE row) yet totals the booked interest:
      // the court reads the interest as costs. The costs listed must add up to the «Costas y gastos» line.
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
      console.log(text);
      const f = totalsOf(text.replaceAll(`Total al ${today.split('-').reverse().join('/')}`, 'Total al 30/06/2025'));
      // No SERVICE row: nothing is listed under «Costas y gastos», so its line must be 0 and the plan's
      // interest must be printed as interest.
      expect(f.costs).toBe(0n);
      expect(f.interest).toBe(BigInt(balance.services.replace('.', '')));
    });
  });
});
