import { agencyToday, MESSAGES, monthlyDueDates } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createDebt, dayFrom, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  createUser,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';
import { DRIFTED_DEBTS, rowsOf, summariesKeptAndComputed } from './totals';

/** The limits of a company that lets its collectors offer up to 30 %, 12 quotas, 10 % down. */
const LIMITS = { maxDiscountPercent: '30', maxQuotas: 12, minDownPaymentPercent: '10' };

/** Settlement offers (quitas, DESIGN.md §10.3, issue 18), on both databases. */
forEachBackend('settlement offers (DESIGN.md §10.3)', (backend) => {
  let t: TestApp;
  let admin: string;
  let admin2: string;
  let general: { id: number; token: string };
  let cliente: { token: string; companyId: number | null };
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    admin2 = (await createUser(t.app, admin, 'ADMIN')).token;
    general = await createUser(t.app, admin, 'GENERAL');
    cliente = await createUser(t.app, admin, 'CLIENTE');
  });
  afterAll(() => t?.close());

  const post = (token: string, url: string, payload?: Record<string, unknown>) =>
    call(t.app, token, { method: 'POST', url, ...(payload ? { payload } : {}) });
  const get = async (url: string, token = admin) => {
    const response = await call(t.app, token, { method: 'GET', url });
    expectStatus(response, 200);
    return response.body;
  };
  /** POST /api/offers as GENERAL (a collector), which must succeed. */
  const offer = async (debtId: number, fields: Record<string, unknown>, token = general.token) => {
    const response = await post(token, '/api/offers', { debtId, firstDueDate: dayFrom(10), ...fields });
    expectStatus(response, 201);
    return response.body;
  };
  const act = (id: number, action: string, token = admin, payload?: Record<string, unknown>) =>
    post(token, `/api/offers/${id}/${action}`, payload);
  const limitedDebt = async (fields: Record<string, unknown> = {}) => {
    const company = await createCompany(t.app, admin, LIMITS);
    return createDebt(t.app, admin, { companyId: company.id, originalAmount: '10000.00', ...fields });
  };
  const quotasOf = async (debtId: number) =>
    (await get(`/api/quotas?debtId=${debtId}&sort=number&order=asc`)).data as {
      id: number;
      amount: string;
      dueDate: string;
    }[];
  const one = async (query: ReturnType<typeof sql>) => (await rowsOf(t, query))[0] as Record<string, unknown>;
  const reductionsOf = (debtId: number) =>
    rowsOf(
      t,
      sql`SELECT amount::text, date::text, offer_id FROM ledger_live WHERE debt_id = ${debtId} AND kind = 'REDUCTION'`,
    );

  describe('approval by the company’s limits (hand-computed figures)', () => {
    it('a discount exactly at the largest one is approved at once; one cent more waits for an ADMIN', async () => {
      const debt = await limitedDebt();
      // 10 000,00 − 7 000,00 = 3 000,00: 30 % of the balance, the limit itself.
      const at = await offer(debt.id, { amount: '7000.00', quotas: 12, downPayment: '700.00' });
      expect(at).toMatchObject({
        status: 'APROBADA',
        balance: '10000.00',
        amount: '7000.00',
        discount: '3000.00',
        discountPercent: '30.00',
        quotas: 12,
        downPayment: '700.00',
        reasons: [],
        decidedBy: null,
        userId: general.id,
      });
      expect(at.decidedAt).not.toBeNull();
      // 3 000,01 is 30,0001 %: over the limit, compared exactly, and shown rounded up (issue 30).
      const over = await offer(debt.id, { amount: '6999.99', quotas: 12, downPayment: '700.00' });
      expect(over).toMatchObject({ status: 'PENDIENTE', discount: '3000.01', discountPercent: '30.00' });
      expect(over.reasons).toEqual([
        'La quita de $ 3.000,01 (30,01 %) supera la máxima de la compañía: 30,00 % ($ 3.000,00).',
      ]);
      expect(over.decidedAt).toBeNull();
    });

    it('more quotas than allowed, or a down payment under the minimum, wait for an ADMIN', async () => {
      const debt = await limitedDebt();
      const quotas = await offer(debt.id, { amount: '9000.00', quotas: 13, downPayment: '900.00' });
      expect(quotas.status).toBe('PENDIENTE');
      expect(quotas.reasons).toEqual(['Son 13 cuotas y la compañía permite hasta 12.']);
      // 10 % of 7 000,00 is 700,00: 699,99 is under it, and shown rounded down (issue 30).
      const down = await offer(debt.id, { amount: '7000.00', quotas: 12, downPayment: '699.99' });
      expect(down.status).toBe('PENDIENTE');
      expect(down.reasons).toEqual([
        'El anticipo de $ 699,99 (9,99 %) es menor que el mínimo de la compañía: 10,00 % ($ 700,00).',
      ]);
      const all = await offer(debt.id, { amount: '5000.00', quotas: 24, downPayment: '0' });
      expect(all.reasons).toHaveLength(3);
      // A single quota is paid at once: all of it is down payment.
      const once = await offer(debt.id, { amount: '8000.00', quotas: 1 });
      expect(once).toMatchObject({ status: 'APROBADA', downPayment: '8000.00', discountPercent: '20.00' });
    });

    it('a company without limits approves every offer at once', async () => {
      const debt = await createDebt(t.app, admin, { originalAmount: '10000.00' });
      const deep = await offer(debt.id, { amount: '100.00', quotas: 60 });
      expect(deep).toMatchObject({ status: 'APROBADA', discount: '9900.00', discountPercent: '99.00' });
    });

    it('the balance is the API’s: a client-sent one is ignored; bad terms are Spanish 400s and 409s', async () => {
      const debt = await limitedDebt();
      const mine = await offer(debt.id, { amount: '9000.00', quotas: 3, balance: '9000.00' });
      expect(mine).toMatchObject({ balance: '10000.00', discount: '1000.00' });
      const bad = async (fields: Record<string, unknown>, status: number, text: string) => {
        const response = await post(general.token, '/api/offers', {
          debtId: debt.id,
          firstDueDate: dayFrom(10),
          ...fields,
        });
        expectStatus(response, status);
        expect(JSON.stringify(response.body), JSON.stringify(fields)).toContain(text);
      };
      await bad(
        { amount: '10000.01', quotas: 3 },
        409,
        'La oferta supera el saldo a la fecha de la deuda ($ 10.000,00).',
      );
      await bad(
        { amount: '9000.00', quotas: 3, downPayment: '9000.01' },
        400,
        'El anticipo no puede superar',
      );
      await bad({ amount: '9000.00', quotas: 3, downPayment: '9000.00' }, 400, 'el anticipo debe ser menor');
      await bad({ amount: '0.02', quotas: 3 }, 400, 'El total no alcanza para esa cantidad de cuotas');
      await bad(
        { amount: '9000.00', quotas: 3, firstDueDate: dayFrom(-1) },
        400,
        'no puede ser anterior a hoy',
      );
      await bad({ amount: '9000.00', quotas: 121 }, 400, 'Como máximo 120 cuotas.');
    });

    it('GET /offers/terms: the balance an offer is measured against and the company’s limits', async () => {
      const debt = await limitedDebt();
      expect(await get(`/api/offers/terms?debtId=${debt.id}`)).toEqual({
        debtId: debt.id,
        date: agencyToday(),
        balance: '10000.00',
        currency: 'ARS',
        limits: { maxDiscountPercent: '30.00', maxQuotas: 12, minDownPaymentPercent: '10.00' },
        hasPlan: false,
        open: true,
      });
    });
  });

  describe('decisions', () => {
    it('an ADMIN approves or rejects a pending offer; a GENERAL may not (403); every write is audited', async () => {
      const debt = await limitedDebt();
      const pending = await offer(debt.id, { amount: '5000.00', quotas: 3 });
      for (const action of ['approve', 'reject']) {
        const refused = await act(pending.id, action, general.token);
        expectStatus(refused, 403);
        expect(refused.body).toEqual({ message: MESSAGES.forbidden });
      }
      // Not approved yet: the debtor cannot accept it.
      const early = await act(pending.id, 'accept', general.token);
      expectStatus(early, 409);
      expect(early.body.message).toBe(
        'Solo se acepta una oferta aprobada: esta está pendiente de aprobación.',
      );

      const approved = await act(pending.id, 'approve');
      expectStatus(approved, 200);
      expect(approved.body).toMatchObject({ status: 'APROBADA', decidedByName: 'Administrador' });
      expect(approved.body.decidedBy).toEqual(expect.any(Number));
      const twice = await act(pending.id, 'approve');
      expectStatus(twice, 409);
      expect(twice.body.message).toBe('La oferta no espera aprobación: está aprobada.');

      const other = await offer(debt.id, { amount: '5000.00', quotas: 3 });
      const rejected = await act(other.id, 'reject', admin, { note: 'Muy baja' });
      expectStatus(rejected, 200);
      expect(rejected.body).toMatchObject({ status: 'RECHAZADA', decisionNote: 'Muy baja' });
      expectStatus(await act(other.id, 'accept', general.token), 409);

      const audit = await rowsOf(
        t,
        sql`SELECT action::text, after->>'status' AS status FROM audit_log
          WHERE resource = 'offers' AND record_id = ${pending.id} ORDER BY id`,
      );
      expect(audit).toEqual([
        { action: 'create', status: 'PENDIENTE' },
        { action: 'update', status: 'APROBADA' },
      ]);
    });

    it('two ADMINs approving at once: one wins, the other gets 409', async () => {
      const debt = await limitedDebt();
      const pending = await offer(debt.id, { amount: '5000.00', quotas: 3 });
      const answers = await Promise.all([
        act(pending.id, 'approve', admin),
        act(pending.id, 'approve', admin2),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    });

    it('cancel: a pending or approved offer is ANULADA; a closed one is not', async () => {
      const debt = await limitedDebt();
      const approved = await offer(debt.id, { amount: '9000.00', quotas: 3 });
      const cancelled = await act(approved.id, 'cancel', general.token, { note: 'El deudor desistió' });
      expectStatus(cancelled, 200);
      expect(cancelled.body).toMatchObject({ status: 'ANULADA', cancelReason: 'El deudor desistió' });
      const again = await act(approved.id, 'cancel', general.token);
      expectStatus(again, 409);
      expect(again.body.message).toBe('La oferta ya está anulada: no se puede anular.');
    });

    it('GET /offers?status=PENDIENTE lists the pending ones with their total (the dashboard)', async () => {
      const debt = await limitedDebt();
      const pending = await offer(debt.id, { amount: '1000.00', quotas: 3 });
      const list = await get('/api/offers?status=PENDIENTE&limit=500');
      expect(list.total).toBe(list.data.length);
      expect(list.data.every((o: { status: string }) => o.status === 'PENDIENTE')).toBe(true);
      expect(list.data.find((o: { id: number }) => o.id === pending.id)).toMatchObject({
        debtId: debt.id,
        debtorName: expect.stringContaining('Pérez'),
        companyId: debt.companyId,
        currency: 'ARS',
        userName: expect.stringContaining('Usuario'),
      });
    });

    it('GET /offers?status=PENDIENTE&companyId= lists one company’s pending offers (the dashboard’s company)', async () => {
      const [mine, other] = [await limitedDebt(), await limitedDebt()];
      const pending = await offer(mine.id, { amount: '1000.00', quotas: 3 });
      await offer(other.id, { amount: '1000.00', quotas: 3 });
      const list = await get(`/api/offers?status=PENDIENTE&companyId=${mine.companyId}`);
      expect(list).toMatchObject({ total: 1, data: [{ id: pending.id, companyId: mine.companyId }] });
    });
  });

  describe('CLIENTE', () => {
    it('may not write (403) and reads only its own company’s offers', async () => {
      const own = await createDebt(t.app, admin, { companyId: cliente.companyId, originalAmount: '5000.00' });
      const foreign = await createDebt(t.app, admin, { originalAmount: '5000.00' });
      const mine = await offer(own.id, { amount: '4000.00', quotas: 2 }, admin);
      const theirs = await offer(foreign.id, { amount: '4000.00', quotas: 2 }, admin);
      const writes = [
        post(cliente.token, '/api/offers', {
          debtId: own.id,
          amount: '4000.00',
          quotas: 2,
          firstDueDate: dayFrom(5),
        }),
        ...['approve', 'reject', 'accept', 'cancel'].map((action) => act(mine.id, action, cliente.token)),
      ];
      for (const response of await Promise.all(writes)) {
        expectStatus(response, 403);
        expect(response.body).toEqual({ message: MESSAGES.forbidden });
      }
      const list = await get('/api/offers?limit=500', cliente.token);
      expect(list.data.map((o: { id: number }) => o.id)).toContain(mine.id);
      expect(list.data.every((o: { companyId: number }) => o.companyId === cliente.companyId)).toBe(true);
      expect((await get(`/api/offers?debtId=${foreign.id}`, cliente.token)).total).toBe(0);
      expectStatus(await call(t.app, cliente.token, { method: 'GET', url: `/api/offers/${theirs.id}` }), 404);
      expect((await get(`/api/offers/${mine.id}`, cliente.token)).status).toBe('APROBADA');
      expectStatus(
        await call(t.app, cliente.token, { method: 'GET', url: `/api/offers/terms?debtId=${foreign.id}` }),
        404,
      );
    });
  });

  describe('acceptance: the plan and the reduction', () => {
    it('creates the plan (down payment first, the last quota absorbing the cents) and records the discount', async () => {
      const debt = await createDebt(t.app, admin, { originalAmount: '10000.00' });
      const made = await offer(debt.id, {
        amount: '7000.00',
        quotas: 8,
        downPayment: '1000.00',
        notes: 'Cierra hoy',
      });
      const accepted = await act(made.id, 'accept', general.token);
      expectStatus(accepted, 200);
      expect(accepted.body).toMatchObject({ status: 'ACEPTADA', acceptedBy: general.id });

      // 6 000,00 in 7 quotas: 857,14 × 6 and 857,16.
      const quotas = await quotasOf(debt.id);
      expect(quotas.map((q) => q.amount)).toEqual([
        '1000.00',
        ...Array.from({ length: 6 }, () => '857.14'),
        '857.16',
      ]);
      expect(quotas.map((q) => q.dueDate)).toEqual(monthlyDueDates(dayFrom(10), 8));
      expect(await reductionsOf(debt.id)).toEqual([
        { amount: '3000.00', date: agencyToday(), offer_id: made.id },
      ]);

      // Both balances lower by the discount; nothing was paid.
      const stored = await get(`/api/debts/${debt.id}`);
      expect(stored).toMatchObject({ status: 'EN_CONVENIO', balance: '7000.00', paidAmount: '0.00' });
      expect(await get(`/api/debts/${debt.id}/balance`)).toMatchObject({
        total: '7000.00',
        paid: '0.00',
        reductions: '3000.00',
        basis: 'PLAN',
      });
      const plan = (await get(`/api/debts/${debt.id}/balance`)).plan as { amount: string; status: string }[];
      expect(plan.map((q) => q.amount)).toEqual(quotas.map((q) => q.amount));
      expect(plan.every((q) => q.status === 'PENDIENTE')).toBe(true);
      // The triggers and the rebuild agree, and so do the dashboard's summaries.
      expect(await rowsOf(t, DRIFTED_DEBTS)).toEqual([]);
      expect(await one(sql`SELECT debt_totals_rebuild() AS n`)).toEqual({ n: 0 });
      const summaries = await summariesKeptAndComputed(t);
      expect(summaries.kept).toEqual(summaries.computed);
      const audited = await rowsOf(
        t,
        sql`SELECT resource FROM audit_log WHERE resource = 'ledger' AND (after->>'offerId')::int = ${made.id}`,
      );
      expect(audited).toHaveLength(1);

      // Paying every quota cancels the debt.
      for (const quota of quotas)
        expectStatus(await call(t.app, admin, { method: 'PATCH', url: `/api/quotas/${quota.id}/pay` }), 200);
      expect(await get(`/api/debts/${debt.id}`)).toMatchObject({
        status: 'CANCELADA',
        balance: '0.00',
        paidAmount: '7000.00',
      });
      expect((await get(`/api/debts/${debt.id}/balance`)).total).toBe('0.00');
    });

    it('a debt with interest: the balance to date counts the interest, and the discount meets it first', async () => {
      // 10 000,00 at 36,5 % a year for 73 days: 730,00 of interest; owed 10 730,00.
      const debt = await createDebt(t.app, admin, {
        originalAmount: '10000.00',
        defaultDate: dayFrom(-73),
        interestRate: '36.5',
      });
      const made = await offer(debt.id, { amount: '8000.00', quotas: 4, downPayment: '2000.00' });
      expect(made).toMatchObject({ balance: '10730.00', discount: '2730.00', discountPercent: '25.44' });
      expectStatus(await act(made.id, 'accept'), 200);
      // The reduction pays the 730,00 of interest, then 2 000,00 of capital: 8 000,00 left.
      expect(await get(`/api/debts/${debt.id}/balance`)).toMatchObject({
        capital: '8000.00',
        interest: '0.00',
        paid: '0.00',
        reductions: '2730.00',
        total: '8000.00',
      });
      // The plan books the 730,00 of interest to date (a MORA row), so the books say what the plan does:
      // 10 000,00 + 730,00 − 2 730,00 = 8 000,00.
      expect((await get(`/api/debts/${debt.id}`)).balance).toBe('8000.00');
      expect(
        await one(
          sql`SELECT amount::text, plan_interest FROM ledger_live WHERE debt_id = ${debt.id} AND kind = 'MORA'`,
        ),
      ).toEqual({
        amount: '730.00',
        plan_interest: true,
      });
      const quotas = await quotasOf(debt.id);
      expect(quotas.map((q) => q.amount)).toEqual(['2000.00', '2000.00', '2000.00', '2000.00']);
      for (const quota of quotas)
        expectStatus(await call(t.app, admin, { method: 'PATCH', url: `/api/quotas/${quota.id}/pay` }), 200);
      expect((await get(`/api/debts/${debt.id}`)).status).toBe('CANCELADA');
      expect((await get(`/api/debts/${debt.id}/balance`)).total).toBe('0.00');
    });

    it('a stale offer (the balance moved since it was made) is refused and changes nothing', async () => {
      const debt = await createDebt(t.app, admin, { originalAmount: '10000.00' });
      const made = await offer(debt.id, { amount: '8000.00', quotas: 4 });
      await create(t.app, admin, 'payments', { debtId: debt.id, amount: '100.00', paidAt: agencyToday() });
      const stale = await act(made.id, 'accept');
      expectStatus(stale, 409);
      expect(stale.body.message).toBe(
        'El saldo a la fecha de la deuda cambió desde la oferta ($ 10.000,00 → $ 9.900,00): haga una nueva oferta.',
      );
      expect((await get(`/api/offers/${made.id}`)).status).toBe('APROBADA');
      expect(await quotasOf(debt.id)).toEqual([]);
      expect(await reductionsOf(debt.id)).toEqual([]);
    });

    it('a plan made by hand annuls the open offers; a debt with a plan takes none', async () => {
      const debt = await createDebt(t.app, admin, { originalAmount: '10000.00' });
      const open = await offer(debt.id, { amount: '8000.00', quotas: 4 });
      expectStatus(
        await post(admin, '/api/quotas/plan', { debtId: debt.id, installments: 2, firstDueDate: dayFrom(5) }),
        201,
      );
      expect(await get(`/api/offers/${open.id}`)).toMatchObject({
        status: 'ANULADA',
        cancelReason: 'Anulada: la deuda tomó un plan de pagos.',
      });
      const refused = await post(general.token, '/api/offers', {
        debtId: debt.id,
        amount: '8000.00',
        quotas: 4,
        firstDueDate: dayFrom(5),
      });
      expectStatus(refused, 409);
      expect(refused.body.message).toBe(
        'La deuda ya tiene un plan de pagos con cuotas sin pagar: no admite una oferta de quita.',
      );
    });

    it('accepting one offer annuls the debt’s other open offers', async () => {
      const debt = await createDebt(t.app, admin, { originalAmount: '10000.00' });
      const first = await offer(debt.id, { amount: '8000.00', quotas: 4 });
      const second = await offer(debt.id, { amount: '9000.00', quotas: 2 });
      expectStatus(await act(second.id, 'accept'), 200);
      expect(await get(`/api/offers/${first.id}`)).toMatchObject({
        status: 'ANULADA',
        cancelReason: `Anulada: se aceptó la oferta ${second.id}.`,
      });
    });

    it('a failure half-way leaves neither the plan nor the reduction', async () => {
      const debt = await createDebt(t.app, admin, { originalAmount: '10000.00' });
      const made = await offer(debt.id, { amount: '8000.00', quotas: 4 });
      const db = t.database.db;
      // The quotas' insert fails after the reduction was written in the same transaction.
      await db.execute(
        sql.raw(`CREATE FUNCTION offers_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'falla de prueba'; END $$`),
      );
      await db.execute(
        sql.raw(`CREATE TRIGGER offers_test_fail BEFORE INSERT ON quotas FOR EACH ROW
          WHEN (NEW.debt_id = ${debt.id}) EXECUTE FUNCTION offers_test_fail()`),
      );
      try {
        const failed = await act(made.id, 'accept');
        expect(failed.status).toBe(500);
      } finally {
        await db.execute(sql.raw('DROP TRIGGER offers_test_fail ON quotas'));
        await db.execute(sql.raw('DROP FUNCTION offers_test_fail()'));
      }
      expect((await get(`/api/offers/${made.id}`)).status).toBe('APROBADA');
      expect(await reductionsOf(debt.id)).toEqual([]);
      expect(await quotasOf(debt.id)).toEqual([]);
      expect(await get(`/api/debts/${debt.id}`)).toMatchObject({ balance: '10000.00', status: 'ACTIVA' });
      // Nothing was left half-done: the same offer is accepted now.
      expectStatus(await act(made.id, 'accept'), 200);
      expect((await get(`/api/debts/${debt.id}`)).balance).toBe('8000.00');
    });

    it('10 accepts at once make one plan and one reduction', async () => {
      const debt = await createDebt(t.app, admin, { originalAmount: '10000.00' });
      const made = await offer(debt.id, { amount: '6000.00', quotas: 3 });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => act(made.id, 'accept', [admin, admin2, general.token][i % 3])),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
      expect(await quotasOf(debt.id)).toHaveLength(3);
      expect(await reductionsOf(debt.id)).toHaveLength(1);
      expect((await get(`/api/debts/${debt.id}`)).balance).toBe('6000.00');
    });
  });
});
