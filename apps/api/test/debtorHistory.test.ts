import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { create, createCatalog, createDebt, createDebtor } from './domain';
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
  unique,
} from './helpers';

type Entry = Record<string, unknown> & { kind: string; key: string; debtId: number; at: string };
type History = {
  debts: { id: number; companyName: string; reference: string | null }[];
  data: Entry[];
  truncated: boolean;
};

forEachBackend(
  "GET /api/debtors/{id}/history: the debtor's file, one history across their debts (issue 32)",
  (backend) => {
    let t: TestApp;
    let admin: string;

    beforeAll(async () => {
      t = await startApp(backend);
      admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
      await t.database.db.execute(
        sql`UPDATE agency_settings SET name = 'Cobros del Centro SRL', city = 'Córdoba', cuit = '30712345671' WHERE id = 1`,
      );
    });
    afterAll(() => t?.close());

    const history = (id: number, token = admin) =>
      call(t.app, token, { method: 'GET', url: `/api/debtors/${id}/history` });

    it('merges contacts, payments (a reversed one marked), letters and changes of every debt, newest first', async () => {
      const debtor = (await createDebtor(t.app, admin)) as { id: number };
      const bank = await createCompany(t.app, admin, { name: unique('Banco Ficha ') });
      const store = await createCompany(t.app, admin, { name: unique('Tienda Ficha ') });
      const first = await createDebt(t.app, admin, {
        debtorId: debtor.id,
        companyId: bank.id,
        reference: 'F-1',
      });
      const second = await createDebt(t.app, admin, {
        debtorId: debtor.id,
        companyId: store.id,
        reference: 'F-2',
      });
      const stranger = await createDebt(t.app, admin, { reference: 'F-OTRO' });
      const eventTypeId = (await createCatalog(t.app, admin, 'events-types')).id;

      await create(t.app, admin, 'payments', { debtId: first.id, amount: '100.00', paidAt: '2025-03-10' });
      const undone = await create(t.app, admin, 'payments', {
        debtId: first.id,
        amount: '40.50',
        paidAt: '2025-03-11',
      });
      expect((await call(t.app, admin, { method: 'DELETE', url: `/api/payments/${undone.id}` })).status).toBe(
        204,
      );
      await create(t.app, admin, 'events', {
        debtId: first.id,
        eventTypeId,
        description: 'Promete transferir',
      });
      await create(t.app, admin, 'events', {
        debtId: stranger.id,
        eventTypeId,
        description: 'De otro deudor',
      });
      const letter = await t.app.inject({
        method: 'GET',
        url: `/api/debts/${second.id}/letters/intimacion`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(letter.statusCode).toBe(200);
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/debts/${second.id}/stage`,
        payload: { debtTypeId: 2 },
      });

      const answer = await history(debtor.id);
      expect(answer.status).toBe(200);
      const body = answer.body as History;
      expect(body.truncated).toBe(false);
      expect(body.debts).toEqual([
        { id: first.id, companyName: bank.name, reference: 'F-1' },
        { id: second.id, companyName: store.name, reference: 'F-2' },
      ]);
      // Nothing of the other debtor's debt.
      expect(body.data.every((entry) => entry.debtId === first.id || entry.debtId === second.id)).toBe(true);
      // Newest first; the payments, dated 2025, last.
      const times = body.data.map((entry) => entry.at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(body.data.map((entry) => entry.kind).slice(-2)).toEqual(['PAGO', 'PAGO']);

      const [late, early] = body.data.slice(-2);
      expect(late).toMatchObject({
        amount: '40.50',
        currency: 'ARS',
        reversed: true,
        allDay: true,
        source: 'PAYMENT',
      });
      expect(early).toMatchObject({
        amount: '100.00',
        reversed: false,
        debtId: first.id,
        userName: 'Administrador',
      });
      // The stage change logged its own contact on the second debt; the first's is the collector's.
      expect(body.data.find((entry) => entry.kind === 'GESTION' && entry.debtId === first.id)).toMatchObject({
        debtId: first.id,
        description: 'Promete transferir',
        userName: 'Administrador',
        allDay: false,
      });
      expect(body.data.find((entry) => entry.kind === 'CARTA')).toMatchObject({
        debtId: second.id,
        letter: 'Intimación de pago',
        userName: 'Administrador',
      });
      const stage = body.data.find(
        (entry) => entry.kind === 'CAMBIO' && entry.change === 'MODIFICADA' && entry.debtId === second.id,
      );
      expect(stage?.changes).toContainEqual({
        field: 'debtTypeId',
        label: 'Etapa',
        before: 'Preventiva',
        after: 'Extrajudicial',
      });
      const created = body.data.filter((entry) => entry.kind === 'CAMBIO' && entry.change === 'CREADA');
      expect(created.map((entry) => entry.debtId).sort()).toEqual([first.id, second.id].sort());
      expect(new Set(body.data.map((entry) => entry.key)).size).toBe(body.data.length);
    });

    it('a bulk assignment of two of their debts is one entry per debt', async () => {
      const debtor = (await createDebtor(t.app, admin)) as { id: number };
      const collector = await createUser(t.app, admin, 'GENERAL');
      const a = await createDebt(t.app, admin, { debtorId: debtor.id });
      const b = await createDebt(t.app, admin, { debtorId: debtor.id });
      const other = await createDebt(t.app, admin);
      const assigned = await call(t.app, admin, {
        method: 'POST',
        url: '/api/debts/assign',
        payload: { userId: collector.id, ids: [a.id, b.id, other.id] },
      });
      expect(assigned.status).toBe(200);
      const body = (await history(debtor.id)).body as History;
      const assignments = body.data.filter((entry) => entry.kind === 'CAMBIO' && entry.change === 'ASIGNADA');
      expect(assignments.map((entry) => entry.debtId).sort()).toEqual([a.id, b.id].sort());
      expect(assignments[0]?.changes).toEqual([
        { field: 'assignedUserId', label: 'Asignada a', before: null, after: `Usuario ${collector.alias}` },
      ]);
    });

    it('a debtor without debts has an empty file; an unknown one is 404; a client company user is refused', async () => {
      const debtor = (await createDebtor(t.app, admin)) as { id: number };
      expect((await history(debtor.id)).body).toEqual({ debts: [], data: [], truncated: false });
      const unknown = await history(99_999_999);
      expect(unknown.status).toBe(404);
      expect((unknown.body as { message: string }).message).toBe('El deudor indicado no existe.');
      const client = await createUser(t.app, admin, 'CLIENTE');
      const own = await createDebt(t.app, admin, { companyId: client.companyId, debtorId: debtor.id });
      expect(own.id).toBeGreaterThan(0);
      expect((await history(debtor.id, client.token)).status).toBe(403);
    });
  },
);
