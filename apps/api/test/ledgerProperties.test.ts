import { agencyToday, fromCents, toCents } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
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

// Issue 31's properties, through the API over random sequences of payments, deposits, services, a
// quota's mora and reversals (deleting a record), with or without a plan agreed at the start.

type Op =
  | { kind: 'payment' | 'deposit' | 'service'; cents: number; quota: number | null }
  | { kind: 'mora'; quota: number; cents: number }
  | { kind: 'reverse'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('payment' as const, 'deposit' as const, 'service' as const),
    cents: fc.integer({ min: 1, max: 400_000 }),
    quota: fc.option(fc.nat(3), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('mora' as const),
    quota: fc.nat(3),
    cents: fc.integer({ min: 0, max: 50_000 }),
  }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(20) }),
);

const URL_OF = { payment: 'payments', deposit: 'deposits', service: 'services' } as const;

forEachBackend('the ledger’s properties over random sequences (issue 31, fast-check)', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  /** The balance call's figure and the ledger's own sum (original ± every live row), side by side. */
  async function figures(debtId: number) {
    const balance = await call(t.app, token, { method: 'GET', url: `/api/debts/${debtId}/balance` });
    expect(balance.status).toBe(200);
    const [sum] = rowsOf<{ total: string }>(
      await t.database.db.execute(sql`SELECT (d.original_amount + coalesce(sum(CASE WHEN l.kind IN ('SERVICE', 'MORA')
        THEN l.amount ELSE -l.amount END), 0))::text AS total FROM debts d LEFT JOIN ledger_live l ON l.debt_id = d.id
        WHERE d.id = ${debtId} GROUP BY d.id, d.original_amount`),
    );
    return { body: balance.body, ledgerSum: sum?.total };
  }

  it('the ledger’s sum is the total; a reversal restores the exact prior total; never negative; PLAN = what the quotas still owe + services', async () => {
    const today = agencyToday();
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(op, { minLength: 1, maxLength: 10 }), async (withPlan, ops) => {
        const debt = await createDebt(t.app, token, { originalAmount: '10000.00' });
        let quotaIds: number[] = [];
        if (withPlan) {
          const plan = await call(t.app, token, {
            method: 'POST',
            url: '/api/quotas/plan',
            payload: { debtId: debt.id, installments: 4, firstDueDate: today },
          });
          expect(plan.status).toBe(201);
          const quotas = await call(t.app, token, {
            method: 'GET',
            url: `/api/quotas?debtId=${debt.id}&limit=100`,
          });
          quotaIds = (quotas.body.data as { id: number; number: number }[])
            .sort((a, b) => a.number - b.number)
            .map((q) => q.id);
          expect(quotaIds).toHaveLength(4);
        }
        const records: { url: string; id: number; effect: bigint }[] = [];
        let before = (await figures(debt.id)).body.total as string;
        for (const step of ops) {
          let expected: string | null = null;
          if (step.kind === 'reverse') {
            const record = records.splice(step.pick % Math.max(records.length, 1), 1)[0];
            if (!record) continue;
            const deleted = await call(t.app, token, {
              method: 'DELETE',
              url: `/api/${record.url}/${record.id}`,
            });
            // A quota's own payment is undone only from its quota (409), and then nothing changed.
            expect([204, 409]).toContain(deleted.status);
            if (deleted.status === 409) {
              records.push(record);
              expected = before;
            } // Undoing a row takes exactly its effect off: payments and deposits come back as owed.
            else expected = fromCents(toCents(before) + record.effect);
          } else if (step.kind === 'mora') {
            const quota = quotaIds[step.quota];
            if (quota === undefined) continue;
            const mora = await call(t.app, token, {
              method: 'PATCH',
              url: `/api/quotas/${quota}/mora`,
              payload: { moraAmount: fromCents(BigInt(step.cents)) },
            });
            // A quota already paid refuses mora (409): then nothing changed.
            expect([200, 409]).toContain(mora.status);
            if (mora.status === 409) expected = before;
          } else {
            const amount = fromCents(BigInt(step.cents));
            const dateField = { payment: 'paidAt', deposit: 'depositedAt', service: 'date' }[step.kind];
            const quota = step.kind === 'payment' && step.quota !== null ? quotaIds[step.quota] : undefined;
            const created = await call(t.app, token, {
              method: 'POST',
              url: `/api/${URL_OF[step.kind]}`,
              payload: {
                debtId: debt.id,
                amount,
                [dateField]: today,
                ...(step.kind === 'service' ? { description: 'Gastos' } : {}),
                ...(quota !== undefined ? { quotaId: quota } : {}),
              },
            });
            // More than is owed, or a quota already paid, is refused: then nothing changed.
            expect([201, 409]).toContain(created.status);
            // What it takes off the total: a service adds to it.
            const effect = step.kind === 'service' ? -BigInt(step.cents) : BigInt(step.cents);
            if (created.status === 201) {
              records.push({ url: URL_OF[step.kind], id: created.body.id, effect });
              expected = fromCents(toCents(before) - effect);
            } else expected = before;
          }
          const { body, ledgerSum } = await figures(debt.id);
          expect(body.total).toBe(ledgerSum);
          if (expected !== null) expect(body.total).toBe(expected);
          expect(toCents(body.total) >= 0n).toBe(true);
          if (body.basis === 'PLAN') {
            let owed = 0n;
            for (const quota of body.plan as { amount: string; mora: string; paid: string }[])
              owed += toCents(quota.amount) + toCents(quota.mora) - toCents(quota.paid);
            const services = records.filter((r) => r.url === 'services').reduce((s, r) => s - r.effect, 0n);
            expect(body.total).toBe(fromCents(owed + services));
          }
          before = body.total;
        }
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
