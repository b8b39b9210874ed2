import { agencyToday } from '@cobranzas/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { create, createDebt } from './domain';
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

// GET /api/debts/{id}/ledger (DESIGN.md §11.1): every row, the undone one with its REVERSAL, and
// what the debt owes today; a CLIENTE reads its company's debts only, never who wrote a row.

forEachBackend('the debt’s ledger (issue 31)', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  it('lists a deleted payment with the REVERSAL that undid it, and owes what the balance call says', async () => {
    const client = await createUser(t.app, token, 'CLIENTE');
    const debt = await createDebt(t.app, token, { originalAmount: '1000.00', companyId: client.companyId });
    const today = agencyToday();
    const kept = await create(t.app, token, 'payments', { debtId: debt.id, amount: '100.00', paidAt: today });
    const undone = await create(t.app, token, 'payments', {
      debtId: debt.id,
      amount: '250.00',
      paidAt: today,
    });
    const deleted = await call(t.app, token, { method: 'DELETE', url: `/api/payments/${undone.id}` });
    expect(deleted.status).toBe(204);

    const staff = await call(t.app, token, { method: 'GET', url: `/api/debts/${debt.id}/ledger` });
    expect(staff.status).toBe(200);
    // 1000 − 100: the undone 250 and its reversal cancel out.
    expect(staff.body.owed).toBe('900.00');
    const balance = await call(t.app, token, { method: 'GET', url: `/api/debts/${debt.id}/balance` });
    expect(balance.body.total).toBe(staff.body.owed);
    const rows = staff.body.data as Record<string, unknown>[];
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([
      ['PAYMENT', '100.00'],
      ['PAYMENT', '250.00'],
      ['REVERSAL', '250.00'],
    ]);
    const [first, second, reversal] = rows;
    expect(first?.reversedBy).toBeNull();
    expect(second?.reversedBy).toBe(reversal?.id);
    expect(reversal?.reversalOf).toBe(second?.id);
    expect(reversal?.note).toBe('Anulado desde su registro');
    expect(reversal?.createdByName).toBe('Administrador');
    expect(kept.id).not.toBe(undone.id);

    // The company's own user: the same rows, without who wrote them.
    const own = await call(t.app, client.token, { method: 'GET', url: `/api/debts/${debt.id}/ledger` });
    expect(own.status).toBe(200);
    expect(own.body.owed).toBe('900.00');
    for (const row of own.body.data as Record<string, unknown>[]) {
      expect(row).not.toHaveProperty('createdBy');
      expect(row).not.toHaveProperty('createdByName');
    }
    // Another company's user: 404, as for any debt it may not see.
    const other = await createUser(t.app, token, 'CLIENTE');
    const foreign = await call(t.app, other.token, { method: 'GET', url: `/api/debts/${debt.id}/ledger` });
    expect(foreign.status).toBe(404);
  });
});
