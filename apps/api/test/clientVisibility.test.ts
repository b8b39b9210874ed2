import { addDays, agencyToday } from '@cobranzas/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { create, createCatalog, createDebt, expectStatus } from './domain';
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

/**
 * DESIGN.md §11.2 (contract): a CLIENTE never receives the agency's own work — who works a debt,
 * the notes and authors of contacts and promises, who wrote a ledger row — not hidden by the
 * web but absent from the JSON. Staff receive all of it.
 */
forEachBackend('what a CLIENTE never receives (issue 32)', (backend) => {
  let t: TestApp;
  let admin: string;
  let client: string;
  let debtId: number;
  let dni: string;
  const inTenDays = addDays(agencyToday(), 10);

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const user = await createUser(t.app, admin, 'CLIENTE');
    client = user.token;
    const collector = await createUser(t.app, admin, 'GENERAL');
    const debt = await createDebt(t.app, admin, {
      companyId: user.companyId,
      assignedUserId: collector.id,
      originalAmount: '1000.00',
    });
    debtId = debt.id;
    dni = debt.debtor.dni;
    const eventTypeId = (await createCatalog(t.app, admin, 'events-types')).id;
    const eventHistoryTypeId = (await createCatalog(t.app, admin, 'events-history-types')).id;
    await create(t.app, admin, 'events', {
      debtId,
      eventTypeId,
      eventHistoryTypeId,
      description: 'Promete transferir a fin de mes',
    });
    await create(t.app, admin, 'promises', {
      debtId,
      amount: '100.00',
      dueDate: inTenDays,
      notes: 'Cobra el día 5',
    });
    const payment = await create(t.app, admin, 'payments', { debtId, amount: '50.00', paidAt: '2025-03-01' });
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/payments/${payment.id}` }), 204);
  });
  afterAll(() => t?.close());

  const get = async (token: string, url: string) => {
    const response = await call(t.app, token, { method: 'GET', url });
    expectStatus(response, 200);
    return response.body;
  };
  const keysOf = (row: object) => Object.keys(row);

  it('a debt: no assignedUserId nor assignedUserName on read, list or DNI lookup; staff get both', async () => {
    const read = await get(client, `/api/debts/${debtId}`);
    expect(read.id).toBe(debtId);
    const listed = (await get(client, `/api/debts?limit=500`)).data.find(
      (d: { id: number }) => d.id === debtId,
    );
    const byDni = (await get(client, `/api/debts/dni/${dni}`)).data[0];
    for (const debt of [read, listed, byDni]) {
      expect(keysOf(debt)).not.toContain('assignedUserId');
      expect(keysOf(debt)).not.toContain('assignedUserName');
    }
    const staff = await get(admin, `/api/debts/${debtId}`);
    expect(staff.assignedUserId).toEqual(expect.any(Number));
    expect(staff.assignedUserName).toMatch(/^Usuario general/);
  });

  it('a contact reaches it as date, type and outcome only: no description, author, channel or hours', async () => {
    const [event] = (await get(client, `/api/events?debtId=${debtId}`)).data;
    expect(event).toMatchObject({
      debtId,
      eventTypeName: expect.any(String),
      eventHistoryTypeName: expect.any(String),
    });
    expect(event.date).toEqual(expect.any(String));
    for (const field of ['description', 'userId', 'userName', 'channel', 'outsideHours'])
      expect(keysOf(event)).not.toContain(field);
    const [own] = (await get(admin, `/api/events?debtId=${debtId}`)).data;
    expect(own.description).toBe('Promete transferir a fin de mes');
  });

  it('a promise: its amount, dates and status, never its notes or who took it', async () => {
    const [promise] = (await get(client, `/api/promises?debtId=${debtId}`)).data;
    expect(promise).toMatchObject({ debtId, amount: '100.00', dueDate: inTenDays, status: 'PENDIENTE' });
    for (const field of ['notes', 'userId', 'userName']) expect(keysOf(promise)).not.toContain(field);
    const [own] = (await get(admin, `/api/promises?debtId=${debtId}`)).data;
    expect(own.notes).toBe('Cobra el día 5');
  });

  it('the ledger: the rows, their notes and what is owed, never who wrote them (§11.1)', async () => {
    const ledger = await get(client, `/api/debts/${debtId}/ledger`);
    expect(ledger.owed).toBe('1000.00');
    expect(ledger.data.map((row: { kind: string }) => row.kind)).toEqual(['PAYMENT', 'REVERSAL']);
    for (const row of ledger.data)
      for (const field of ['createdBy', 'createdByName']) expect(keysOf(row)).not.toContain(field);
    const staff = await get(admin, `/api/debts/${debtId}/ledger`);
    expect(ledger.data[1].note).toBe(staff.data[1].note);
    expect(staff.data[1].createdBy).toEqual(expect.any(Number));
  });

  it('its dashboard has no agenda: general-kpi without tasksDueToday (staff get it)', async () => {
    expect(keysOf(await get(client, '/api/report/general-kpi'))).not.toContain('tasksDueToday');
    expect((await get(admin, '/api/report/general-kpi')).tasksDueToday).toEqual(expect.any(Number));
  });

  it('the agency’s work itself is refused: observations, tasks and the queue (403)', async () => {
    for (const url of ['/api/observations', '/api/tasks', '/api/queue'])
      expectStatus(await call(t.app, client, { method: 'GET', url }), 403);
  });
});
