import { addDays, agencyToday, allowedDebtStatuses, type DebtStatus, MESSAGES } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from './helpers';

/** Issue 14, point 3: the books stay true. Every figure below is computed by hand. */
forEachBackend('the books stay true', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const get = async (url: string) => (await call(t.app, token, { method: 'GET', url })).body;
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = token) =>
    call(t.app, as, { method, url, ...(payload === undefined ? {} : { payload }) });
  const debtOf = (id: number) => get(`/api/debts/${id}`);
  const timeline = async (debtId: number) =>
    (
      (await get(`/api/events?debtId=${debtId}`)).data as { eventTypeName: string; description: string }[]
    ).map((event) => `${event.eventTypeName} | ${event.description}`);
  const pay = (debtId: number, amount: string) =>
    send('POST', '/api/payments', { debtId, amount, paidAt: '2025-03-01' });
  const setStatus = (id: number, status: DebtStatus, description?: string, as = token) =>
    send('PATCH', `/api/debts/${id}/status`, { status, ...(description ? { description } : {}) }, as);
  const plan = (debtId: number, installments: number, total?: string) =>
    send('POST', '/api/quotas/plan', {
      debtId,
      installments,
      firstDueDate: '2030-01-10',
      ...(total ? { total } : {}),
    });

  describe('the balance never goes below zero', () => {
    it('a payment above the balance → 409 naming the balance in es-AR money, and nothing is written', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '1234.56' });
      const refused = await pay(debt.id, '1234.57');
      expectStatus(refused, 409);
      expect(refused.body).toEqual({ message: 'El pago supera el saldo de la deuda ($ 1.234,56).' });
      expect((await get(`/api/payments?debtId=${debt.id}`)).total).toBe(0);
      expect(await debtOf(debt.id)).toMatchObject({
        paidAmount: '0.00',
        balance: '1234.56',
        status: 'ACTIVA',
      });
      // A USD debt names its balance in dollars.
      const usd = await createDebt(t.app, token, { originalAmount: '80', currency: 'USD' });
      expect((await pay(usd.id, '80.01')).body.message).toBe(
        'El pago supera el saldo de la deuda (US$ 80,00).',
      );
    });

    it('a deposit above the balance → 409 naming the balance', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '500' });
      expectStatus(await pay(debt.id, '200'), 201);
      const refused = await send('POST', '/api/deposits', {
        debtId: debt.id,
        amount: '300.01',
        depositedAt: '2025-03-02',
      });
      expectStatus(refused, 409);
      expect(refused.body.message).toBe('El depósito supera el saldo de la deuda ($ 300,00).');
      expect(await debtOf(debt.id)).toMatchObject({ paidAmount: '200.00', balance: '300.00' });
    });

    it('raising a payment or a deposit beyond the balance → 409 naming what the debt owed before it', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '1000' });
      const payment = await create(t.app, token, 'payments', {
        debtId: debt.id,
        amount: '400',
        paidAt: '2025-03-01',
      });
      const deposit = await create(t.app, token, 'deposits', {
        debtId: debt.id,
        amount: '100',
        depositedAt: '2025-03-02',
      });
      // Balance 1000 − 400 − 100 = 500: the payment may grow to 900, the deposit to 600.
      const payTooMuch = await send('PATCH', `/api/payments/${payment.id}`, { amount: '900.01' });
      expectStatus(payTooMuch, 409);
      expect(payTooMuch.body.message).toBe('El pago supera el saldo de la deuda ($ 900,00).');
      const depositTooMuch = await send('PATCH', `/api/deposits/${deposit.id}`, { amount: '600.01' });
      expectStatus(depositTooMuch, 409);
      expect(depositTooMuch.body.message).toBe('El depósito supera el saldo de la deuda ($ 600,00).');
      expect(await debtOf(debt.id)).toMatchObject({ paidAmount: '500.00', balance: '500.00' });
      expectStatus(await send('PATCH', `/api/payments/${payment.id}`, { amount: '899.99' }), 200);
      expect(await debtOf(debt.id)).toMatchObject({ balance: '0.01', status: 'ACTIVA' });
    });

    it('the original amount cannot go below what is already paid (PATCH /debts/{id}) → 409 naming the least it may be', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '1000' });
      await create(t.app, token, 'services', {
        debtId: debt.id,
        description: 'Carta documento',
        amount: '50',
        date: '2025-03-01',
      });
      expectStatus(await pay(debt.id, '700'), 201);
      // 1000 + 50 − 700 = 350; paid 700 less the 50 of costs: the original may go down to 650.
      const refused = await send('PATCH', `/api/debts/${debt.id}`, { originalAmount: '649.99' });
      expectStatus(refused, 409);
      expect(refused.body.message).toBe(
        'El importe original no puede ser menor que lo ya pagado: debe ser al menos $ 650,00.',
      );
      expect(await debtOf(debt.id)).toMatchObject({ originalAmount: '1000.00', balance: '350.00' });
      expectStatus(await send('PATCH', `/api/debts/${debt.id}`, { originalAmount: '800' }), 200);
      expect(await debtOf(debt.id)).toMatchObject({ originalAmount: '800.00', balance: '150.00' });
    });

    it('a payment without a quota pays the plan’s oldest quota and spills onto the next (PARCIAL); the rest is paid through PATCH /quotas/{id}/pay', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '1000' });
      const { quotas } = (await plan(debt.id, 2)).body;
      expectStatus(await pay(debt.id, '600'), 201);
      expect(await debtOf(debt.id)).toMatchObject({ paidAmount: '600.00', balance: '400.00' });
      expect(await get(`/api/quotas/${quotas[0].id}`)).toMatchObject({
        status: 'PAGADA',
        paidAmount: '500.00',
      });
      expect(await get(`/api/quotas/${quotas[1].id}`)).toMatchObject({
        status: 'PARCIAL',
        paidAmount: '100.00',
      });
      // The quota's pay pays what it still owes: 400.
      expectStatus(await send('PATCH', `/api/quotas/${quotas[1].id}/pay`), 200);
      expect(await debtOf(debt.id)).toMatchObject({
        paidAmount: '1000.00',
        balance: '0.00',
        status: 'CANCELADA',
      });
    });

    it('lowering or deleting a cost that is already paid → 409: the balance would be negative', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '100' });
      const service = await create(t.app, token, 'services', {
        debtId: debt.id,
        description: 'Tasa de justicia',
        amount: '50',
        date: '2025-03-01',
      });
      expectStatus(await pay(debt.id, '150'), 201);
      const deleted = await send('DELETE', `/api/services/${service.id}`);
      expectStatus(deleted, 409);
      expect(deleted.body.message).toBe('No se puede: el saldo de la deuda quedaría negativo (-$ 50,00).');
      const lowered = await send('PATCH', `/api/services/${service.id}`, { amount: '49.99' });
      expectStatus(lowered, 409);
      expect(lowered.body.message).toBe('No se puede: el saldo de la deuda quedaría negativo (-$ 0,01).');
      expect(await debtOf(debt.id)).toMatchObject({ servicesAmount: '50.00', balance: '0.00' });
    });
  });

  describe("a quota's payment is undone only through its quota", () => {
    it('the payment of a quota cannot be edited or deleted on its own (409)', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '300' });
      const { quotas } = (await plan(debt.id, 3)).body;
      const paid = (await send('PATCH', `/api/quotas/${quotas[0].id}/pay`)).body;
      for (const change of [{ amount: '50' }, { notes: 'corregido' }, { paidAt: '2025-01-01' }]) {
        const refused = await send('PATCH', `/api/payments/${paid.paymentId}`, change);
        expectStatus(refused, 409);
        expect(refused.body.message).toBe(MESSAGES.quotaPaymentLocked);
      }
      const deleted = await send('DELETE', `/api/payments/${paid.paymentId}`);
      expectStatus(deleted, 409);
      expect(deleted.body.message).toBe(MESSAGES.quotaPaymentLocked);
      expect(await get(`/api/payments/${paid.paymentId}`)).toMatchObject({
        amount: '100.00',
        notes: null,
        quotaId: quotas[0].id,
      });
      expect(await debtOf(debt.id)).toMatchObject({ paidAmount: '100.00', balance: '200.00' });
    });

    it('DELETE /quotas/{id}/payment deletes the payment and reopens the quota in one transaction, with audit rows', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '300' });
      const { quotas } = (await plan(debt.id, 3)).body;
      const quotaId = quotas[1].id;
      const paid = (await send('PATCH', `/api/quotas/${quotaId}/pay`)).body;
      expectStatus(await send('DELETE', `/api/quotas/${quotaId}/payment`), 204);
      expect(await get(`/api/quotas/${quotaId}`)).toMatchObject({
        status: 'PENDIENTE',
        paidAt: null,
        paymentId: null,
      });
      expectStatus(await call(t.app, token, { method: 'GET', url: `/api/payments/${paid.paymentId}` }), 404);
      expect(await debtOf(debt.id)).toMatchObject({ paidAmount: '0.00', balance: '300.00' });
      const paymentTrail = await get(`/api/audit?resource=payments&recordId=${paid.paymentId}`);
      expect(paymentTrail.data.map((row: { action: string }) => row.action)).toEqual(['delete', 'create']);
      const quotaTrail = await get(`/api/audit?resource=quotas&recordId=${quotaId}`);
      expect(quotaTrail.data[0]).toMatchObject({
        action: 'update',
        before: expect.objectContaining({ status: 'PAGADA' }),
        after: expect.objectContaining({ status: 'PENDIENTE', paymentId: null }),
      });
      // An unpaid quota has nothing to undo; GENERAL may pay but not delete money; CLIENTE neither.
      const again = await send('DELETE', `/api/quotas/${quotaId}/payment`);
      expectStatus(again, 409);
      expect(again.body.message).toBe(MESSAGES.quotaNotPaid);
      await send('PATCH', `/api/quotas/${quotaId}/pay`);
      const general = await createUser(t.app, token, 'GENERAL');
      expectStatus(await send('DELETE', `/api/quotas/${quotaId}/payment`, undefined, general.token), 403);
      expectStatus(await send('DELETE', '/api/quotas/999999/payment'), 404);
      expect(await debtOf(debt.id)).toMatchObject({ paidAmount: '100.00', balance: '200.00' });
    });
  });

  describe('the debt status follows a state machine enforced by the API', () => {
    it('PATCH /debts/{id}/status moves the debt and records a "Cambio de estado" Gestión, with its audit row', async () => {
      const debt = await createDebt(t.app, token);
      const archived = await setStatus(debt.id, 'ARCHIVADA', 'Sin novedades del deudor.');
      expectStatus(archived, 200);
      expect(archived.body).toMatchObject({ id: debt.id, status: 'ARCHIVADA' });
      expectStatus(await setStatus(debt.id, 'ACTIVA'), 200);
      expect(await timeline(debt.id)).toEqual([
        'Cambio de estado | Cambio de estado: ARCHIVADA → ACTIVA.',
        'Cambio de estado | Cambio de estado: ACTIVA → ARCHIVADA. Sin novedades del deudor.',
      ]);
      const trail = await get(`/api/audit?resource=debts&recordId=${debt.id}&action=update`);
      expect(trail.data.map((row: { after: { status: string } }) => row.after.status)).toEqual([
        'ACTIVA',
        'ARCHIVADA',
      ]);
      // GENERAL may (it edits debts); CLIENTE may not.
      const general = await createUser(t.app, token, 'GENERAL');
      expectStatus(await setStatus(debt.id, 'INCOBRABLE', undefined, general.token), 200);
      const cliente = await createUser(t.app, token, 'CLIENTE');
      expectStatus(await setStatus(debt.id, 'ACTIVA', undefined, cliente.token), 403);
      expectStatus(await setStatus(999_999, 'ACTIVA'), 404);
    });

    it('a transition the machine refuses → 409 with its reason in Spanish, and nothing changes', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '1000' });
      const expectRefused = async (status: DebtStatus, message: string) => {
        const response = await setStatus(debt.id, status);
        expectStatus(response, 409);
        expect(response.body.message).toBe(message);
      };
      await expectRefused('ACTIVA', MESSAGES.sameStatus);
      await expectRefused('CANCELADA', 'Solo se cancela una deuda sin saldo: todavía se deben $ 1.000,00.');
      await expectRefused(
        'EN_CONVENIO',
        'Una deuda queda en convenio con un plan de pagos: no tiene cuotas sin pagar.',
      );
      expectStatus(await setStatus(debt.id, 'PERDIDA' as DebtStatus), 400);
      expect(await timeline(debt.id)).toEqual([]);
      // Paid off it is CANCELADA: it cannot be uncollectible, nor active without balance.
      expectStatus(await pay(debt.id, '1000'), 201);
      await expectRefused('INCOBRABLE', 'Una deuda cancelada no puede pasar a incobrable.');
      await expectRefused('ACTIVA', 'Una deuda sin saldo no puede quedar activa.');
      expect((await debtOf(debt.id)).status).toBe('CANCELADA');
    });

    it('the shared machine (allowedDebtStatuses) offers exactly the changes the API accepts', async () => {
      const others: DebtStatus[] = ['EN_CONVENIO', 'CANCELADA', 'INCOBRABLE', 'ARCHIVADA'];
      const offered = allowedDebtStatuses('ACTIVA', { balance: '1000.00', unpaidQuotas: 0 });
      expect(offered).toEqual(['INCOBRABLE', 'ARCHIVADA']);
      for (const status of others) {
        const debt = await createDebt(t.app, token);
        const response = await setStatus(debt.id, status);
        expect(response.status, status).toBe(offered.includes(status) ? 200 : 409);
      }
    });

    it('a CANCELADA, ARCHIVADA or INCOBRABLE debt takes no new quota, plan, payment, deposit, service or mora (409) until reopened', async () => {
      for (const status of ['CANCELADA', 'ARCHIVADA', 'INCOBRABLE'] as const) {
        const debt = await createDebt(t.app, token, { originalAmount: '100' });
        const quota = await create(t.app, token, 'quotas', {
          debtId: debt.id,
          number: 1,
          amount: '100',
          dueDate: '2024-01-10',
        });
        // A debt is cancelled by paying it off (its plan's quota: issue 30); the others by a status change.
        if (status === 'CANCELADA') expectStatus(await send('PATCH', `/api/quotas/${quota.id}/pay`), 200);
        else expectStatus(await setStatus(debt.id, status), 200);
        const word = status.toLowerCase();
        const attempts = [
          send('POST', '/api/payments', { debtId: debt.id, amount: '1', paidAt: '2025-03-01' }),
          send('POST', '/api/deposits', { debtId: debt.id, amount: '1', depositedAt: '2025-03-01' }),
          send('POST', '/api/services', {
            debtId: debt.id,
            description: 'Carta',
            amount: '1',
            date: '2025-03-01',
          }),
          send('POST', '/api/quotas', { debtId: debt.id, number: 2, amount: '1', dueDate: '2030-01-10' }),
          plan(debt.id, 2, '1'),
          // A paid quota answers for itself (409 «ya está pagada»): only an open one is tried here.
          ...(status === 'CANCELADA'
            ? []
            : [
                send('PATCH', `/api/quotas/${quota.id}/pay`),
                send('PATCH', `/api/quotas/${quota.id}/mora`, { moraAmount: '1' }),
              ]),
        ];
        for (const response of await Promise.all(attempts)) {
          expectStatus(response, 409);
          expect(response.body.message).toBe(
            `La deuda está ${word}: no admite nuevos pagos, depósitos, servicios, cuotas, planes ni mora. Para reabrirla, cambie su estado.`,
          );
        }
        expect((await get(`/api/quotas?debtId=${debt.id}`)).total).toBe(1);
        if (status === 'CANCELADA') continue;
        // Reopened by an explicit change, it takes money again.
        expectStatus(await setStatus(debt.id, 'ACTIVA'), 200);
        expectStatus(await send('PATCH', `/api/quotas/${quota.id}/pay`), 200);
      }
    });

    it('on a closed debt, raising a service, payment or deposit is new money too (409); lowering one corrects', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '100' });
      const service = await create(t.app, token, 'services', {
        debtId: debt.id,
        description: 'Carta documento',
        amount: '10',
        date: '2025-03-01',
      });
      const payment = await create(t.app, token, 'payments', {
        debtId: debt.id,
        amount: '20',
        paidAt: '2025-03-02',
      });
      const deposit = await create(t.app, token, 'deposits', {
        debtId: debt.id,
        amount: '5',
        depositedAt: '2025-03-03',
      });
      expectStatus(await setStatus(debt.id, 'ARCHIVADA'), 200);
      for (const [resource, id, raised] of [
        ['services', service.id, '11'],
        ['payments', payment.id, '21'],
        ['deposits', deposit.id, '6'],
      ] as const) {
        const refused = await send('PATCH', `/api/${resource}/${id}`, { amount: raised });
        expectStatus(refused, 409);
        expect(refused.body.message).toContain('La deuda está archivada');
      }
      expectStatus(await send('PATCH', `/api/services/${service.id}`, { amount: '9' }), 200);
      expectStatus(await send('PATCH', `/api/payments/${payment.id}`, { amount: '19' }), 200);
      // 100 + 9 − 19 − 5
      expect((await get(`/api/debts/${debt.id}`)).balance).toBe('85.00');
    });
  });

  describe('a plan or a quota never owes more than the balance', () => {
    it('POST /quotas/plan with a total above the balance → 409 naming the balance; no quota is written', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '1000' });
      expectStatus(await pay(debt.id, '100'), 201);
      const refused = await plan(debt.id, 3, '900.01');
      expectStatus(refused, 409);
      expect(refused.body.message).toBe('El plan supera el saldo de la deuda ($ 900,00).');
      expect((await get(`/api/quotas?debtId=${debt.id}`)).total).toBe(0);
      expect((await debtOf(debt.id)).status).toBe('ACTIVA');
      expectStatus(await plan(debt.id, 3, '900'), 201);
    });

    it('POST /quotas may not push the unpaid quotas above the balance, nor may raising one; paid ones do not count', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '1000' });
      const quota = (number: number, amount: string) =>
        send('POST', '/api/quotas', { debtId: debt.id, number, amount, dueDate: '2030-01-10' });
      const first = await quota(1, '600');
      expectStatus(first, 201);
      const refused = await quota(2, '400.01');
      expectStatus(refused, 409);
      expect(refused.body.message).toBe(
        'Las cuotas sin pagar sumarían $ 1.000,01 y superarían el saldo de la deuda ($ 1.000,00).',
      );
      const second = await quota(2, '400');
      expectStatus(second, 201);
      const raised = await send('PATCH', `/api/quotas/${second.body.id}`, { amount: '400.01' });
      expectStatus(raised, 409);
      expect((await get(`/api/quotas/${second.body.id}`)).amount).toBe('400.00');
      expectStatus(await send('PATCH', `/api/quotas/${second.body.id}`, { amount: '300' }), 200);
      // Paying the first leaves 400 owed and 300 unpaid: a third of 100 fits, not of 100.01.
      expectStatus(await send('PATCH', `/api/quotas/${first.body.id}/pay`), 200);
      expectStatus(await quota(3, '100.01'), 409);
      expectStatus(await quota(3, '100'), 201);
    });
  });

  describe('the status follows the balance', () => {
    it('a debt becomes CANCELADA when its balance reaches zero, with a Gestión', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '1234.56' });
      expectStatus(await pay(debt.id, '1000'), 201);
      expect((await debtOf(debt.id)).status).toBe('ACTIVA');
      await create(t.app, token, 'deposits', {
        debtId: debt.id,
        amount: '234.56',
        depositedAt: '2025-03-05',
      });
      expect(await debtOf(debt.id)).toMatchObject({ balance: '0.00', status: 'CANCELADA' });
      expect(await timeline(debt.id)).toEqual([
        'Cambio de estado | Cambio de estado: ACTIVA → CANCELADA. El saldo llegó a cero.',
      ]);
    });

    it('a plan makes it EN_CONVENIO; paying the last quota cancels it; undoing that payment reopens it EN_CONVENIO', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '200' });
      const { quotas } = (await plan(debt.id, 2)).body;
      expect((await debtOf(debt.id)).status).toBe('EN_CONVENIO');
      for (const quota of quotas) expectStatus(await send('PATCH', `/api/quotas/${quota.id}/pay`), 200);
      expect(await debtOf(debt.id)).toMatchObject({ balance: '0.00', status: 'CANCELADA' });
      expectStatus(await send('DELETE', `/api/quotas/${quotas[1].id}/payment`), 204);
      expect(await debtOf(debt.id)).toMatchObject({ balance: '100.00', status: 'EN_CONVENIO' });
      expect(await timeline(debt.id)).toEqual([
        'Cambio de estado | Cambio de estado: CANCELADA → EN_CONVENIO. La deuda volvió a tener saldo ($ 100,00).',
        'Cambio de estado | Cambio de estado: EN_CONVENIO → CANCELADA. El saldo llegó a cero.',
        'Cambio de estado | Cambio de estado: ACTIVA → EN_CONVENIO. Plan de pagos de 2 cuotas por $ 200,00.',
      ]);
    });

    it('a CANCELADA debt with balance again (a payment deleted, the original raised) reopens ACTIVA; an archived one stays archived', async () => {
      const debt = await createDebt(t.app, token, { originalAmount: '300' });
      const payment = (await pay(debt.id, '300')).body;
      expect((await debtOf(debt.id)).status).toBe('CANCELADA');
      expectStatus(await send('DELETE', `/api/payments/${payment.id}`), 204);
      expect(await debtOf(debt.id)).toMatchObject({ balance: '300.00', status: 'ACTIVA' });
      expect((await timeline(debt.id))[0]).toBe(
        'Cambio de estado | Cambio de estado: CANCELADA → ACTIVA. La deuda volvió a tener saldo ($ 300,00).',
      );

      expectStatus(await pay(debt.id, '300'), 201);
      expectStatus(await send('PATCH', `/api/debts/${debt.id}`, { originalAmount: '350' }), 200);
      expect(await debtOf(debt.id)).toMatchObject({ balance: '50.00', status: 'ACTIVA' });

      const archived = await createDebt(t.app, token, { originalAmount: '10' });
      const settled = (await pay(archived.id, '10')).body;
      expectStatus(await setStatus(archived.id, 'ARCHIVADA'), 200);
      expectStatus(await send('DELETE', `/api/payments/${settled.id}`), 204);
      expect(await debtOf(archived.id)).toMatchObject({ balance: '10.00', status: 'ARCHIVADA' });
    });
  });

  // A write on a debt without a plan whose stored figure still owes reads no ledger (keepBooks): these
  // are the cases where the stored figure alone would be wrong, so the ledger must be read.
  describe('the stored figure decides only when it cannot be wrong', () => {
    it('a debt with rates whose stored figure reaches zero still owes its interest: ACTIVA until that is paid too', async () => {
      const today = agencyToday();
      // 36,5 % a year on $ 1.000,00 is $ 1,00 a day: ten days in default, $ 10,00 of interest.
      const debt = await createDebt(t.app, token, {
        originalAmount: '1000.00',
        interestRate: '36.5',
        defaultDate: addDays(today, -10),
      });
      const paid = (amount: string) =>
        send('POST', '/api/payments', { debtId: debt.id, amount, paidAt: today });
      expectStatus(await paid('1000.00'), 201);
      expect(await debtOf(debt.id)).toMatchObject({ balance: '0.00', status: 'ACTIVA' });
      expect((await get(`/api/debts/${debt.id}/balance`)).total).toBe('10.00');
      expectStatus(await paid('10.00'), 201);
      expect(await debtOf(debt.id)).toMatchObject({ balance: '-10.00', status: 'CANCELADA' });
      expect((await get(`/api/debts/${debt.id}/balance`)).total).toBe('0.00');
    });

    it('a cost recorded ahead of its date (before the ledger) does not keep a debt paid today open', async () => {
      const today = agencyToday();
      const debt = await createDebt(t.app, token, { originalAmount: '100.00' });
      // As the code before 0024 could leave it: a cost dated tomorrow, in the stored figure already.
      await t.database.db.execute(
        sql`INSERT INTO services (debt_id, description, amount, date) VALUES (${debt.id}, 'Carta', '50.00', ${addDays(today, 1)}::date)`,
      );
      expect((await debtOf(debt.id)).balance).toBe('150.00');
      expectStatus(
        await send('POST', '/api/payments', { debtId: debt.id, amount: '100.00', paidAt: today }),
        201,
      );
      // Today it owes nothing (the cost is tomorrow's): CANCELADA, though the stored figure says 50.
      expect(await debtOf(debt.id)).toMatchObject({ balance: '50.00', status: 'CANCELADA' });
    });
  });

  describe('stage and status change only through their own calls', () => {
    it('PATCH /debts/{id} carrying debtTypeId or status → 400 naming the field, and nothing changes', async () => {
      const debt = await createDebt(t.app, token, { notes: 'antes' });
      const stage = await send('PATCH', `/api/debts/${debt.id}`, { debtTypeId: 3, notes: 'después' });
      expectStatus(stage, 400);
      expect(stage.body.errors).toEqual({ debtTypeId: [MESSAGES.useStageChange] });
      // Even its current value: the edit form no longer sends them.
      const status = await send('PATCH', `/api/debts/${debt.id}`, { status: 'ACTIVA' });
      expectStatus(status, 400);
      expect(status.body.errors).toEqual({ status: [MESSAGES.useStatusChange] });
      expect(await debtOf(debt.id)).toMatchObject({ debtTypeId: 1, status: 'ACTIVA', notes: 'antes' });
    });

    it('POST /debts sets the initial stage but always starts ACTIVA (another status → 400 naming it)', async () => {
      const judicial = await createDebt(t.app, token, { debtTypeId: 3, status: 'ACTIVA' });
      expect(judicial).toMatchObject({ debtTypeId: 3, status: 'ACTIVA' });
      const company = judicial.companyId;
      const refused = await send('POST', '/api/debts', {
        debtorId: judicial.debtorId,
        companyId: company,
        originalAmount: '10',
        status: 'ARCHIVADA',
      });
      expectStatus(refused, 400);
      expect(refused.body.errors).toEqual({ status: [MESSAGES.newDebtStatus] });
      expect((await get(`/api/debts?debtorId=${judicial.debtorId}`)).total).toBe(1);
    });
  });
});
