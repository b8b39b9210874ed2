import { agencyToday, MESSAGES, SETTLEMENT_MESSAGES } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import { create, createDebt, createDebtor, dayFrom, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  createUser,
  forEachBackend,
  makeCuit,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

/** Settlements to client companies (rendiciones, DESIGN.md §10.4, issue 19). */
forEachBackend('settlements to client companies (DESIGN.md §10.4)', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: string;
  let cliente: { token: string; companyId: number };

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    general = (await createUser(t.app, admin, 'GENERAL')).token;
    const user = await createUser(t.app, admin, 'CLIENTE');
    cliente = { token: user.token, companyId: user.companyId as number };
  });
  afterAll(() => t?.close());

  const company = async (fields: Record<string, unknown> = {}) =>
    (await createCompany(t.app, admin, { commissionRate: '10', ...fields })).id;
  const debt = async (companyId: number, fields: Record<string, unknown> = {}) =>
    (await createDebt(t.app, admin, { companyId, originalAmount: '1000000.00', ...fields })).id as number;
  const pay = async (debtId: number, amount: string, paidAt = dayFrom(-1), fields = {}) =>
    (await create(t.app, admin, 'payments', { debtId, amount, paidAt, ...fields })).id as number;
  const deposit = async (debtId: number, amount: string, depositedAt = dayFrom(-1)) =>
    (await create(t.app, admin, 'deposits', { debtId, amount, depositedAt })).id as number;
  const draftCall = (companyId: number, fields: Record<string, unknown> = {}, token = admin) =>
    call(t.app, token, {
      method: 'POST',
      url: '/api/settlements',
      payload: { companyId, to: agencyToday(), ...fields },
    });
  const draft = async (companyId: number, fields: Record<string, unknown> = {}) => {
    const response = await draftCall(companyId, fields);
    expectStatus(response, 201);
    return response.body;
  };
  const closeCall = (id: number, token = admin) =>
    call(t.app, token, { method: 'PATCH', url: `/api/settlements/${id}/close` });
  const close = async (id: number) => {
    const response = await closeCall(id);
    expectStatus(response, 200);
    return response.body;
  };
  const get = (url: string, token = admin) => call(t.app, token, { method: 'GET', url });
  const setVatStatus = (vatStatus: string) =>
    call(t.app, admin, {
      method: 'PUT',
      url: '/api/agency',
      payload: { name: 'Agencia', cuit: makeCuit('20'), vatStatus },
    });

  it('commission = collected × rate / 100, VAT 21 % of it, net = collected − commission − VAT', async () => {
    const companyId = await company();
    const debtId = await debt(companyId);
    await pay(debtId, '600.00', dayFrom(-3));
    await deposit(debtId, '400.00', dayFrom(-2));
    const body = await draft(companyId);
    expect(body).toMatchObject({
      number: null,
      companyId,
      currency: 'ARS',
      from: dayFrom(-3),
      to: agencyToday(),
      status: 'DRAFT',
      items: 2,
      collected: '1000.00',
      direct: '0.00',
      commissionRate: '10.00',
      commission: '100.00',
      commissions: [{ commissionRate: '10.00', collected: '1000.00', commission: '100.00' }],
      vatRate: '21.00',
      vat: '21.00',
      net: '879.00',
      payable: '879.00',
      createdByName: expect.any(String),
      closedBy: null,
      closedAt: null,
    });
    expect(body.companyName).toMatch(/^Compañía /);
    expect((await get(`/api/settlements/${body.id}`)).body).toEqual(body);
  });

  it('each figure rounds half-up to the cent: 10,05 at 5 % = 0,5025 → 0,50 and its VAT 0,105 → 0,11', async () => {
    const companyId = await company({ commissionRate: '5' });
    await pay(await debt(companyId), '10.05');
    expect(await draft(companyId)).toMatchObject({
      collected: '10.05',
      commission: '0.50',
      vat: '0.11',
      net: '9.44',
    });
  });

  it('a commission at x.xx5 rounds up: 10,10 at 5 % = 0,505 → 0,51', async () => {
    const companyId = await company({ commissionRate: '5' });
    await pay(await debt(companyId), '10.10');
    expect(await draft(companyId)).toMatchObject({
      collected: '10.10',
      commission: '0.51',
      vat: '0.11',
      net: '9.48',
    });
  });

  it('a monotributista agency charges no VAT on its commission', async () => {
    const companyId = await company();
    await pay(await debt(companyId), '1000.00');
    expectStatus(await setVatStatus('MONOTRIBUTISTA'), 200);
    try {
      expect(await draft(companyId)).toMatchObject({
        vatRate: '0.00',
        commission: '100.00',
        vat: '0.00',
        net: '900.00',
      });
    } finally {
      expectStatus(await setVatStatus('RESPONSABLE_INSCRIPTO'), 200);
    }
  });

  it("a judicial debt earns the company's judicial rate: one commission per rate, each rounded", async () => {
    const companyId = await company({ commissionRate: '10', commissionRateJudicial: '20' });
    const judicial = await debt(companyId, { debtTypeId: 3 });
    await pay(await debt(companyId), '1000.00');
    await pay(await debt(companyId, { debtTypeId: 2 }), '100.00');
    await pay(judicial, '500.00');
    const body = await draft(companyId);
    expect(body).toMatchObject({
      collected: '1600.00',
      commissionRate: '10.00',
      commissions: [
        { commissionRate: '10.00', collected: '1100.00', commission: '110.00' },
        { commissionRate: '20.00', collected: '500.00', commission: '100.00' },
      ],
      commission: '210.00',
      vat: '44.10',
      net: '1345.90',
    });
    const lines = (await get(`/api/settlements/${body.id}/lines`)).body.data;
    expect(lines.find((line: { debtId: number }) => line.debtId === judicial)).toMatchObject({
      debtTypeId: 3,
      commissionRate: '20.00',
    });
  });

  it("the company's stage rates are stored and returned (null: the company's rate)", async () => {
    const companyId = await company({ commissionRateJudicial: '15' });
    expect((await get(`/api/companies/${companyId}`)).body).toMatchObject({
      commissionRate: '10.00',
      commissionRateJudicial: '15.00',
      commissionRateExtrajudicial: null,
    });
    const patched = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/companies/${companyId}`,
      payload: { commissionRateExtrajudicial: '12.5', commissionRateJudicial: '' },
    });
    expectStatus(patched, 200);
    expect(patched.body).toMatchObject({
      commissionRateExtrajudicial: '12.50',
      commissionRateJudicial: null,
    });
  });

  it('money paid straight to the client earns commission; payable = net − what the client holds', async () => {
    const companyId = await company();
    const debtId = await debt(companyId);
    await pay(debtId, '1000.00');
    const direct = await pay(debtId, '200.00', dayFrom(-1), { paidToClient: true });
    expect((await get(`/api/payments/${direct}`)).body).toMatchObject({
      paidToClient: true,
      settlementId: null,
    });
    const body = await draft(companyId);
    expect(body).toMatchObject({
      collected: '1200.00',
      direct: '200.00',
      commission: '120.00',
      vat: '25.20',
      net: '1054.80',
      payable: '854.80',
    });
    const lines = (await get(`/api/settlements/${body.id}/lines`)).body.data;
    expect(lines.map((line: { paidToClient: boolean }) => line.paidToClient).sort()).toEqual([false, true]);
  });

  it('paidToClient is stored on a payment edit', async () => {
    const id = await pay(await debt(await company()), '10.00');
    const response = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/payments/${id}`,
      payload: { paidToClient: true },
    });
    expectStatus(response, 200);
    expect((await get(`/api/payments/${id}`)).body.paidToClient).toBe(true);
  });

  it('only the currency asked for: dollars are settled apart from pesos', async () => {
    const companyId = await company();
    await pay(await debt(companyId), '100.00');
    await pay(await debt(companyId, { currency: 'USD' }), '7.00');
    expect(await draft(companyId)).toMatchObject({ currency: 'ARS', collected: '100.00', items: 1 });
    expect(await draft(companyId, { currency: 'USD' })).toMatchObject({
      currency: 'USD',
      collected: '7.00',
      items: 1,
    });
  });

  it('nothing to settle → 409, and no draft is left behind', async () => {
    const companyId = await company();
    await pay(await debt(companyId), '50.00', dayFrom(-1));
    const response = await draftCall(companyId, { to: dayFrom(-2) });
    expectStatus(response, 409);
    expect(response.body.message).toBe(SETTLEMENT_MESSAGES.nothingToSettle);
    const empty = await draftCall(await company());
    expectStatus(empty, 409);
    expect((await get(`/api/settlements?companyId=${companyId}`)).body.total).toBe(0);
  });

  it('`to` in the future → 400; an unknown company → 400 on companyId', async () => {
    const companyId = await company();
    const future = await draftCall(companyId, { to: dayFrom(1) });
    expectStatus(future, 400);
    expect(future.body.errors).toHaveProperty('to');
    const unknown = await draftCall(999_999);
    expectStatus(unknown, 400);
    expect(unknown.body.errors).toEqual({ companyId: [SETTLEMENT_MESSAGES.companyNotFound] });
  });

  it('a payment dated after `to` is left out', async () => {
    const companyId = await company();
    const debtId = await debt(companyId);
    await pay(debtId, '30.00', dayFrom(-10));
    await pay(debtId, '70.00', dayFrom(-2));
    expect(await draft(companyId, { to: dayFrom(-5) })).toMatchObject({
      from: dayFrom(-10),
      to: dayFrom(-5),
      items: 1,
      collected: '30.00',
    });
  });

  it('a payment recorded after the draft is not in it, and closing still works', async () => {
    const companyId = await company();
    const debtId = await debt(companyId);
    await pay(debtId, '100.00');
    const first = await draft(companyId);
    const later = await pay(debtId, '5.00');
    const closed = await close(first.id);
    expect(closed).toMatchObject({ status: 'CLOSED', items: 1, collected: '100.00' });
    expect((await get(`/api/payments/${later}`)).body.settlementId).toBeNull();
    expect(await draft(companyId)).toMatchObject({ items: 1, collected: '5.00' });
  });

  it('closing numbers it and freezes its money: editing or deleting a settled payment or deposit → 409', async () => {
    const companyId = await company();
    const debtId = await debt(companyId);
    const paymentId = await pay(debtId, '100.00');
    const depositId = await deposit(debtId, '50.00');
    const { id } = await draft(companyId);
    const closed = await close(id);
    expect(closed).toMatchObject({ status: 'CLOSED', closedBy: expect.any(Number) });
    expect(closed.number).toBeGreaterThan(0);
    expect(closed.closedByName).toEqual(expect.any(String));
    expect(Date.parse(closed.closedAt)).not.toBeNaN();
    expect((await get(`/api/payments/${paymentId}`)).body.settlementId).toBe(id);
    expect((await get(`/api/deposits/${depositId}`)).body.settlementId).toBe(id);
    for (const [resource, recordId] of [
      ['payments', paymentId],
      ['deposits', depositId],
    ] as const) {
      for (const [method, payload] of [
        ['PATCH', { notes: 'cambio' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(t.app, admin, { method, url: `/api/${resource}/${recordId}`, payload });
        expectStatus(response, 409);
        expect(response.body.message).toBe(SETTLEMENT_MESSAGES.settledMoney);
      }
    }
    // The next close takes the next number, with no gap.
    await pay(debtId, '1.00');
    expect((await close((await draft(companyId)).id)).number).toBe(closed.number + 1);
  });

  it('a debt with settled money keeps its company and currency (409); its other fields still change', async () => {
    const companyId = await company();
    const other = await company();
    const debtId = await debt(companyId);
    await pay(debtId, '100.00');
    await close((await draft(companyId)).id);
    for (const payload of [{ companyId: other }, { currency: 'USD' }]) {
      const response = await call(t.app, admin, { method: 'PATCH', url: `/api/debts/${debtId}`, payload });
      expectStatus(response, 409);
      expect(response.body.message).toBe(SETTLEMENT_MESSAGES.settledDebtStays);
    }
    expectStatus(
      await call(t.app, admin, { method: 'PATCH', url: `/api/debts/${debtId}`, payload: { notes: 'sigue' } }),
      200,
    );
  });

  it('undoing the payment of a settled quota → 409 (DELETE /quotas/{id}/payment)', async () => {
    const companyId = await company();
    const debtId = await debt(companyId);
    const quota = await create(t.app, admin, 'quotas', {
      debtId,
      number: 1,
      amount: '100.00',
      dueDate: dayFrom(10),
    });
    expectStatus(await call(t.app, admin, { method: 'PATCH', url: `/api/quotas/${quota.id}/pay` }), 200);
    await close((await draft(companyId)).id);
    const response = await call(t.app, admin, { method: 'DELETE', url: `/api/quotas/${quota.id}/payment` });
    expectStatus(response, 409);
    expect(response.body.message).toBe(SETTLEMENT_MESSAGES.settledMoney);
    expect((await get(`/api/quotas/${quota.id}`)).body.status).toBe('PAGADA');
  });

  it('a payment in a DRAFT may be edited, but closing that draft then → 409 changedSinceDraft', async () => {
    const companyId = await company();
    const debtId = await debt(companyId);
    const kept = await pay(debtId, '100.00');
    const edited = await pay(debtId, '40.00');
    const { id } = await draft(companyId);
    // Its notes are no part of the settlement: the draft still matches.
    const notes = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/payments/${kept}`,
      payload: { notes: 'x' },
    });
    expectStatus(notes, 200);
    const amount = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/payments/${edited}`,
      payload: { amount: '45.00' },
    });
    expectStatus(amount, 200);
    const response = await closeCall(id);
    expectStatus(response, 409);
    expect(response.body.message).toBe(SETTLEMENT_MESSAGES.changedSinceDraft);
    // Rolled back: nothing settled, still a draft.
    expect((await get(`/api/payments/${kept}`)).body.settlementId).toBeNull();
    expect((await get(`/api/settlements/${id}`)).body.status).toBe('DRAFT');
    // A payment deleted from under a draft likewise.
    const again = await draft(companyId);
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/payments/${edited}` }), 204);
    expectStatus(await closeCall(again.id), 409);
  });

  it('20 concurrent closes of drafts over the same money: exactly one wins', async () => {
    const companyId = await company();
    const debtId = await debt(companyId);
    const paymentId = await pay(debtId, '100.00');
    await deposit(debtId, '20.00');
    const drafts: number[] = [];
    for (let i = 0; i < 20; i++) drafts.push((await draft(companyId)).id);
    const responses = await Promise.all(drafts.map((id) => closeCall(id)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses)
      if (response.status === 409) expect(response.body.message).toBe(SETTLEMENT_MESSAGES.changedSinceDraft);
    const winner = drafts[statuses.indexOf(200)];
    expect((await get(`/api/payments/${paymentId}`)).body.settlementId).toBe(winner);
    const closed = await get(`/api/settlements?companyId=${companyId}&status=CLOSED`);
    expect(closed.body.data.map((row: { id: number }) => row.id)).toEqual([winner]);
  });

  it('closing twice → 409 alreadyClosed', async () => {
    const companyId = await company();
    await pay(await debt(companyId), '10.00');
    const { id } = await draft(companyId);
    await close(id);
    const response = await closeCall(id);
    expectStatus(response, 409);
    expect(response.body.message).toBe(SETTLEMENT_MESSAGES.alreadyClosed);
  });

  it('a CLOSED settlement cannot be deleted → 409', async () => {
    const companyId = await company();
    await pay(await debt(companyId), '10.00');
    const { id } = await draft(companyId);
    await close(id);
    const response = await call(t.app, admin, { method: 'DELETE', url: `/api/settlements/${id}` });
    expectStatus(response, 409);
    expect(response.body.message).toBe(SETTLEMENT_MESSAGES.closedCannotBeDeleted);
  });

  it('deleting a DRAFT → 204, and its lines are gone', async () => {
    const companyId = await company();
    const paymentId = await pay(await debt(companyId), '10.00');
    const { id } = await draft(companyId);
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/settlements/${id}` }), 204);
    expectStatus(await get(`/api/settlements/${id}`), 404);
    const [left] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::integer AS n FROM settlement_lines WHERE settlement_id = ${id}`,
      ),
    );
    expect(Number(left?.n)).toBe(0);
    // Its money is free to edit, and to settle again.
    expectStatus(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/payments/${paymentId}`,
        payload: { amount: '11' },
      }),
      200,
    );
    expect(await draft(companyId)).toMatchObject({ collected: '11.00' });
  });

  it('GENERAL may read but not create, close or delete → 403', async () => {
    const companyId = await company();
    await pay(await debt(companyId), '10.00');
    const { id } = await draft(companyId);
    expectStatus(await get(`/api/settlements/${id}`, general), 200);
    const created = await draftCall(companyId, {}, general);
    expectStatus(created, 403);
    expect(created.body.message).toBe(SETTLEMENT_MESSAGES.adminOnly);
    const closed = await closeCall(id, general);
    expectStatus(closed, 403);
    expect(closed.body.message).toBe(SETTLEMENT_MESSAGES.adminOnly);
    expectStatus(await call(t.app, general, { method: 'DELETE', url: `/api/settlements/${id}` }), 403);
    expect((await get(`/api/settlements/${id}`)).body.status).toBe('DRAFT');
  });

  it('a CLIENTE may not create or close → 403', async () => {
    await pay(await debt(cliente.companyId), '10.00');
    const response = await draftCall(cliente.companyId, {}, cliente.token);
    expectStatus(response, 403);
    expect(response.body.message).toBe(MESSAGES.forbidden);
    const { id } = await draft(cliente.companyId);
    expectStatus(await closeCall(id, cliente.token), 403);
  });

  it("a CLIENTE lists only its company's CLOSED settlements; a draft or another company's is 404", async () => {
    const own = cliente.companyId;
    const other = await company();
    await pay(await debt(own), '10.00');
    const ownClosed = await close((await draft(own)).id);
    await pay(await debt(own), '20.00');
    const ownDraft = await draft(own);
    await pay(await debt(other), '30.00');
    const otherClosed = await close((await draft(other)).id);

    const list = await get('/api/settlements?limit=100', cliente.token);
    expectStatus(list, 200);
    const ids = list.body.data.map((row: { id: number }) => row.id);
    expect(ids).toContain(ownClosed.id);
    expect(ids).not.toContain(ownDraft.id);
    expect(ids).not.toContain(otherClosed.id);
    for (const row of list.body.data) expect(row).toMatchObject({ companyId: own, status: 'CLOSED' });
    expectStatus(await get(`/api/settlements/${ownClosed.id}`, cliente.token), 200);
    expectStatus(await get(`/api/settlements/${ownClosed.id}/lines`, cliente.token), 200);
    for (const id of [ownDraft.id, otherClosed.id]) {
      expectStatus(await get(`/api/settlements/${id}`, cliente.token), 404);
      expectStatus(await get(`/api/settlements/${id}/lines`, cliente.token), 404);
    }
    // Even filtering by the other company: nothing of it.
    expect((await get(`/api/settlements?companyId=${other}`, cliente.token)).body.data).toEqual([]);
  });

  it('lines come a page at a time, by date, with the debt and the debtor', async () => {
    const companyId = await company();
    const debtor = await createDebtor(t.app, admin, { lastName: 'GÓMEZ', firstName: 'Ana' });
    const debtId = await debt(companyId, { debtorId: debtor.id, reference: 'R-77' });
    for (const days of [-1, -5, -3, -4, -2]) await pay(debtId, `${-days}.00`, dayFrom(days));
    const { id } = await draft(companyId);
    const page = (n: number) => get(`/api/settlements/${id}/lines?page=${n}&limit=2`);
    const pages = await Promise.all([page(1), page(2), page(3)]);
    for (const response of pages) expectStatus(response, 200);
    expect(pages.map((response) => response.body.total)).toEqual([5, 5, 5]);
    const dates = pages.flatMap((response) => response.body.data.map((line: { date: string }) => line.date));
    expect(dates).toEqual([-5, -4, -3, -2, -1].map(dayFrom));
    expect(pages[0]?.body.data[0]).toMatchObject({
      kind: 'PAYMENT',
      debtId,
      debtReference: 'R-77',
      debtorName: 'GÓMEZ, Ana',
      debtorDocument: debtor.dni,
      amount: '5.00',
      paidToClient: false,
    });
    expectStatus(await get(`/api/settlements/${id}/lines?limit=0`), 400);
    expectStatus(await get('/api/settlements/999999/lines'), 404);
  });
});
