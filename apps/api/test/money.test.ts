import { agencyToday, daysBetween, MESSAGES, paymentPlanResultSchema, quotaSchema } from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/ledgerViews';
import { ledger } from '../src/db/schema';
import { create, createDebt, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

forEachBackend('money: plans, pays, mora and exact balances', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const get = async (url: string) => (await call(t.app, token, { method: 'GET', url })).body;
  const patch = (url: string, payload?: unknown) =>
    call(t.app, token, {
      method: 'PATCH',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const plan = (payload: Record<string, unknown>) =>
    call(t.app, token, { method: 'POST', url: '/api/quotas/plan', payload });

  describe('payment plan', () => {
    it('1000.00 in 3 → 333.34, 333.33, 333.33; monthly from Jan 31 clamped to month end; debt EN_CONVENIO', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '1000' });
      const response = await plan({ debtId: debt.id, installments: 3, firstDueDate: '2024-01-31' });
      expectStatus(response, 201);
      const result = paymentPlanResultSchema.parse(response.body);
      expect(result.total).toBe('1000.00');
      expect(result.quotas.map((q) => [q.number, q.amount, q.dueDate, q.status])).toEqual([
        [1, '333.34', '2024-01-31', 'PENDIENTE'],
        [2, '333.33', '2024-02-29', 'PENDIENTE'],
        [3, '333.33', '2024-03-31', 'PENDIENTE'],
      ]);
      const read = await get(`/api/debts/${debt.id}`);
      expect(read).toMatchObject({ status: 'EN_CONVENIO', balance: '1000.00' });
    });

    it('a non-leap year clamps Jan 31 to Feb 28; an explicit total is split exactly', async () => {
      const debt = await createDebt(t.app, token);
      const response = await plan({
        debtId: debt.id,
        installments: 7,
        firstDueDate: '2023-01-31',
        total: '100',
      });
      expectStatus(response, 201);
      const amounts: string[] = response.body.quotas.map((q: { amount: string }) => q.amount);
      expect(amounts).toEqual(['14.29', '14.29', '14.29', '14.29', '14.28', '14.28', '14.28']);
      expect(response.body.quotas[1].dueDate).toBe('2023-02-28');
    });

    it('a debt with unpaid quotas gets no second plan (409); unknown debt → 400; too small a total → 400', async () => {
      const debt = await createDebt(t.app, token);
      expectStatus(await plan({ debtId: debt.id, installments: 2, firstDueDate: '2024-05-10' }), 201);
      const again = await plan({ debtId: debt.id, installments: 2, firstDueDate: '2024-05-10' });
      expectStatus(again, 409);
      expect(again.body.message).toBe(MESSAGES.unpaidQuotasExist);
      const missing = await plan({ debtId: 999999, installments: 2, firstDueDate: '2024-05-10' });
      expectStatus(missing, 400);
      expect(missing.body.errors).toEqual({ debtId: [MESSAGES.debtNotFound] });
      const other = await createDebt(t.app, token);
      const small = await plan({
        debtId: other.id,
        installments: 3,
        firstDueDate: '2024-05-10',
        total: '0.02',
      });
      expectStatus(small, 400);
      expect((await get(`/api/quotas?debtId=${other.id}`)).total).toBe(0);
    });

    it('after every quota is paid, a new plan continues the numbering', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '300' });
      const first = await plan({
        debtId: debt.id,
        installments: 1,
        firstDueDate: '2024-01-10',
        total: '100',
      });
      expectStatus(await patch(`/api/quotas/${first.body.quotas[0].id}/pay`), 200);
      const second = await plan({ debtId: debt.id, installments: 2, firstDueDate: '2024-02-10' });
      expectStatus(second, 201);
      expect(second.body.total).toBe('200.00');
      expect(second.body.quotas.map((q: { number: number }) => q.number)).toEqual([2, 3]);
    });
  });

  describe('paying a quota', () => {
    it('records one Payment of amount + mora with defaults, quota PAGADA with paidAt and paymentId', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '1000' });
      const { body } = await plan({ debtId: debt.id, installments: 2, firstDueDate: '2024-01-10' });
      const quotaId = body.quotas[0].id;
      expectStatus(await patch(`/api/quotas/${quotaId}/mora`, { moraAmount: '12.34' }), 200);
      const paid = await patch(`/api/quotas/${quotaId}/pay`);
      expectStatus(paid, 200);
      const quota = quotaSchema.strict().parse(paid.body);
      expect(quota).toMatchObject({ status: 'PAGADA', paidAt: agencyToday(), moraAmount: '12.34' });
      const paymentList = await get(`/api/payments?quotaId=${quotaId}`);
      expect(paymentList.total).toBe(1);
      expect(paymentList.data[0]).toMatchObject({
        id: quota.paymentId,
        amount: '512.34',
        method: 'EFECTIVO',
        paidAt: agencyToday(),
        debtId: debt.id,
        createdByName: 'Administrador',
      });
      expect(await get(`/api/debts/${debt.id}`)).toMatchObject({
        moraAmount: '12.34',
        paidAmount: '512.34',
        balance: '500.00',
      });
    });

    it('paying twice → 409 in Spanish; the body may set date, method and receipt', async () => {
      const debt = await createDebt(t.app, token);
      const { body } = await plan({ debtId: debt.id, installments: 1, firstDueDate: '2024-01-10' });
      const quotaId = body.quotas[0].id;
      const paid = await patch(`/api/quotas/${quotaId}/pay`, {
        paidAt: '2024-01-09',
        method: 'TRANSFERENCIA',
        receiptNumber: 'R-1',
      });
      expect(paid.body.paidAt).toBe('2024-01-09');
      const payment = (await get(`/api/payments/${paid.body.paymentId}`)) as Record<string, unknown>;
      expect(payment).toMatchObject({ method: 'TRANSFERENCIA', receiptNumber: 'R-1', paidAt: '2024-01-09' });
      const again = await patch(`/api/quotas/${quotaId}/pay`);
      expectStatus(again, 409);
      expect(again.body).toEqual({ message: MESSAGES.quotaAlreadyPaid });
      expectStatus(await patch(`/api/quotas/${quotaId}/mora`, {}), 409);
      expectStatus(await patch(`/api/quotas/${quotaId}`, { amount: '1' }), 409);
      expectStatus(await call(t.app, token, { method: 'DELETE', url: `/api/quotas/${quotaId}` }), 409);
      expectStatus(await patch('/api/quotas/999999/pay'), 404);
    });

    it('20 concurrent pays of one quota → exactly one payment, 19 × 409, never a 500', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '600' });
      const { body } = await plan({ debtId: debt.id, installments: 3, firstDueDate: '2024-01-10' });
      const quotaId = body.quotas[0].id;
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => patch(`/api/quotas/${quotaId}/pay`)),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const rows = await t.database.db.select().from(payments).where(eq(payments.quotaId, quotaId));
      expect(rows).toHaveLength(1);
      expect(await get(`/api/debts/${debt.id}`)).toMatchObject({ paidAmount: '200.00', balance: '400.00' });
    });

    it('undoing the payment of a quota (DELETE /quotas/{id}/payment) makes it payable again (EN_MORA when it had mora)', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '100' });
      const { body } = await plan({ debtId: debt.id, installments: 1, firstDueDate: '2024-01-10' });
      const quotaId = body.quotas[0].id;
      await patch(`/api/quotas/${quotaId}/mora`, { moraAmount: '1.50' });
      const paid = await patch(`/api/quotas/${quotaId}/pay`);
      // Its payment alone is not deleted (issue 14): the quota undoes both.
      expectStatus(
        await call(t.app, token, { method: 'DELETE', url: `/api/payments/${paid.body.paymentId}` }),
        409,
      );
      expectStatus(
        await call(t.app, token, { method: 'DELETE', url: `/api/quotas/${quotaId}/payment` }),
        204,
      );
      expect((await get(`/api/payments?quotaId=${quotaId}`)).total).toBe(0);
      expect(await get(`/api/quotas/${quotaId}`)).toMatchObject({
        status: 'EN_MORA',
        paidAt: null,
        paymentId: null,
      });
      // The pay had settled the debt (CANCELADA); with balance again it is back in its plan.
      expect(await get(`/api/debts/${debt.id}`)).toMatchObject({
        paidAmount: '0.00',
        balance: '101.50',
        status: 'EN_CONVENIO',
      });
      expectStatus(await patch(`/api/quotas/${quotaId}/pay`), 200);
    });
  });

  describe('mora', () => {
    it('without an amount: simple interest at the debt punitive rate for the days late, half-up', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '1000', punitiveRate: '36.5' });
      const dueDate = '2024-01-01';
      const quota = await create(t.app, token, 'quotas', {
        debtId: debt.id,
        number: 1,
        amount: '1000',
        dueDate,
      });
      const response = await patch(`/api/quotas/${quota.id}/mora`);
      expectStatus(response, 200);
      const days = daysBetween(dueDate, agencyToday());
      // 1000 × 36.5% × days/365 = 1.00 per day, exactly.
      expect(response.body).toMatchObject({ status: 'EN_MORA', moraAmount: `${days}.00` });
      expect((await get(`/api/debts/${debt.id}`)).moraAmount).toBe(`${days}.00`);
    });

    it('a quota not yet due needs an explicit amount (409 otherwise)', async () => {
      const debt = await createDebt(t.app, token, { punitiveRate: '10' });
      const quota = await create(t.app, token, 'quotas', {
        debtId: debt.id,
        number: 1,
        amount: '10',
        dueDate: '2199-01-01',
      });
      const refused = await patch(`/api/quotas/${quota.id}/mora`, {});
      expectStatus(refused, 409);
      expect(refused.body.message).toBe(MESSAGES.quotaNotDue);
      expectStatus(await patch(`/api/quotas/${quota.id}/mora`, { moraAmount: '0.5' }), 200);
      expectStatus(await patch(`/api/quotas/${quota.id}/mora`, { moraAmount: '-1' }), 400);
    });
  });

  describe('balance', () => {
    it('is exact to the cent after services, mora, payments and deposits (0.10 + 0.20 style)', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '0.30' });
      const debtId = debt.id;
      await create(t.app, token, 'services', {
        debtId,
        description: 'Carta documento',
        amount: '0.10',
        date: '2024-01-01',
      });
      await create(t.app, token, 'services', {
        debtId,
        description: 'Tasa',
        amount: 0.2,
        date: '2024-01-02',
      });
      // A quota for part of it: the payment and deposit on account leave it covered (issue 30).
      const quota = await create(t.app, token, 'quotas', {
        debtId,
        number: 1,
        amount: '0.30',
        dueDate: '2024-01-01',
      });
      await patch(`/api/quotas/${quota.id}/mora`, { moraAmount: '0.07' });
      await create(t.app, token, 'payments', { debtId, amount: '0.10', paidAt: '2024-02-01' });
      const deposit = await create(t.app, token, 'deposits', {
        debtId,
        amount: '0.20',
        depositedAt: '2024-02-02',
      });
      // 0.30 + 0.30 + 0.07 − 0.10 − 0.20
      expect(await get(`/api/debts/${debtId}`)).toMatchObject({
        servicesAmount: '0.30',
        moraAmount: '0.07',
        paidAmount: '0.30',
        balance: '0.37',
      });
      await patch(`/api/deposits/${deposit.id}`, { amount: '0.01' });
      expect((await get(`/api/debts/${debtId}`)).balance).toBe('0.56');
      await call(t.app, token, { method: 'DELETE', url: `/api/deposits/${deposit.id}` });
      expect((await get(`/api/debts/${debtId}`)).balance).toBe('0.57');
      // More than the balance is refused (issue 14) and changes nothing.
      const overpaid = await call(t.app, token, {
        method: 'POST',
        url: '/api/payments',
        payload: { debtId, amount: '1000', paidAt: '2024-02-03' },
      });
      expectStatus(overpaid, 409);
      expect((await get(`/api/debts/${debtId}`)).balance).toBe('0.57');
    });

    it('concurrent writes on one debt all count: 10 payments of 0.10 and 5 services of 0.01 at once', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '5' });
      const payment = () =>
        call(t.app, token, {
          method: 'POST',
          url: '/api/payments',
          payload: { debtId: debt.id, amount: '0.10', paidAt: '2024-01-01' },
        });
      const service = () =>
        call(t.app, token, {
          method: 'POST',
          url: '/api/services',
          payload: { debtId: debt.id, description: 'x', amount: '0.01', date: '2024-01-01' },
        });
      const responses = await Promise.all([
        ...Array.from({ length: 10 }, payment),
        ...Array.from({ length: 5 }, service),
      ]);
      expect(responses.map((r) => r.status)).toEqual([...Array(10).fill(201), ...Array(5).fill(201)]);
      expect(await get(`/api/debts/${debt.id}`)).toMatchObject({
        paidAmount: '1.00',
        servicesAmount: '0.05',
        balance: '4.05',
      });
    });

    it('two concurrent plans for one debt → one 201, one 409', async () => {
      const debt = await createDebt(t.app, token);
      const body = { debtId: debt.id, installments: 2, firstDueDate: '2024-05-10' };
      const statuses = (await Promise.all([plan(body), plan(body)])).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409]);
      expect((await get(`/api/quotas?debtId=${debt.id}`)).total).toBe(2);
    });

    it('amounts with a third decimal, in comma notation or as floats that are not cents → 400', async () => {
      const debt = await createDebt(t.app, token);
      for (const amount of ['0.105', '1.500,50', 0.1 + 0.2, '1e3', '', 0, '-5']) {
        const response = await call(t.app, token, {
          method: 'POST',
          url: '/api/payments',
          payload: { debtId: debt.id, amount, paidAt: '2024-01-01' },
        });
        expectStatus(response, 400);
      }
      expect((await get(`/api/payments?debtId=${debt.id}`)).total).toBe(0);
    });

    it('totals follow every ledger row, even one written directly in SQL (the triggers)', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '50' });
      const quota = await create(t.app, token, 'quotas', {
        debtId: debt.id,
        number: 1,
        amount: '50',
        dueDate: '2024-01-01',
      });
      await t.database.db
        .insert(ledger)
        .values({ debtId: debt.id, kind: 'MORA', date: '2024-02-01', amount: '2.00', quotaId: quota.id });
      await create(t.app, token, 'services', {
        debtId: debt.id,
        description: 'x',
        amount: '1',
        date: '2024-01-01',
      });
      expect(await get(`/api/debts/${debt.id}`)).toMatchObject({ moraAmount: '2.00', balance: '53.00' });
    });
  });
});
