import { addDays, agencyToday } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refreshDueMoney } from '../src/modules/ledger/upgrade';
import { createDebt } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

// Money the code before the ledger took with a later date (today a 400) counts from its date: the
// day it comes, the quota it pays shows it, once per day for every process (issue 31).

forEachBackend('money recorded ahead of its date (issue 31)', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  it('pays its quota on its date, not before, and the day is looked at once', async () => {
    const today = agencyToday();
    const tomorrow = addDays(today, 1);
    const debt = await createDebt(t.app, token, { originalAmount: '1000.00' });
    const plan = await call(t.app, token, {
      method: 'POST',
      url: '/api/quotas/plan',
      payload: { debtId: debt.id, installments: 2, firstDueDate: today },
    });
    expect(plan.status).toBe(201);
    // As the code before 0024 left it: a payment of the first quota dated tomorrow.
    await t.database.db.execute(
      sql`INSERT INTO payments (debt_id, amount, paid_at, method) VALUES (${debt.id}, '500.00', ${tomorrow}::date, 'EFECTIVO')`,
    );
    const statuses = async () => {
      const quotas = await call(t.app, token, {
        method: 'GET',
        url: `/api/quotas?debtId=${debt.id}&sort=number`,
      });
      return (quotas.body.data as { status: string }[]).map((q) => q.status);
    };

    // Today (the start already looked at today): not due yet, nothing to redo.
    expect(await refreshDueMoney(t.database.db, today)).toBe(0);
    expect(await statuses()).toEqual(['PENDIENTE', 'PENDIENTE']);
    const balance = await call(t.app, token, { method: 'GET', url: `/api/debts/${debt.id}/balance` });
    expect(balance.body.total).toBe('1000.00');

    // Tomorrow: the payment is due, the first quota is paid; a second look that day redoes nothing.
    expect(await refreshDueMoney(t.database.db, tomorrow)).toBe(1);
    expect(await statuses()).toEqual(['PAGADA', 'PENDIENTE']);
    expect(await refreshDueMoney(t.database.db, tomorrow)).toBe(0);
  });
});
