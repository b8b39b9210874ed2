import { afterAll, beforeAll, expect, it } from 'vitest';
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

forEachBackend('audit log', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: Awaited<ReturnType<typeof createUser>>;
  let debtId: number;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    general = await createUser(t.app, admin, 'GENERAL');
    debtId = (await createDebt(t.app, admin)).id;
  });
  afterAll(() => t?.close());

  const get = async (url: string, token = admin) => (await call(t.app, token, { method: 'GET', url })).body;

  it('create, update and delete each write who, when, what and before/after, in the same transaction', async () => {
    const service = await create(t.app, general.token, 'services', {
      debtId,
      description: 'Honorarios',
      amount: '10',
      date: '2024-01-01',
    });
    await call(t.app, general.token, {
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: { amount: '12.5' },
    });
    await call(t.app, admin, { method: 'DELETE', url: `/api/services/${service.id}` });
    const trail = await get(`/api/audit?resource=services&recordId=${service.id}`);
    expect(trail.total).toBe(3);
    const [deleted, updated, created] = trail.data;
    expect(created).toMatchObject({
      action: 'create',
      userId: general.id,
      userName: `Usuario ${general.alias}`,
      before: null,
    });
    expect(created.after).toMatchObject({ id: service.id, amount: '10.00', description: 'Honorarios' });
    expect(updated).toMatchObject({
      action: 'update',
      before: { amount: '10.00' },
      after: { amount: '12.50' },
    });
    expect(deleted).toMatchObject({
      action: 'delete',
      userId: 1,
      after: null,
      before: { amount: '12.50' },
    });
    expect(Date.now() - Date.parse(created.at)).toBeLessThan(60_000);
  });

  it('a refused write leaves no trail; filters by user, action and day', async () => {
    const before = (await get('/api/audit?limit=1')).total;
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/services',
      payload: { debtId: 999999, description: 'x', amount: '1', date: '2024-01-01' },
    });
    expect((await get('/api/audit?limit=1')).total).toBe(before);
    const mine = await get(`/api/audit?userId=${general.id}&action=create`);
    expect(
      mine.data.every(
        (e: { userId: number; action: string }) => e.userId === general.id && e.action === 'create',
      ),
    ).toBe(true);
    expect((await get('/api/audit?from=2000-01-01&to=2000-01-02')).total).toBe(0);
    expectStatus(await call(t.app, admin, { method: 'GET', url: '/api/audit?action=borrar' }), 400);
  });

  it('never holds a password hash', async () => {
    await createUser(t.app, admin, 'GENERAL');
    const trail = await get('/api/audit?resource=users&limit=500');
    expect(trail.total).toBeGreaterThan(0);
    expect(JSON.stringify(trail)).not.toMatch(/argon2|passwordHash|clave-segura/);
  });

  it('a quota pay writes the payment create and the quota update', async () => {
    const quota = await create(t.app, admin, 'quotas', {
      debtId,
      number: 1,
      amount: '5',
      dueDate: '2024-01-01',
    });
    await call(t.app, admin, { method: 'PATCH', url: `/api/quotas/${quota.id}/pay` });
    const quotaTrail = await get(`/api/audit?resource=quotas&recordId=${quota.id}`);
    expect(quotaTrail.data[0]).toMatchObject({
      action: 'update',
      before: { status: 'PENDIENTE' },
      after: { status: 'PAGADA' },
    });
    const paymentTrail = await get(`/api/audit?resource=payments&action=create&limit=1`);
    expect(paymentTrail.data[0].after).toMatchObject({ quotaId: quota.id, amount: '5.00' });
  });
});
