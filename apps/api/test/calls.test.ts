import * as shared from '@cobranzas/shared';
import { agencyToday, type CallDefinition, callPath, isFileAnswer } from '@cobranzas/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createDebt } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

/** Every call packages/shared declares with defineCall (issue 31: one contract per call). */
const calls = Object.entries(shared as Record<string, unknown>).filter(
  (entry): entry is [string, CallDefinition] =>
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    'method' in entry[1] &&
    'answer' in entry[1] &&
    'errors' in entry[1],
);

describe('the declared calls', () => {
  it('are the money calls of issue 31, each once, named …Call', () => {
    const names = calls.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'debtBalanceCall',
        'debtBalancesCall',
        'debtLedgerCall',
        'paymentPlanCall',
        'quotaPayCall',
        'quotaMoraCall',
        'quotaPaymentUndoCall',
        'paymentReceiptCall',
        'depositReceiptCall',
        'debtLetterCall',
        'letterPreviewCall',
      ]),
    );
    for (const name of names) expect(name).toMatch(/Call$/);
    const routes = calls.map(([, c]) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('fill their path parameters, encoded, and refuse a missing one', () => {
    expect(callPath(shared.debtLetterCall, { id: 7, code: 'INT/1' })).toBe('/debts/7/letters/INT%2F1');
    expect(() => callPath(shared.debtLetterCall, { id: 7 })).toThrow(/code/);
  });
});

forEachBackend('the declared calls on the server (issue 31)', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  it('each is a route at /api + its path, documented with its summary and its error answers', async () => {
    const { body } = await call(t.app, null, { method: 'GET', url: '/api/docs/json' });
    for (const [name, declared] of calls) {
      const url = `/api${declared.path}`;
      expect(t.app.hasRoute({ method: declared.method, url }), name).toBe(true);
      const openApiPath = url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = body.paths[openApiPath]?.[declared.method.toLowerCase()];
      expect(operation?.summary, name).toBe(declared.summary);
      expect(operation?.tags, name).toEqual([declared.tag]);
      expect(Object.keys(operation?.responses ?? {}), name).toContain(String(declared.status));
      for (const [status, text] of Object.entries(declared.errors))
        expect(operation?.responses?.[status]?.description, `${name} ${status}`).toBe(text);
    }
  });

  it('answer what they declare: the server’s bodies parse with the declared schemas', async () => {
    const debt = await createDebt(t.app, token, { originalAmount: '1200.00' });
    const payment = await create(t.app, token, 'payments', {
      debtId: debt.id,
      amount: '200.00',
      paidAt: agencyToday(),
    });
    const ask = async <C extends CallDefinition>(
      declared: C,
      input: Parameters<typeof callPath>[1],
      query?: object,
      body?: object,
    ) => {
      const response = await call(t.app, token, {
        method: declared.method,
        url: `/api${callPath(declared, input)}${query ? `?${new URLSearchParams(query as Record<string, string>)}` : ''}`,
        ...(body ? { payload: body } : {}),
      });
      expect(response.status, `${declared.method} ${declared.path}: ${JSON.stringify(response.body)}`).toBe(
        declared.status,
      );
      return response;
    };

    const balance = await ask(shared.debtBalanceCall, { id: debt.id });
    expect(shared.debtBalanceCall.answer.parse(balance.body).total).toBe('1000.00');
    const ledger = await ask(shared.debtLedgerCall, { id: debt.id });
    expect(shared.debtLedgerCall.answer.parse(ledger.body).owed).toBe('1000.00');
    const balances = await ask(shared.debtBalancesCall, undefined, { ids: String(debt.id) });
    expect(shared.debtBalancesCall.answer.parse(balances.body).data.map((row) => row.total)).toEqual([
      '1000.00',
    ]);

    const plan = await ask(shared.paymentPlanCall, undefined, undefined, {
      debtId: debt.id,
      installments: 2,
      firstDueDate: agencyToday(),
    });
    const [first] = shared.paymentPlanCall.answer.parse(plan.body).quotas;
    expect(first?.amount).toBe('500.00');
    const paid = await ask(shared.quotaPayCall, { id: first?.id }, undefined, {});
    expect(shared.quotaPayCall.answer.parse(paid.body).status).toBe('PAGADA');
    const undone = await ask(shared.quotaPaymentUndoCall, { id: first?.id });
    expect(undone.body).toBeFalsy();

    const receipt = await ask(shared.paymentReceiptCall, { id: payment.id });
    expect(isFileAnswer(shared.paymentReceiptCall.answer)).toBe(true);
    expect(receipt.headers['content-type']).toBe('application/pdf');
  });
});
