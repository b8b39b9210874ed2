import { addDays, agencyToday, PORTAL_MESSAGES } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import { create, createDebt, createDebtor, expectStatus } from './domain';
import { type FakeMercadoPago, startFakeMercadoPago } from './fakes/mercadoPago';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  forEachBackend,
  makeCuit,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string; errors?: Record<string, string[]> };
}
interface Intent {
  id: number;
  reference: string;
  amount: string;
  status: string;
  channel: string;
  redirectUrl: string | null;
  transfer: Record<string, unknown> | null;
  hasReceipt: boolean;
}

/** A CBU whose check digits were computed by hand (packages/shared/test/ids.test.ts). */
const AGENCY_CBU = '2850590909400904181356';

/** Paying from the portal (issue 34, DESIGN.md §11.3): transfer instructions, Mercado Pago, its webhook. */
forEachBackend('paying from the debtor portal (issue 34)', (backend) => {
  let fake: FakeMercadoPago;
  /** Without a gateway: transfers. */
  let plain: TestApp;
  /** With Mercado Pago (the local server that answers as its API). */
  let online: TestApp;
  let plainAdmin: string;
  let onlineAdmin: string;

  beforeAll(async () => {
    fake = await startFakeMercadoPago();
    plain = await startApp(backend, { env: { PUBLIC_URL: 'https://pagos.agencia.test' } });
    online = await startApp(backend, {
      env: {
        PUBLIC_URL: 'https://pagos.agencia.test',
        MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
        MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
        MERCADOPAGO_API_URL: fake.url,
      },
    });
    plainAdmin = await tokenFor(plain.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    onlineAdmin = await tokenFor(online.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const agency = {
      name: 'Agencia Sur SRL',
      cuit: '30500010912',
      cbu: '285-0590-9-0940090418135-6',
      cbuAlias: 'agencia.sur.cobros',
    };
    for (const [t, token] of [
      [plain, plainAdmin],
      [online, onlineAdmin],
    ] as const)
      expectStatus(await call(t.app, token, { method: 'PUT', url: '/api/agency', payload: agency }), 200);
  });
  afterAll(async () => {
    await plain?.close();
    await online?.close();
    await fake?.close();
  });

  /** A debtor with a debt of `amount` and a portal session. */
  const debtorInPortal = async (
    t: TestApp,
    admin: string,
    amount = '1000.00',
    company: Record<string, unknown> = {},
  ) => {
    const debtor = (await createDebtor(t.app, admin, { email: 'ana@correo.test' })) as {
      id: number;
      dni: string;
    };
    const companyId = Object.keys(company).length
      ? (
          (await create(t.app, admin, 'companies', {
            name: `Acme ${debtor.id}`,
            cuit: makeCuit(),
            ...company,
          })) as {
            id: number;
          }
        ).id
      : undefined;
    const debt = (await createDebt(t.app, admin, {
      debtorId: debtor.id,
      originalAmount: amount,
      ...(companyId ? { companyId } : {}),
    })) as { id: number };
    const link = await call(t.app, admin, {
      method: 'POST',
      url: `/api/debtors/${debtor.id}/portal-link`,
      payload: {},
    });
    const entered = await t.app.inject({
      method: 'POST',
      url: '/api/portal/session',
      payload: { code: String(link.body.url).split('#')[1], dni: debtor.dni },
      remoteAddress: `10.1.${debtor.id % 250}.${Math.floor(Math.random() * 250)}`,
    });
    expect(entered.statusCode).toBe(200);
    return { debtor, debt, token: entered.json().token as string };
  };
  const portal = (
    t: TestApp,
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    call(t.app, token, {
      method,
      url: `/api/portal${url}`,
      ...(payload ? { payload } : {}),
    }) as Promise<Answer>;
  const owed = async (t: TestApp, admin: string, debtId: number) =>
    (await call(t.app, admin, { method: 'GET', url: `/api/debts/${debtId}/balance` })).body.total as string;
  const paymentsOf = async (t: TestApp, debtId: number) =>
    rowsOf<{ amount: string; method: string; receipt_number: string; created_by: number | null }>(
      await t.database.db.execute(sql`SELECT amount::text, method::text, receipt_number, created_by FROM payments
        WHERE debt_id = ${debtId} ORDER BY id`),
    );
  const notify = (t: TestApp, paymentId: number, options?: { secret?: string }) => {
    const note = fake.notification(paymentId, options);
    return t.app.inject({ method: 'POST', url: note.url, headers: note.headers, payload: note.body });
  };

  describe('without a gateway: a bank transfer', () => {
    it('the agency’s CBU is checked by its digits; a valid one is kept as its 22 digits', async () => {
      const bad = await call(plain.app, plainAdmin, {
        method: 'PUT',
        url: '/api/agency',
        payload: { name: 'Agencia Sur SRL', cuit: '30500010912', cbu: '2850590909400904181357' },
      });
      expectStatus(bad, 400);
      expect(bad.body.errors?.cbu).toEqual([
        'El CBU no es válido: debe tener 22 dígitos y sus dígitos verificadores deben coincidir.',
      ]);
      const read = await call(plain.app, plainAdmin, { method: 'GET', url: '/api/agency' });
      expect(read.body).toMatchObject({ cbu: AGENCY_CBU, cbuAlias: 'agencia.sur.cobros' });
    });

    it('paying the total gives the transfer instructions and a reference, PENDIENTE, in the timeline', async () => {
      const { debt, token } = await debtorInPortal(plain, plainAdmin, '1500.50');
      const overview = await portal(plain, token, 'GET', '/debts');
      expect(overview.body.payments).toBe('TRANSFERENCIA');
      const paid = await portal(plain, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'TOTAL' });
      expectStatus(paid, 201);
      const intent = paid.body as unknown as Intent;
      expect(intent).toMatchObject({
        amount: '1500.50',
        channel: 'TRANSFERENCIA',
        status: 'PENDIENTE',
        redirectUrl: null,
        hasReceipt: false,
        transfer: {
          holder: 'Agencia Sur SRL',
          cuit: '30500010912',
          cbu: AGENCY_CBU,
          alias: 'agencia.sur.cobros',
          reference: intent.reference,
        },
      });
      expect(intent.reference).toMatch(/^P[A-HJKMNP-Z2-9]{8}$/);
      const events = await call(plain.app, plainAdmin, {
        method: 'GET',
        url: `/api/events?debtId=${debt.id}`,
      });
      expect(JSON.stringify(events.body)).toContain(
        `el deudor inició un pago de $ 1.500,50 por transferencia (referencia ${intent.reference})`,
      );
      // Nothing is money until it arrives: what it owes has not moved.
      expect(await owed(plain, plainAdmin, debt.id)).toBe('1500.50');
      const listed = await portal(plain, token, 'GET', '/payments');
      expect((listed.body.data as Intent[]).map((i) => i.reference)).toEqual([intent.reference]);
    });

    it('without an account to transfer to, paying is refused in Spanish (409) and nothing is started', async () => {
      const { debt, token } = await debtorInPortal(plain, plainAdmin);
      await plain.database.db.execute(
        sql`UPDATE agency_settings SET cbu = NULL, cbu_alias = NULL WHERE id = 1`,
      );
      try {
        const refused = await portal(plain, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'TOTAL' });
        expectStatus(refused, 409);
        expect(refused.body.message).toBe(PORTAL_MESSAGES.noTransferAccount);
        expect((await portal(plain, token, 'GET', '/payments')).body.data).toEqual([]);
      } finally {
        await plain.database.db.execute(
          sql`UPDATE agency_settings SET cbu = ${AGENCY_CBU}, cbu_alias = 'agencia.sur.cobros' WHERE id = 1`,
        );
      }
    });

    it('GET /payments?reference= answers just that payment (the page back from the gateway asks for it)', async () => {
      const { debt, token } = await debtorInPortal(plain, plainAdmin);
      const first = (await portal(plain, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'TOTAL' }))
        .body as unknown as Intent;
      await portal(plain, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'AMOUNT', amount: '10' });
      const found = await portal(plain, token, 'GET', `/payments?reference=${first.reference.toLowerCase()}`);
      expect((found.body.data as Intent[]).map((i) => i.reference)).toEqual([first.reference]);
      expect((await portal(plain, token, 'GET', '/payments')).body.data).toHaveLength(2);
    });

    it('«un importe» is at least the company’s minimum and at most what it owes; the next quota needs a plan', async () => {
      const { debt, token } = await debtorInPortal(plain, plainAdmin, '1000.00', { portalMinPayment: '200' });
      const overview = await portal(plain, token, 'GET', '/debts');
      expect((overview.body.debts as { minimumPayment: string }[])[0]?.minimumPayment).toBe('200.00');
      const low = await portal(plain, token, 'POST', `/debts/${debt.id}/pay`, {
        kind: 'AMOUNT',
        amount: '199.99',
      });
      expectStatus(low, 400);
      expect(low.body.errors?.amount).toEqual([PORTAL_MESSAGES.belowMinimum('$ 200,00')]);
      const high = await portal(plain, token, 'POST', `/debts/${debt.id}/pay`, {
        kind: 'AMOUNT',
        amount: '1000.01',
      });
      expect(high.body.errors?.amount).toEqual([PORTAL_MESSAGES.aboveTotal('$ 1.000,00')]);
      const missing = await portal(plain, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'AMOUNT' });
      expect(missing.body.errors?.amount).toEqual(['Ingrese el importe que quiere pagar.']);
      const noPlan = await portal(plain, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'NEXT_QUOTA' });
      expectStatus(noPlan, 409);
      expect(noPlan.body.message).toBe(PORTAL_MESSAGES.noQuotaDue);
      expectStatus(
        await portal(plain, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'AMOUNT', amount: '200' }),
        201,
      );
    });

    it('the next quota is what is left of the first quota not paid', async () => {
      const { debt, token } = await debtorInPortal(plain, plainAdmin, '900.00');
      expectStatus(
        await call(plain.app, plainAdmin, {
          method: 'POST',
          url: '/api/quotas/plan',
          payload: { debtId: debt.id, installments: 3, firstDueDate: addDays(agencyToday(), 5) },
        }),
        201,
      );
      await create(plain.app, plainAdmin, 'payments', {
        debtId: debt.id,
        amount: '100.00',
        paidAt: agencyToday(),
      });
      const paid = await portal(plain, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'NEXT_QUOTA' });
      expect(paid.body).toMatchObject({ kind: 'NEXT_QUOTA', amount: '200.00' });
    });

    it('another debtor’s debt is a 404 and starts nothing', async () => {
      const { token } = await debtorInPortal(plain, plainAdmin);
      const other = (await createDebt(plain.app, plainAdmin)) as { id: number };
      expectStatus(await portal(plain, token, 'POST', `/debts/${other.id}/pay`, { kind: 'TOTAL' }), 404);
      const [row] = rowsOf<{ n: number }>(
        await plain.database.db.execute(
          sql`SELECT count(*)::int AS n FROM payment_intents WHERE debt_id = ${other.id}`,
        ),
      );
      expect(row?.n).toBe(0);
    });
  });

  describe('with Mercado Pago', () => {
    it('a preference with the exact amount, our reference, the notification and back URLs and an expiry', async () => {
      const { debt, token } = await debtorInPortal(online, onlineAdmin, '12345.67');
      expect((await portal(online, token, 'GET', '/debts')).body.payments).toBe('MERCADOPAGO');
      const paid = await portal(online, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'TOTAL' });
      expectStatus(paid, 201);
      const intent = paid.body as unknown as Intent;
      const preference = fake.preferences.find((p) => p.body.external_reference === intent.reference);
      expect(preference).toBeDefined();
      expect(intent.redirectUrl).toBe(`${fake.url}/checkout/v1/redirect?pref_id=${preference?.id}`);
      const sent = fake.requests.findLast((r) => r.path === '/checkout/preferences');
      // The amount went as a JSON number written from the decimal string.
      expect(sent?.text).toContain('"unit_price":12345.67');
      expect(sent?.headers['x-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(preference?.body).toMatchObject({
        notification_url: 'https://pagos.agencia.test/api/webhooks/mercadopago',
        back_urls: {
          success: `https://pagos.agencia.test/pagar?pago=${intent.reference}`,
          failure: `https://pagos.agencia.test/pagar?pago=${intent.reference}`,
          pending: `https://pagos.agencia.test/pagar?pago=${intent.reference}`,
        },
        expires: true,
        payer: { email: 'ana@correo.test', identification: { type: 'DNI' } },
      });
      const expires = Date.parse(String(preference?.body.date_of_expiration));
      expect(String(preference?.body.date_of_expiration)).toMatch(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/,
      );
      expect((expires - Date.now()) / 86_400_000).toBeGreaterThan(2.99);
    });

    it('a notification without the right signature is a 401 and writes nothing', async () => {
      const { debt, token } = await debtorInPortal(online, onlineAdmin);
      const intent = (await portal(online, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'TOTAL' }))
        .body as unknown as Intent;
      const payment = fake.pay(intent.reference);
      const forged = await notify(online, payment.id, { secret: 'otro-secreto' });
      expect(forged.statusCode).toBe(401);
      expect(forged.json().message).toBe(PORTAL_MESSAGES.badSignature);
      const note = fake.notification(payment.id);
      const unsigned = await online.app.inject({
        method: 'POST',
        url: note.url,
        headers: { 'content-type': 'application/json' },
        payload: note.body,
      });
      expect(unsigned.statusCode).toBe(401);
      // A signature for another payment id does not open this one.
      const other = fake.notification(payment.id + 1);
      const swapped = await online.app.inject({
        method: 'POST',
        url: note.url,
        headers: other.headers,
        payload: note.body,
      });
      expect(swapped.statusCode).toBe(401);
      expect(await paymentsOf(online, debt.id)).toEqual([]);
      expect((await portal(online, token, 'GET', '/payments')).body.data).toEqual([
        expect.objectContaining({ status: 'PENDIENTE' }),
      ]);
    });

    it('an approved payment is recorded once in the ledger — twice notified, or twice at once — with its receipt', async () => {
      const { debt, token } = await debtorInPortal(online, onlineAdmin, '800.00');
      const intent = (
        await portal(online, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'AMOUNT', amount: '300' })
      ).body as unknown as Intent;
      const payment = fake.pay(intent.reference);
      const [first, second] = await Promise.all([notify(online, payment.id), notify(online, payment.id)]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect([first.json().result, second.json().result].sort()).toEqual(['APROBADO', 'YA_REGISTRADO']);
      const again = await notify(online, payment.id);
      expect(again.json().result).toBe('YA_REGISTRADO');
      expect(await paymentsOf(online, debt.id)).toEqual([
        { amount: '300.00', method: 'MERCADOPAGO', receipt_number: String(payment.id), created_by: null },
      ]);
      // The staff's figure and the portal's are the same, and moved by the payment.
      expect(await owed(online, onlineAdmin, debt.id)).toBe('500.00');
      expect(
        ((await portal(online, token, 'GET', '/debts')).body.debts as { total: string }[])[0]?.total,
      ).toBe('500.00');
      const [shown] = (await portal(online, token, 'GET', '/payments')).body.data as Intent[];
      expect(shown).toMatchObject({ status: 'APROBADO', hasReceipt: true, redirectUrl: null });
      const receipt = await online.app.inject({
        method: 'GET',
        url: `/api/portal/payments/${shown?.id}/receipt`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(receipt.statusCode).toBe(200);
      expect(receipt.headers['content-type']).toBe('application/pdf');
      expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const events = await call(online.app, onlineAdmin, {
        method: 'GET',
        url: `/api/events?debtId=${debt.id}`,
      });
      expect(JSON.stringify(events.body)).toContain(
        `Pago en línea acreditado: $ 300,00 (Mercado Pago ${payment.id}, referencia ${intent.reference}).`,
      );
      const [audit] = rowsOf<{ user_id: number | null; user_name: string }>(
        await online.database.db.execute(sql`SELECT user_id, user_name FROM audit_log
          WHERE resource = 'payments' AND after->>'debtId' = ${String(debt.id)}`),
      );
      expect(audit).toEqual({ user_id: null, user_name: 'Mercado Pago (portal del deudor)' });
    });

    it('a second payment of the same checkout is not lost: kept for staff, noted once; the first stays recorded', async () => {
      const { debt, token } = await debtorInPortal(online, onlineAdmin, '800.00');
      const intent = (
        await portal(online, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'AMOUNT', amount: '100' })
      ).body as unknown as Intent;
      const first = fake.pay(intent.reference);
      const second = fake.pay(intent.reference);
      expect((await notify(online, first.id)).json().result).toBe('APROBADO');
      expect((await notify(online, second.id)).json().result).toBe('A_REVISAR');
      expect((await notify(online, second.id)).json().result).toBe('YA_REGISTRADO');
      expect((await paymentsOf(online, debt.id)).map((p) => p.receipt_number)).toEqual([String(first.id)]);
      expect(((await portal(online, token, 'GET', '/payments')).body.data as Intent[])[0]?.status).toBe(
        'APROBADO',
      );
      const events = JSON.stringify(
        (await call(online.app, onlineAdmin, { method: 'GET', url: `/api/events?debtId=${debt.id}` })).body,
      );
      expect(events.split(`(Mercado Pago ${second.id})`).length - 1).toBe(1);
      expect(events).toContain(`ya tenía un pago acreditado`);
    });

    it('a payment refunded after it was recorded is told to staff once; the ledger keeps it until they decide', async () => {
      const { debt, token } = await debtorInPortal(online, onlineAdmin, '800.00');
      const intent = (await portal(online, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'TOTAL' }))
        .body as unknown as Intent;
      const payment = fake.pay(intent.reference);
      expect((await notify(online, payment.id)).json().result).toBe('APROBADO');
      const stored = fake.payments.get(payment.id);
      if (stored) stored.status = 'refunded';
      expect((await notify(online, payment.id)).json().result).toBe('A_REVISAR');
      expect((await notify(online, payment.id)).json().result).toBe('SIN_CAMBIO');
      expect(await paymentsOf(online, debt.id)).toHaveLength(1);
      const events = JSON.stringify(
        (await call(online.app, onlineAdmin, { method: 'GET', url: `/api/events?debtId=${debt.id}` })).body,
      );
      expect(events).toContain(`quedó «refunded»: el pago sigue en el libro`);
    });

    it('a debt in dollars cannot be paid through Mercado Pago (pesos only): a Spanish 409', async () => {
      const { debt, token } = await debtorInPortal(online, onlineAdmin);
      await online.database.db.execute(sql`UPDATE debts SET currency = 'USD' WHERE id = ${debt.id}`);
      const refused = await portal(online, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'TOTAL' });
      expectStatus(refused, 409);
      expect(refused.body.message).toBe(PORTAL_MESSAGES.usdOnline);
    });

    it('money the debt can no longer take is kept for staff to review, never refused or lost', async () => {
      const { debt, token } = await debtorInPortal(online, onlineAdmin, '400.00');
      const intent = (await portal(online, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'TOTAL' }))
        .body as unknown as Intent;
      // Meanwhile the debtor paid 100 at the office: 400 is now more than it owes.
      await create(online.app, onlineAdmin, 'payments', {
        debtId: debt.id,
        amount: '100.00',
        paidAt: agencyToday(),
      });
      const payment = fake.pay(intent.reference);
      expect((await notify(online, payment.id)).json().result).toBe('A_REVISAR');
      expect((await paymentsOf(online, debt.id)).map((p) => p.amount)).toEqual(['100.00']);
      const [shown] = (await portal(online, token, 'GET', '/payments')).body.data as Intent[];
      expect(shown?.status).toBe('A_REVISAR');
      const events = await call(online.app, onlineAdmin, {
        method: 'GET',
        url: `/api/events?debtId=${debt.id}`,
      });
      expect(JSON.stringify(events.body)).toContain('supera lo que la deuda debe hoy ($ 300,00).');
      expect((await notify(online, payment.id)).json().result).toBe('YA_REGISTRADO');
    });

    it('a rejected payment marks the intent RECHAZADO; a pending one changes nothing', async () => {
      const { debt, token } = await debtorInPortal(online, onlineAdmin);
      const intent = (await portal(online, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'TOTAL' }))
        .body as unknown as Intent;
      expect((await notify(online, fake.pay(intent.reference, { status: 'pending' }).id)).json().result).toBe(
        'SIN_CAMBIO',
      );
      expect(
        (await notify(online, fake.pay(intent.reference, { status: 'rejected' }).id)).json().result,
      ).toBe('RECHAZADO');
      expect(((await portal(online, token, 'GET', '/payments')).body.data as Intent[])[0]?.status).toBe(
        'RECHAZADO',
      );
      expect(await paymentsOf(online, debt.id)).toEqual([]);
    });

    it('when Mercado Pago cannot be read the notification gets a 503 (it comes again) and nothing is written', async () => {
      const { debt, token } = await debtorInPortal(online, onlineAdmin);
      const intent = (await portal(online, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'TOTAL' }))
        .body as unknown as Intent;
      const payment = fake.pay(intent.reference);
      fake.failNext(1);
      const failed = await notify(online, payment.id);
      expect(failed.statusCode).toBe(503);
      expect(await paymentsOf(online, debt.id)).toEqual([]);
      expect((await notify(online, payment.id)).json().result).toBe('APROBADO');
    });

    it('when Mercado Pago is down at checkout the debtor is told in Spanish (409) and nothing stays pending', async () => {
      const { debt, token } = await debtorInPortal(online, onlineAdmin);
      fake.failNext(1);
      const paid = await portal(online, token, 'POST', `/debts/${debt.id}/pay`, { kind: 'TOTAL' });
      expectStatus(paid, 409);
      expect(paid.body.message).toBe(PORTAL_MESSAGES.gatewayDown);
      expect(((await portal(online, token, 'GET', '/payments')).body.data as Intent[])[0]?.status).toBe(
        'RECHAZADO',
      );
    });

    it('a payment of someone else’s reference is not ours: 200, nothing written; a receipt of another debtor is a 404', async () => {
      const stray = fake.pay('PZZZZZZZZ', { amount: '50' });
      expect((await notify(online, stray.id)).json().result).toBe('AJENO');
      const a = await debtorInPortal(online, onlineAdmin);
      const b = await debtorInPortal(online, onlineAdmin);
      const intent = (await portal(online, a.token, 'POST', `/debts/${a.debt.id}/pay`, { kind: 'TOTAL' }))
        .body as unknown as Intent;
      await notify(online, fake.pay(intent.reference).id);
      const theirs = await online.app.inject({
        method: 'GET',
        url: `/api/portal/payments/${intent.id}/receipt`,
        headers: { authorization: `Bearer ${b.token}` },
      });
      expect(theirs.statusCode).toBe(404);
    });
  });
});
