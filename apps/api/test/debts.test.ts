import { cuitCheckDigit, debtorSchema, debtSchema, MESSAGES } from '@cobranzas/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createCatalog, createDebt, createDebtor, expectStatus, makeDni } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  forEachBackend,
  makeCuit,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

forEachBackend('debtors and debts', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const get = (url: string) => call(t.app, token, { method: 'GET', url });

  describe('debtors', () => {
    it('creates a debtor: digits only, empty optionals as null, strict shape', async () => {
      const dni = makeDni();
      const cuit = makeCuit('20');
      const response = await call(t.app, token, {
        method: 'POST',
        url: '/api/debtors',
        payload: {
          dni: `${dni.slice(0, 2)}.${dni.slice(2, 5)}.${dni.slice(5)}`,
          cuit,
          firstName: ' Ana ',
          lastName: 'Gómez',
          email: '',
        },
      });
      expectStatus(response, 201);
      const debtor = debtorSchema.strict().parse(response.body);
      expect(debtor).toMatchObject({ dni, cuit, firstName: 'Ana', email: null, province: null });
    });

    it('a repeated DNI or CUIT → 409 with the field and a Spanish message', async () => {
      const first = await createDebtor(t.app, token, { cuit: makeCuit('27') });
      const byDni = await call(t.app, token, {
        method: 'POST',
        url: '/api/debtors',
        payload: { dni: first.dni, firstName: 'Otro', lastName: 'Igual' },
      });
      expectStatus(byDni, 409);
      expect(byDni.body.errors).toEqual({ dni: [MESSAGES.debtorDniTaken] });
      const byCuit = await call(t.app, token, {
        method: 'POST',
        url: '/api/debtors',
        payload: { dni: makeDni(), cuit: first.cuit, firstName: 'Otro', lastName: 'Igual' },
      });
      expectStatus(byCuit, 409);
      expect(byCuit.body.errors).toEqual({ cuit: [MESSAGES.debtorCuitTaken] });
    });

    it('many debtors without CUIT are fine (the CUIT index is partial)', async () => {
      await createDebtor(t.app, token);
      await createDebtor(t.app, token);
    });

    it('GET /debtors/dni/{dni} finds by DNI, by CUIT and by the DNI inside a CUIL; 404 in Spanish otherwise', async () => {
      const dni = makeDni();
      const withCuit = await createDebtor(t.app, token, { dni, cuit: makeCuit('20') });
      expect((await get(`/api/debtors/dni/${dni}`)).body.id).toBe(withCuit.id);
      expect((await get(`/api/debtors/dni/${withCuit.cuit}`)).body.id).toBe(withCuit.id);
      const plain = await createDebtor(t.app, token);
      const cuil = `20${plain.dni.padStart(8, '0')}5`;
      expect((await get(`/api/debtors/dni/${cuil}`)).body.id).toBe(plain.id);
      const missing = await get('/api/debtors/dni/1234567');
      expectStatus(missing, 404);
      expect(missing.body).toEqual({ message: MESSAGES.debtorNotFoundByDni });
      expectStatus(await get('/api/debtors/dni/12ab'), 400);
    });

    it('lists with q, province filter and paging', async () => {
      const lastName = `Zapata${Date.now()}`;
      await createDebtor(t.app, token, { lastName, province: 'Córdoba' });
      await createDebtor(t.app, token, { lastName, province: 'Salta' });
      const all = await get(`/api/debtors?q=${lastName}`);
      expect(all.body.total).toBe(2);
      const cordoba = await get(`/api/debtors?q=${lastName}&province=${encodeURIComponent('Córdoba')}`);
      expect(cordoba.body.data.map((d: { province: string }) => d.province)).toEqual(['Córdoba']);
      expectStatus(await get('/api/debtors?province=Atlantis'), 400);
    });
  });

  describe('debts', () => {
    it('a debt read embeds debtor, company, type names and the amounts as decimal strings', async () => {
      const company = await createCompany(t.app, token);
      const debtor = await createDebtor(t.app, token, {
        cuit: makeCuit('20'),
        phone: '11 4567-8901',
        email: 'deudor@example.com',
      });
      const collection = await createCatalog(t.app, token, 'collections-types');
      const debt = await createDebt(t.app, token, {
        companyId: company.id,
        debtorId: debtor.id,
        debtTypeId: 2,
        collectionTypeId: collection.id,
        originalAmount: 1500.5,
      });
      const read = debtSchema.strict().parse((await get(`/api/debts/${debt.id}`)).body);
      expect(read).toMatchObject({
        debtor: {
          id: debtor.id,
          dni: debtor.dni,
          cuit: debtor.cuit,
          firstName: debtor.firstName,
          lastName: debtor.lastName,
          phone: '11 4567-8901',
          altPhone: null,
          email: 'deudor@example.com',
        },
        companyName: company.name,
        debtTypeName: 'Extrajudicial',
        collectionTypeName: collection.name,
        assignedUserName: null,
        originalAmount: '1500.50',
        servicesAmount: '0.00',
        moraAmount: '0.00',
        paidAmount: '0.00',
        balance: '1500.50',
        status: 'ACTIVA',
        currency: 'ARS',
        punitiveRate: '0.00',
      });
    });

    it('unknown references → 400 naming the field in Spanish', async () => {
      const company = await createCompany(t.app, token);
      const response = await call(t.app, token, {
        method: 'POST',
        url: '/api/debts',
        payload: { debtorId: 999999, companyId: company.id, originalAmount: '10' },
      });
      expectStatus(response, 400);
      expect(response.body.errors).toEqual({ debtorId: [MESSAGES.debtorNotFound] });
    });

    it('lists newest first by default, with typed filters', async () => {
      const company = await createCompany(t.app, token);
      const a = await createDebt(t.app, token, {
        companyId: company.id,
        debtTypeId: 1,
        defaultDate: '2024-01-15',
      });
      const b = await createDebt(t.app, token, {
        companyId: company.id,
        debtTypeId: 3,
        defaultDate: '2024-03-15',
      });
      const all = await get(`/api/debts?companyId=${company.id}`);
      expect(all.body.data.map((d: { id: number }) => d.id)).toEqual([b.id, a.id]);
      const asc = await get(`/api/debts?companyId=${company.id}&order=asc`);
      expect(asc.body.data.map((d: { id: number }) => d.id)).toEqual([a.id, b.id]);
      const judicial = await get(`/api/debts?companyId=${company.id}&debtTypeId=3`);
      expect(judicial.body.data.map((d: { id: number }) => d.id)).toEqual([b.id]);
      const since = await get(`/api/debts?companyId=${company.id}&defaultFrom=2024-02-01`);
      expect(since.body.data.map((d: { id: number }) => d.id)).toEqual([b.id]);
      const byDebtor = await get(`/api/debts?debtorId=${a.debtorId}`);
      expect(byDebtor.body.total).toBe(1);
      const byDni = await get(`/api/debts?dni=${a.debtor.dni}`);
      expect(byDni.body.data[0].id).toBe(a.id);
      const byAmount = await get(`/api/debts?companyId=${company.id}&sort=originalAmount&order=desc`);
      expect(byAmount.body.total).toBe(2);
      expectStatus(await get('/api/debts?status=PERDIDA'), 400);
      expectStatus(await get('/api/debts?sort=password'), 400);
    });

    it('GET /debts/dni/{dni} answers the list shape for DNI or CUIT', async () => {
      const debtor = await createDebtor(t.app, token, { cuit: makeCuit('23') });
      await createDebt(t.app, token, { debtorId: debtor.id });
      await createDebt(t.app, token, { debtorId: debtor.id });
      for (const value of [debtor.dni, debtor.cuit]) {
        const response = await get(`/api/debts/dni/${value}?limit=1`);
        expectStatus(response, 200);
        expect(response.body).toMatchObject({ total: 2, page: 1, limit: 1 });
        expect(response.body.data).toHaveLength(1);
        expect(response.body.data[0].debtor.id).toBe(debtor.id);
      }
      expect((await get('/api/debts/dni/99999999')).body).toEqual({ data: [], total: 0, page: 1, limit: 25 });
      // The prepared lookup (no filter, no sort) answers exactly what the general list does.
      const prepared = await get(`/api/debts/dni/${debtor.dni}`);
      const general = await get(`/api/debts/dni/${debtor.dni}?sort=id&order=desc`);
      expect(prepared.body).toEqual(general.body);
      expect(prepared.body.total).toBe(2);
      expect((await get(`/api/debts/dni/${debtor.dni}?limit=1&page=2`)).body).toMatchObject({
        total: 2,
        page: 2,
      });
      expect((await get(`/api/debts/dni/${debtor.dni}?limit=1&page=3`)).body).toMatchObject({
        total: 2,
        data: [],
      });
      // A CUIL with the DNI inside finds a debtor stored with the DNI only.
      const dni = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
      const cuil = ['20', '23', '24', '27']
        .map((prefix) => `${prefix}${dni.padStart(8, '0')}`)
        .map((firstTen) => `${firstTen}${cuitCheckDigit(firstTen) ?? ''}`)
        .find((value) => value.length === 11);
      const dniOnly = await createDebtor(t.app, token, { dni });
      const own = await createDebt(t.app, token, { debtorId: dniOnly.id });
      expect((await get(`/api/debts/dni/${cuil}`)).body.data.map((d: { id: number }) => d.id)).toEqual([
        own.id,
      ]);
    });

    it('a PATCH of the original amount moves the balance; other fields stay', async () => {
      const debt = await createDebt(t.app, token, { reference: 'ABC-1', punitiveRate: '36.5' });
      const response = await call(t.app, token, {
        method: 'PATCH',
        url: `/api/debts/${debt.id}`,
        payload: { originalAmount: '2000' },
      });
      expectStatus(response, 200);
      expect(response.body).toMatchObject({
        originalAmount: '2000.00',
        balance: '2000.00',
        reference: 'ABC-1',
        punitiveRate: '36.50',
        debtTypeId: 1,
      });
    });

    it('a debtor with debts cannot be deleted (409), a debt without children can (204)', async () => {
      const debt = await createDebt(t.app, token);
      const refused = await call(t.app, token, { method: 'DELETE', url: `/api/debtors/${debt.debtorId}` });
      expectStatus(refused, 409);
      expect(refused.body.message).toBe(MESSAGES.referenced);
      expectStatus(await call(t.app, token, { method: 'DELETE', url: `/api/debts/${debt.id}` }), 204);
      expectStatus(await get(`/api/debts/${debt.id}`), 404);
    });
  });

  describe('catalogs', () => {
    it.each(['collections-types', 'events-types', 'events-history-types', 'embargos-type', 'debts-types'])(
      '%s: full CRUD, duplicate names 409 regardless of case',
      async (resource) => {
        const created = await createCatalog(t.app, token, resource);
        const duplicate = await call(t.app, token, {
          method: 'POST',
          url: `/api/${resource}`,
          payload: { name: created.name.toUpperCase() },
        });
        expectStatus(duplicate, 409);
        expect(duplicate.body.errors).toEqual({ name: [MESSAGES.nameTaken] });
        const patched = await call(t.app, token, {
          method: 'PATCH',
          url: `/api/${resource}/${created.id}`,
          payload: { description: 'Descripción' },
        });
        expect(patched.body).toMatchObject({ name: created.name, description: 'Descripción' });
        expect((await get(`/api/${resource}?q=${encodeURIComponent(created.name)}`)).body.total).toBe(1);
        expectStatus(
          await call(t.app, token, { method: 'DELETE', url: `/api/${resource}/${created.id}` }),
          204,
        );
      },
    );

    it('debt types 1–3 are fixed: not deletable nor renamed (409), their description may change', async () => {
      for (const id of [1, 2, 3]) {
        const removed = await call(t.app, token, { method: 'DELETE', url: `/api/debts-types/${id}` });
        expectStatus(removed, 409);
        expect(removed.body.message).toBe(MESSAGES.fixedRecord);
        const renamed = await call(t.app, token, {
          method: 'PATCH',
          url: `/api/debts-types/${id}`,
          payload: { name: 'Otra' },
        });
        expectStatus(renamed, 409);
      }
      const described = await call(t.app, token, {
        method: 'PATCH',
        url: '/api/debts-types/2',
        payload: { description: 'Sin juicio' },
      });
      expect(described.body).toMatchObject({ id: 2, name: 'Extrajudicial', description: 'Sin juicio' });
      const list = await get('/api/debts-types?sort=id');
      expect(list.body.data.slice(0, 3).map((d: { name: string }) => d.name)).toEqual([
        'Preventiva',
        'Extrajudicial',
        'Judicial',
      ]);
    });

    it('deleting a catalog record in use → 409 en uso', async () => {
      const collection = await createCatalog(t.app, token, 'collections-types');
      await createDebt(t.app, token, { collectionTypeId: collection.id });
      const response = await call(t.app, token, {
        method: 'DELETE',
        url: `/api/collections-types/${collection.id}`,
      });
      expectStatus(response, 409);
      expect(response.body.message).toBe(MESSAGES.referenced);
    });

    it('event sub-types belong to a type, embed its name and filter by it', async () => {
      const type = await createCatalog(t.app, token, 'events-types');
      const sub = await create(t.app, token, 'eventsSubTypes', { eventTypeId: type.id, name: 'Al celular' });
      expect(sub).toMatchObject({ eventTypeId: type.id, eventTypeName: type.name, name: 'Al celular' });
      const list = await get(`/api/eventsSubTypes?eventTypeId=${type.id}`);
      expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([sub.id]);
      const badType = await call(t.app, token, {
        method: 'POST',
        url: '/api/eventsSubTypes',
        payload: { eventTypeId: 999999, name: 'x' },
      });
      expectStatus(badType, 400);
      expect(badType.body.errors).toEqual({ eventTypeId: [MESSAGES.eventTypeNotFound] });
      expectStatus(await call(t.app, token, { method: 'DELETE', url: `/api/events-types/${type.id}` }), 409);
    });
  });
});
