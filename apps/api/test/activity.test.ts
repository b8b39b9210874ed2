import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventSchema, MESSAGES, taskSchema } from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema';
import { create, createCatalog, createDebt, expectStatus, insertDocument } from './domain';
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

forEachBackend('contacts, notes, embargos, documents, tasks and the audit log', (backend) => {
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

  describe('events', () => {
    it('the author comes from the token, names are embedded, the date defaults to now', async () => {
      const type = await createCatalog(t.app, admin, 'events-types');
      const sub = await create(t.app, admin, 'eventsSubTypes', { eventTypeId: type.id, name: 'Al trabajo' });
      const outcome = await createCatalog(t.app, admin, 'events-history-types');
      const response = await call(t.app, general.token, {
        method: 'POST',
        url: '/api/events',
        payload: {
          debtId,
          eventTypeId: type.id,
          eventSubTypeId: sub.id,
          eventHistoryTypeId: outcome.id,
          userId: 1,
          description: 'Promete pagar',
        },
      });
      expectStatus(response, 201);
      const event = eventSchema.strict().parse(response.body);
      expect(event).toMatchObject({
        userId: general.id,
        userName: `Usuario ${general.alias}`,
        eventTypeName: type.name,
        eventSubTypeName: sub.name,
        eventHistoryTypeName: outcome.name,
      });
      expect(Date.now() - Date.parse(event.date)).toBeLessThan(60_000);
    });

    it('a sub-type of another event type → 400 on eventSubTypeId', async () => {
      const [a, b] = [
        await createCatalog(t.app, admin, 'events-types'),
        await createCatalog(t.app, admin, 'events-types'),
      ];
      const subOfB = await create(t.app, admin, 'eventsSubTypes', { eventTypeId: b.id, name: 'Sub' });
      const response = await call(t.app, admin, {
        method: 'POST',
        url: '/api/events',
        payload: { debtId, eventTypeId: a.id, eventSubTypeId: subOfB.id },
      });
      expectStatus(response, 400);
      expect(response.body.errors).toEqual({ eventSubTypeId: [MESSAGES.eventSubTypeMismatch] });
      const ok = await create(t.app, admin, 'events', {
        debtId,
        eventTypeId: b.id,
        eventSubTypeId: subOfB.id,
      });
      const moved = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/events/${ok.id}`,
        payload: { eventTypeId: a.id },
      });
      expectStatus(moved, 400);
    });

    it('lists a debt’s history latest first and filters by day range', async () => {
      const type = await createCatalog(t.app, admin, 'events-types');
      const own = (await createDebt(t.app, admin)).id;
      const old = await create(t.app, admin, 'events', {
        debtId: own,
        eventTypeId: type.id,
        date: '2024-01-10T15:00:00Z',
      });
      const recent = await create(t.app, admin, 'events', {
        debtId: own,
        eventTypeId: type.id,
        date: '2024-03-10T15:00:00-03:00',
      });
      expect((await get(`/api/events?debtId=${own}`)).data.map((e: { id: number }) => e.id)).toEqual([
        recent.id,
        old.id,
      ]);
      expect(
        (await get(`/api/events?debtId=${own}&from=2024-02-01`)).data.map((e: { id: number }) => e.id),
      ).toEqual([recent.id]);
      expect(
        (await get(`/api/events?debtId=${own}&to=2024-01-10`)).data.map((e: { id: number }) => e.id),
      ).toEqual([old.id]);
      expect(recent.date).toBe('2024-03-10T18:00:00.000Z');
    });
  });

  it('observations: author from the token; the text can be changed', async () => {
    const note = await create(t.app, general.token, 'observations', { debtId, text: ' Llamar mañana ' });
    expect(note).toMatchObject({
      text: 'Llamar mañana',
      userId: general.id,
      userName: `Usuario ${general.alias}`,
    });
    const changed = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/observations/${note.id}`,
      payload: { text: 'Ya llamé' },
    });
    expect(changed.body).toMatchObject({ text: 'Ya llamé', userId: general.id });
    expectStatus(
      await call(t.app, admin, { method: 'POST', url: '/api/observations', payload: { debtId, text: '  ' } }),
      400,
    );
  });

  it('embargos: type name embedded, status defaults to SOLICITADO and filters', async () => {
    const type = await createCatalog(t.app, admin, 'embargos-type');
    const embargo = await create(t.app, admin, 'embargos', {
      debtId,
      embargoTypeId: type.id,
      amount: '2500.5',
      date: '2024-04-01',
    });
    expect(embargo).toMatchObject({ embargoTypeName: type.name, amount: '2500.50', status: 'SOLICITADO' });
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/embargos/${embargo.id}`,
      payload: { status: 'TRABADO' },
    });
    expect((await get(`/api/embargos?debtId=${debtId}&status=TRABADO`)).total).toBe(1);
  });

  describe('documents', () => {
    it('rename, list by debt, and delete removes the stored file', async () => {
      const id = await insertDocument(t, debtId);
      const [row] = await t.database.db.select().from(documents).where(eq(documents.id, id));
      const file = path.join(t.config.dataDir, 'documents', row?.storageKey as string);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'contenido');
      const renamed = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/documents/${id}`,
        payload: { fileName: 'Pagaré.pdf' },
      });
      expect(renamed.body).toMatchObject({ fileName: 'Pagaré.pdf', mimeType: 'application/pdf', size: 1234 });
      expect(renamed.body).not.toHaveProperty('storageKey');
      expect((await get(`/api/documents?debtId=${debtId}`)).data.map((d: { id: number }) => d.id)).toContain(
        id,
      );
      expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/documents/${id}` }), 204);
      expect(existsSync(file)).toBe(false);
    });
  });

  describe('tasks', () => {
    it('the assignee defaults to the signed-in user; another may be chosen', async () => {
      const mine = await create(t.app, general.token, 'tasks', {
        title: 'Llamar a Pérez',
        start: '2024-05-02T12:00:00Z',
      });
      expect(taskSchema.strict().parse(mine)).toMatchObject({
        userId: general.id,
        allDay: false,
        status: 'PENDIENTE',
        end: null,
      });
      const theirs = await create(t.app, general.token, 'tasks', {
        title: 'Revisar',
        start: '2024-05-02T12:00:00Z',
        userId: 1,
      });
      expect(theirs).toMatchObject({ userId: 1, userName: 'Administrador' });
      const nobody = await call(t.app, admin, {
        method: 'POST',
        url: '/api/tasks',
        payload: { title: 'x', start: '2024-05-02T12:00:00Z', userId: 999999 },
      });
      expectStatus(nobody, 400);
      expect(nobody.body.errors).toEqual({ userId: [MESSAGES.userNotFound] });
    });

    it('from/to select the tasks that overlap the agenda’s range', async () => {
      const user = await createUser(t.app, admin, 'GENERAL');
      const make = (title: string, start: string, end?: string) =>
        create(t.app, user.token, 'tasks', { title, start, ...(end ? { end } : {}) });
      const before = await make('antes', '2024-06-01T10:00:00Z', '2024-06-01T11:00:00Z');
      const spanning = await make('cruza', '2024-06-09T10:00:00Z', '2024-06-11T10:00:00Z');
      const inside = await make('dentro', '2024-06-12T10:00:00Z');
      const after = await make('después', '2024-06-20T10:00:00Z');
      const week = await get(`/api/tasks?userId=${user.id}&from=2024-06-10&to=2024-06-17&sort=start`);
      expect(week.data.map((task: { id: number }) => task.id)).toEqual([spanning.id, inside.id]);
      expect([before.id, after.id]).not.toContain(week.data[0].id);
    });

    it('an end before the start → 400, also when only one of them is patched', async () => {
      const bad = await call(t.app, admin, {
        method: 'POST',
        url: '/api/tasks',
        payload: { title: 'x', start: '2024-05-02T12:00:00Z', end: '2024-05-02T11:00:00Z' },
      });
      expectStatus(bad, 400);
      const task = await create(t.app, admin, 'tasks', {
        title: 'x',
        start: '2024-05-02T12:00:00Z',
        end: '2024-05-02T13:00:00Z',
      });
      const patched = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/tasks/${task.id}`,
        payload: { end: '2024-05-01T00:00:00Z' },
      });
      expectStatus(patched, 400);
      expect(patched.body.errors).toHaveProperty('end');
    });
  });
});
