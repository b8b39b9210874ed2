import { agencyToday } from '@cobranzas/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

/** The day `days` after today at the agency (YYYY-MM-DD). */
const daysFrom = (days: number) => {
  const day = new Date(`${agencyToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

/** The day `days` before today at the agency (YYYY-MM-DD). */
const daysAgo = (days: number) => {
  const day = new Date(`${agencyToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
};

/**
 * Issue 17, «one balance for every rule»: once a debt carries rates, the hardening rules compare with
 * its balance to date (docs/money.md). Every debt here: 10 000,00 from 73 days ago at 36,5 % a year:
 * 10 000 × 36,5 % × 73 / 365 = 730,00 of interest, 10 730,00 owed today.
 */
forEachBackend('money rules on the balance to date (issue 17)', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const ratedDebt = () =>
    createDebt(t.app, admin, { originalAmount: '10000.00', defaultDate: daysAgo(73), interestRate: '36.5' });
  const debt = async (id: number) =>
    (await call(t.app, admin, { method: 'GET', url: `/api/debts/${id}` })).body as {
      status: string;
      balance: string;
    };
  const owed = async (id: number, date?: string) =>
    (
      await call(t.app, admin, {
        method: 'GET',
        url: `/api/debts/${id}/balance${date ? `?date=${date}` : ''}`,
      })
    ).body as { total: string; interest: string; capital: string };
  const pay = (debtId: number, amount: string, paidAt = agencyToday()) =>
    call(t.app, admin, { method: 'POST', url: '/api/payments', payload: { debtId, amount, paidAt } });

  it('a payment up to the balance to date is accepted and cancels the debt', async () => {
    const { id } = await ratedDebt();
    expect((await owed(id)).total).toBe('10730.00');
    const res = await pay(id, '10730.00');
    expectStatus(res, 201);
    const after = await debt(id);
    // The stored balance counts no interest: it goes below zero, the balance to date is zero.
    expect(after.balance).toBe('-730.00');
    expect(after.status).toBe('CANCELADA');
    expect((await owed(id)).total).toBe('0.00');
  });

  it('a payment above the balance to date is refused, naming the balance to date', async () => {
    const { id } = await ratedDebt();
    const res = await pay(id, '10730.01');
    expectStatus(res, 409);
    expect(res.body.message).toBe('El pago supera el saldo de la deuda ($ 10.730,00).');
    expect((await debt(id)).balance).toBe('10000.00');
  });

  it('a deposit above the balance to date is refused too', async () => {
    const { id } = await ratedDebt();
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/deposits',
      payload: { debtId: id, amount: '10730.01', depositedAt: agencyToday() },
    });
    expectStatus(res, 409);
    expect(res.body.message).toBe('El depósito supera el saldo de la deuda ($ 10.730,00).');
  });

  it('paying the stored balance leaves the interest owed: the debt stays open', async () => {
    const { id } = await ratedDebt();
    expectStatus(await pay(id, '10000.00'), 201);
    const after = await debt(id);
    expect(after.balance).toBe('0.00');
    expect(after.status).toBe('ACTIVA');
    // Imputed to the 730,00 of interest first, then 9 270,00 of capital: 730,00 of capital left.
    expect(await owed(id)).toMatchObject({ total: '730.00', interest: '0.00', capital: '730.00' });
  });

  it('a payment dated in the past is refused beyond what was owed on the last day counted', async () => {
    const { id } = await ratedDebt();
    // 36 days ago it owed 10 000 + 10 000 × 36,5 % × 37 / 365 = 10 370,00; paying it all then
    // leaves nothing to accrue on, so 10 370,00 cancels the debt and one cent more is refused.
    const res = await pay(id, '10370.01', daysAgo(36));
    expectStatus(res, 409);
    expect(res.body.message).toBe('El pago supera el saldo de la deuda ($ 10.730,00).');
    expectStatus(await pay(id, '10370.00', daysAgo(36)), 201);
    expect((await debt(id)).status).toBe('CANCELADA');
  });

  it('deleting the payment that cancelled it reopens the debt', async () => {
    const { id } = await ratedDebt();
    const payment = (await pay(id, '10730.00')).body as { id: number };
    expect((await debt(id)).status).toBe('CANCELADA');
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/payments/${payment.id}` }), 204);
    expect((await debt(id)).status).toBe('ACTIVA');
  });

  it('a plan takes the balance to date by default, stops the interest, and its quotas paid cancel the debt', async () => {
    const { id } = await ratedDebt();
    const plan = await call(t.app, admin, {
      method: 'POST',
      url: '/api/quotas/plan',
      payload: { debtId: id, installments: 2, firstDueDate: agencyToday() },
    });
    expectStatus(plan, 201);
    const { total, quotas } = plan.body as { total: string; quotas: { id: number; amount: string }[] };
    expect(total).toBe('10730.00');
    expect(quotas.map((q) => q.amount)).toEqual(['5365.00', '5365.00']);
    // No interest after the plan: a year on, it still owes the plan's total.
    const nextYear = `${Number(agencyToday().slice(0, 4)) + 1}${agencyToday().slice(4)}`;
    expect((await owed(id, nextYear)).total).toBe('10730.00');
    for (const quota of quotas)
      expectStatus(
        await call(t.app, admin, { method: 'PATCH', url: `/api/quotas/${quota.id}/pay`, payload: {} }),
        200,
      );
    const after = await debt(id);
    expect(after.status).toBe('CANCELADA');
    expect((await owed(id)).total).toBe('0.00');
  });

  it('a plan above the balance to date is refused, naming it', async () => {
    const { id } = await ratedDebt();
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/quotas/plan',
      payload: { debtId: id, installments: 2, firstDueDate: agencyToday(), total: '10730.01' },
    });
    expectStatus(res, 409);
    expect(res.body.message).toBe('El plan supera el saldo de la deuda ($ 10.730,00).');
  });

  it('a quota raised beyond the balance to date is refused; up to it, accepted', async () => {
    const { id } = await ratedDebt();
    const quota = (await create(t.app, admin, 'quotas', {
      debtId: id,
      number: 1,
      amount: '10730.00',
      dueDate: agencyToday(),
    })) as { id: number };
    expect(quota.id).toBeGreaterThan(0);
    const res = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/quotas/${quota.id}`,
      payload: { amount: '10730.01' },
    });
    expectStatus(res, 409);
  });

  it('moving a payment later reopens the debt it had cancelled: it owes the interest of those days', async () => {
    const { id } = await ratedDebt();
    const payment = (await pay(id, '10370.00', daysAgo(36))).body as { id: number };
    expect((await debt(id)).status).toBe('CANCELADA');
    const moved = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/payments/${payment.id}`,
      payload: { paidAt: agencyToday() },
    });
    expectStatus(moved, 200);
    // 10 730,00 owed today − 10 370,00 = 360,00, and the debt is open again to collect it.
    expect((await owed(id)).total).toBe('360.00');
    expect((await debt(id)).status).toBe('ACTIVA');
    expectStatus(await pay(id, '360.00'), 201);
    expect((await debt(id)).status).toBe('CANCELADA');
  });

  it('moving a payment earlier so that it overpays is refused', async () => {
    const { id } = await ratedDebt();
    const payment = (await pay(id, '10730.00')).body as { id: number };
    const moved = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/payments/${payment.id}`,
      payload: { paidAt: daysAgo(36) },
    });
    expectStatus(moved, 409);
    expect((await owed(id)).total).toBe('0.00');
  });

  it('a debt that owes interest cannot be cancelled by hand', async () => {
    const { id } = await ratedDebt();
    expectStatus(await pay(id, '10000.00'), 201);
    const res = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/debts/${id}/status`,
      payload: { status: 'CANCELADA' },
    });
    expectStatus(res, 409);
    expect((await debt(id)).status).toBe('ACTIVA');
    // …and with 730,00 owed it may be written off.
    const writeOff = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/debts/${id}/status`,
      payload: { status: 'INCOBRABLE' },
    });
    expectStatus(writeOff, 200);
  });

  it('rates added to a cancelled debt reopen it; removing them after the interest was paid is refused', async () => {
    const plain = await createDebt(t.app, admin, { originalAmount: '10000.00', defaultDate: daysAgo(73) });
    expectStatus(await pay(plain.id, '10000.00'), 201);
    expect((await debt(plain.id)).status).toBe('CANCELADA');
    const rated = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/debts/${plain.id}`,
      payload: { interestRate: '36.5' },
    });
    expectStatus(rated, 200);
    expect((await owed(plain.id)).total).toBe('730.00');
    expect((await debt(plain.id)).status).toBe('ACTIVA');

    const { id } = await ratedDebt();
    expectStatus(await pay(id, '10730.00'), 201);
    // Without its rates the 730,00 of interest paid would read as capital overpaid.
    const removed = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/debts/${id}`,
      payload: { interestRate: null },
    });
    expectStatus(removed, 409);
    expect((await owed(id)).total).toBe('0.00');
  });

  it('a payment dated ahead is refused (issue 31), and a plan finances the interest to today, not beyond', async () => {
    const { id } = await ratedDebt();
    const ahead = await pay(id, '100.00', daysFrom(365));
    expectStatus(ahead, 400);
    expect(ahead.body.errors).toEqual({ paidAt: ['La fecha no puede ser posterior a hoy.'] });
    const plan = await call(t.app, admin, {
      method: 'POST',
      url: '/api/quotas/plan',
      payload: { debtId: id, installments: 2, firstDueDate: agencyToday() },
    });
    expectStatus(plan, 201);
    // Interest stops today: 10 730,00, booked (730,00 of MORA) so the books say it too.
    expect(plan.body.total).toBe('10730.00');
    expect((await debt(id)).balance).toBe('10730.00');
    expect(await owed(id, daysFrom(365))).toMatchObject({ total: '10730.00', interest: '0.00' });
    for (const quota of plan.body.quotas as { id: number }[])
      expectStatus(
        await call(t.app, admin, { method: 'PATCH', url: `/api/quotas/${quota.id}/pay`, payload: {} }),
        200,
      );
    expect((await debt(id)).status).toBe('CANCELADA');
  });

  it('lowering the original amount below what was paid with its interest is refused, in Spanish', async () => {
    const { id } = await ratedDebt();
    expectStatus(await pay(id, '10000.00'), 201);
    const res = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/debts/${id}`,
      payload: { originalAmount: '9000.00' },
    });
    expectStatus(res, 409);
    expect(res.body.message).toContain('no alcanza a cubrir lo ya pagado con sus intereses');
  });

  it('a debt without rates keeps the stored balance as the limit', async () => {
    const { id } = await createDebt(t.app, admin, { originalAmount: '1000.00', defaultDate: daysAgo(73) });
    const res = await pay(id, '1000.01');
    expectStatus(res, 409);
    expect(res.body.message).toBe('El pago supera el saldo de la deuda ($ 1.000,00).');
    expectStatus(await pay(id, '1000.00'), 201);
    expect((await debt(id)).status).toBe('CANCELADA');
  });
});
