import { debtSchema, MESSAGES } from '@cobranzas/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDebt, expectStatus } from './domain';
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

forEachBackend('PATCH /debts/{id}/stage', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const changeStage = (id: number, payload: Record<string, unknown>, as = token) =>
    call(t.app, as, { method: 'PATCH', url: `/api/debts/${id}/stage`, payload });
  const timeline = async (debtId: number) =>
    (await call(t.app, token, { method: 'GET', url: `/api/events?debtId=${debtId}` })).body.data as {
      eventTypeName: string;
      description: string;
      userName: string | null;
    }[];
  const read = async (id: number) =>
    (await call(t.app, token, { method: 'GET', url: `/api/debts/${id}` })).body;

  describe('Stage change (e.g. to judicial) as an explicit action that leaves a trace in the timeline', () => {
    it('moves the debt, sets court and case number, and records a "Cambio de etapa" Gestión', async () => {
      const debt = await createDebt(t.app, token);
      const response = await changeStage(debt.id, {
        debtTypeId: 3,
        court: 'Juzgado Civil N.º 5',
        caseNumber: 'EXP-123/2026',
        description: 'Demanda presentada.',
      });
      expectStatus(response, 200);
      expect(debtSchema.strict().parse(response.body)).toMatchObject({
        debtTypeId: 3,
        debtTypeName: 'Judicial',
        court: 'Juzgado Civil N.º 5',
        caseNumber: 'EXP-123/2026',
      });
      expect(await timeline(debt.id)).toEqual([
        expect.objectContaining({
          eventTypeName: 'Cambio de etapa',
          description: 'Cambio de etapa: Preventiva → Judicial. Demanda presentada.',
          userName: 'Administrador',
        }),
      ]);
    });

    it('every change reuses the one "Cambio de etapa" type, whatever its case', async () => {
      const debt = await createDebt(t.app, token);
      expectStatus(await changeStage(debt.id, { debtTypeId: 2 }), 200);
      expectStatus(await changeStage(debt.id, { debtTypeId: 1 }), 200);
      const types = await call(t.app, token, { method: 'GET', url: '/api/events-types?q=etapa&limit=100' });
      expect(
        types.body.data.filter((type: { name: string }) => /^cambio de etapa$/i.test(type.name)),
      ).toHaveLength(1);
      expect((await timeline(debt.id)).map((event) => event.description)).toEqual([
        'Cambio de etapa: Extrajudicial → Preventiva.',
        'Cambio de etapa: Preventiva → Extrajudicial.',
      ]);
    });

    it('leaving the judicial stage keeps court and case number', async () => {
      const debt = await createDebt(t.app, token, { debtTypeId: 3, court: 'Juzgado 1', caseNumber: 'A-1' });
      const response = await changeStage(debt.id, { debtTypeId: 2, court: null });
      expectStatus(response, 200);
      expect(response.body).toMatchObject({ debtTypeId: 2, court: 'Juzgado 1', caseNumber: 'A-1' });
    });

    it('to the stage it already has → 409 in Spanish and no Gestión', async () => {
      const debt = await createDebt(t.app, token, { debtTypeId: 2 });
      const response = await changeStage(debt.id, { debtTypeId: 2 });
      expectStatus(response, 409);
      expect(response.body.message).toBe(MESSAGES.sameStage);
      expect(await timeline(debt.id)).toEqual([]);
    });

    it('to a stage that does not exist → 400 naming the field, nothing changes', async () => {
      const debt = await createDebt(t.app, token);
      const response = await changeStage(debt.id, { debtTypeId: 999_999 });
      expectStatus(response, 400);
      expect(response.body.errors).toEqual({ debtTypeId: [MESSAGES.debtTypeNotFound] });
      expect((await read(debt.id)).debtTypeId).toBe(1);
      expect(await timeline(debt.id)).toEqual([]);
    });

    it('two simultaneous changes to the same stage: one moves it, the other is told it already did', async () => {
      const debt = await createDebt(t.app, token);
      const answers = await Promise.all([
        changeStage(debt.id, { debtTypeId: 3 }),
        changeStage(debt.id, { debtTypeId: 3 }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await timeline(debt.id)).toHaveLength(1);
    });

    it('CLIENTE → 403 and nothing changes; GENERAL may; an unknown debt → 404', async () => {
      const cliente = await createUser(t.app, token, 'CLIENTE');
      const general = await createUser(t.app, token, 'GENERAL');
      const debt = await createDebt(t.app, token, { companyId: cliente.companyId });
      const refused = await changeStage(debt.id, { debtTypeId: 2 }, cliente.token);
      expectStatus(refused, 403);
      expect(refused.body.message).toBe(MESSAGES.forbidden);
      expect((await read(debt.id)).debtTypeId).toBe(1);
      expectStatus(await changeStage(debt.id, { debtTypeId: 2 }, general.token), 200);
      expectStatus(await changeStage(999_999, { debtTypeId: 2 }), 404);
    });
  });
});

forEachBackend('GET /debts/summary', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const summary = (query: string, as = token) =>
    call(t.app, as, { method: 'GET', url: `/api/debts/summary?${query}` });

  it('/debts/type/{1|2|3}: the totals of the stage list cover every page, per currency', async () => {
    const cliente = await createUser(t.app, token, 'CLIENTE');
    const companyId = cliente.companyId;
    for (const originalAmount of ['100.10', '200.20', '300.30'])
      await createDebt(t.app, token, { companyId, debtTypeId: 2, originalAmount });
    await createDebt(t.app, token, { companyId, debtTypeId: 2, originalAmount: '50.00', currency: 'USD' });
    await createDebt(t.app, token, { companyId, debtTypeId: 1, originalAmount: '999.99' });
    const paid = await createDebt(t.app, token, { companyId, debtTypeId: 2, originalAmount: '10.00' });
    await call(t.app, token, {
      method: 'POST',
      url: '/api/payments',
      payload: { debtId: paid.id, amount: '4.00', paidAt: '2026-01-02' },
    });

    const response = await summary(`companyId=${companyId}&debtTypeId=2&limit=1&page=3`);
    expectStatus(response, 200);
    expect(response.body).toEqual({
      debts: 5,
      byCurrency: [
        { currency: 'ARS', debts: 4, originalAmount: '610.60', paidAmount: '4.00', balance: '606.60' },
        { currency: 'USD', debts: 1, originalAmount: '50.00', paidAmount: '0.00', balance: '50.00' },
      ],
    });
    // A CLIENTE's totals are its company's whatever it asks for.
    const own = await summary('debtTypeId=1', cliente.token);
    expect(own.body.byCurrency).toEqual([
      { currency: 'ARS', debts: 1, originalAmount: '999.99', paidAmount: '0.00', balance: '999.99' },
    ]);
    expect((await summary(`companyId=${companyId}&debtTypeId=3`)).body).toEqual({ debts: 0, byCurrency: [] });
    expectStatus(await summary('debtTypeId=abc'), 400);
  });
});
