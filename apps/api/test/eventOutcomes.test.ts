import { eventTypeSchema, MESSAGES } from '@cobranzas/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createCatalog, createDebt, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

/** Issue 15: the outcomes an event type admits. */
forEachBackend('event type outcomes', (backend) => {
  let t: TestApp;
  let admin: string;
  let debtId: number;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    debtId = (await createDebt(t.app, admin)).id;
  });
  afterAll(() => t?.close());

  const readType = async (id: number) => {
    const response = await call(t.app, admin, { method: 'GET', url: `/api/events-types/${id}` });
    expectStatus(response, 200);
    return eventTypeSchema.strict().parse(response.body);
  };
  const patchType = (id: number, payload: Record<string, unknown>) =>
    call(t.app, admin, { method: 'PATCH', url: `/api/events-types/${id}`, payload });
  const postEvent = (eventTypeId: number, eventHistoryTypeId: number) =>
    call(t.app, admin, {
      method: 'POST',
      url: '/api/events',
      payload: { debtId, eventTypeId, eventHistoryTypeId },
    });

  describe('links', () => {
    it('are saved, read back (item and list) and replaced', async () => {
      const type = await createCatalog(t.app, admin, 'events-types');
      expect((await readType(type.id)).outcomeIds).toEqual([]);
      const [a, b, c] = [
        await createCatalog(t.app, admin, 'events-history-types'),
        await createCatalog(t.app, admin, 'events-history-types'),
        await createCatalog(t.app, admin, 'events-history-types'),
      ];
      const saved = await patchType(type.id, { outcomeIds: [b.id, a.id, a.id] });
      expectStatus(saved, 200);
      expect(saved.body.outcomeIds).toEqual([a.id, b.id]);
      expect((await readType(type.id)).outcomeIds).toEqual([a.id, b.id]);

      const list = await call(t.app, admin, {
        method: 'GET',
        url: `/api/events-types?q=${encodeURIComponent(type.name)}`,
      });
      expectStatus(list, 200);
      expect(list.body.data.find((row: { id: number }) => row.id === type.id).outcomeIds).toEqual([
        a.id,
        b.id,
      ]);

      // A rename alone keeps them; a new set replaces them; an empty one clears them.
      expectStatus(await patchType(type.id, { description: 'Otra' }), 200);
      expect((await readType(type.id)).outcomeIds).toEqual([a.id, b.id]);
      expectStatus(await patchType(type.id, { outcomeIds: [c.id] }), 200);
      expect((await readType(type.id)).outcomeIds).toEqual([c.id]);
      expectStatus(await patchType(type.id, { outcomeIds: [] }), 200);
      expect((await readType(type.id)).outcomeIds).toEqual([]);
    });

    it('every change of the set is in the audit log, with the set before and after', async () => {
      const type = await createCatalog(t.app, admin, 'events-types');
      const outcome = await createCatalog(t.app, admin, 'events-history-types');
      expectStatus(await patchType(type.id, { outcomeIds: [outcome.id] }), 200);
      expectStatus(await patchType(type.id, { outcomeIds: [outcome.id] }), 200);
      expectStatus(await patchType(type.id, { outcomeIds: [] }), 200);
      const audit = await call(t.app, admin, {
        method: 'GET',
        url: `/api/audit?resource=events-types&recordId=${type.id}&limit=50`,
      });
      expectStatus(audit, 200);
      const changes = audit.body.data
        .filter(
          (entry: { after: Record<string, unknown> | null }) => entry.after && 'outcomeIds' in entry.after,
        )
        .map((entry: { before: unknown; after: unknown }) => [entry.before, entry.after]);
      // Newest first; setting the same set again is no change.
      expect(changes).toEqual([
        [{ outcomeIds: [outcome.id] }, { outcomeIds: [] }],
        [{ outcomeIds: [] }, { outcomeIds: [outcome.id] }],
      ]);
    });

    it('can be given on create', async () => {
      const outcome = await createCatalog(t.app, admin, 'events-history-types');
      const type = await create(t.app, admin, 'events-types', {
        name: `Con resultados ${Date.now()}`,
        outcomeIds: [outcome.id],
      });
      expect(type.outcomeIds).toEqual([outcome.id]);
    });

    it('an unknown outcome → 400 on outcomeIds, nothing changes', async () => {
      const type = await createCatalog(t.app, admin, 'events-types');
      const outcome = await createCatalog(t.app, admin, 'events-history-types');
      expectStatus(await patchType(type.id, { outcomeIds: [outcome.id] }), 200);
      const response = await patchType(type.id, { name: 'Cambiado', outcomeIds: [outcome.id, 999_999] });
      expectStatus(response, 400);
      expect(response.body.errors).toEqual({ outcomeIds: [MESSAGES.eventHistoryTypesNotFound] });
      const after = await readType(type.id);
      expect(after.outcomeIds).toEqual([outcome.id]);
      expect(after.name).toBe(type.name);
    });

    it('deleting an outcome removes its link', async () => {
      const type = await createCatalog(t.app, admin, 'events-types');
      const [keep, gone] = [
        await createCatalog(t.app, admin, 'events-history-types'),
        await createCatalog(t.app, admin, 'events-history-types'),
      ];
      expectStatus(await patchType(type.id, { outcomeIds: [keep.id, gone.id] }), 200);
      const deleted = await call(t.app, admin, {
        method: 'DELETE',
        url: `/api/events-history-types/${gone.id}`,
      });
      expect(deleted.status).toBe(204);
      expect((await readType(type.id)).outcomeIds).toEqual([keep.id]);
    });

    it('deleting a type with links works', async () => {
      const outcome = await createCatalog(t.app, admin, 'events-history-types');
      const type = await createCatalog(t.app, admin, 'events-types');
      expectStatus(await patchType(type.id, { outcomeIds: [outcome.id] }), 200);
      const deleted = await call(t.app, admin, { method: 'DELETE', url: `/api/events-types/${type.id}` });
      expect(deleted.status).toBe(204);
    });
  });

  describe('events', () => {
    it('an outcome the type does not admit → 400 on eventHistoryTypeId; an admitted one is fine', async () => {
      const type = await createCatalog(t.app, admin, 'events-types');
      const [allowed, other] = [
        await createCatalog(t.app, admin, 'events-history-types'),
        await createCatalog(t.app, admin, 'events-history-types'),
      ];
      expectStatus(await patchType(type.id, { outcomeIds: [allowed.id] }), 200);

      const refused = await postEvent(type.id, other.id);
      expectStatus(refused, 400);
      expect(refused.body.errors).toEqual({ eventHistoryTypeId: [MESSAGES.eventHistoryTypeMismatch] });

      const ok = await postEvent(type.id, allowed.id);
      expectStatus(ok, 201);
      const patch = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/events/${ok.body.id}`,
        payload: { eventHistoryTypeId: other.id },
      });
      expectStatus(patch, 400);
      expect(patch.body.errors).toEqual({ eventHistoryTypeId: [MESSAGES.eventHistoryTypeMismatch] });
      // Changing to a type that admits everything keeps the outcome valid.
      const open = await createCatalog(t.app, admin, 'events-types');
      const moved = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/events/${ok.body.id}`,
        payload: { eventTypeId: open.id, eventHistoryTypeId: other.id },
      });
      expectStatus(moved, 200);
      // Back to the restricted type with the outcome it does not admit: refused.
      const back = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/events/${ok.body.id}`,
        payload: { eventTypeId: type.id },
      });
      expectStatus(back, 400);
      expect(back.body.errors).toEqual({ eventHistoryTypeId: [MESSAGES.eventHistoryTypeMismatch] });
    });

    it('a type without links admits every outcome', async () => {
      const type = await createCatalog(t.app, admin, 'events-types');
      const outcome = await createCatalog(t.app, admin, 'events-history-types');
      expectStatus(await postEvent(type.id, outcome.id), 201);
    });
  });
});
