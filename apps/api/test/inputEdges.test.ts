import { readFileSync } from 'node:fs';
import { documentFileName, MESSAGES, normalizeDni, parseId } from '@cobranzas/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtors, documents } from '../src/db/schema';
import { createDebt, createDebtor, expectStatus, insertDocument } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';
import { multipartBody, SAMPLES } from './multipart';

/** Forms of `id` that are not its canonical decimal: each names no record. */
const nonCanonical = (id: number) => [
  `0x${id.toString(16)}`,
  `${id}e0`,
  `+${id}`,
  `${id}.0`,
  ` ${id}`,
  `${id} `,
  `0${id}`,
  `${id / 100}e2`,
  `-${id}`,
];

let dniSequence = 1_000_000 + Math.floor(Math.random() * 8_000_000);
/** A 7-digit DNI no other test of this run has used: the one a leading zero pads to 8. */
const sevenDigitDni = () => String(++dniSequence);

describe('shared: canonical ids, normalised DNIs and document names', () => {
  it('parseId takes JSON integers and decimal digits without sign, spaces, exponent or leading zeros', () => {
    expect([12, '12', 2_147_483_647, '2147483647'].map(parseId)).toEqual([
      12, 12, 2_147_483_647, 2_147_483_647,
    ]);
    for (const value of [...nonCanonical(1200), '0', 0, 12.5, '', '2147483648', true, null, [12], '١٢'])
      expect(parseId(value), JSON.stringify(value)).toBeUndefined();
  });

  it('normalizeDni strips what is not a digit and the leading zeros', () => {
    expect(normalizeDni('01.234.567')).toBe('1234567');
    expect(normalizeDni(' 00 12345678 ')).toBe('12345678');
    expect(normalizeDni('0000000')).toBe('');
  });

  it('documentFileName drops path parts, control and bidi/invisible formatting characters', () => {
    const pdf = 'application/pdf';
    expect(documentFileName('../../factura\u202Efdp.exe', pdf)).toBe('facturafdp.exe');
    expect(
      documentFileName('C:\\x\\a\u2066b\u2069\u200e\u200f\u061c\u202a\u202b\u202c\u202dc.pdf', pdf),
    ).toBe('abc.pdf');
    expect(documentFileName('a\u0000b\u0085\u200bc\ufeff.pdf', pdf)).toBe('abc.pdf');
    expect(documentFileName('\u202e\u2067', pdf)).toBe('documento.pdf');
    expect(documentFileName('informe', pdf)).toBe('informe.pdf');
    expect(documentFileName('Pagaré de José.pdf', pdf)).toBe('Pagaré de José.pdf');
  });
});

forEachBackend('input edges (issue 14)', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const get = (url: string) => call(t.app, token, { method: 'GET', url });
  const invalidId = (field: string) => ({
    message: expect.any(String),
    errors: { [field]: [MESSAGES.invalidId] },
  });

  describe('ids only in canonical decimal form', () => {
    it('route params: 0x1f, 5e2, +12, 12.0, " 12", 012… → 400 invalidId; the canonical id → 200', async () => {
      const debt = await createDebt(t.app, token);
      expectStatus(await get(`/api/debts/${debt.id}`), 200);
      for (const id of nonCanonical(debt.id)) {
        for (const url of [`/api/debts/${encodeURIComponent(id)}`, `/api/quotas/${encodeURIComponent(id)}`]) {
          const response = await get(url);
          expectStatus(response, 400);
          expect(response.body).toEqual({
            message: MESSAGES.invalidId,
            errors: { id: [MESSAGES.invalidId] },
          });
        }
        const patch = await call(t.app, token, {
          method: 'PATCH',
          url: `/api/debts/${encodeURIComponent(id)}`,
          payload: { notes: 'x' },
        });
        expectStatus(patch, 400);
      }
    });

    it('JSON bodies: an integer or its canonical digits pass; any other string → 400 on the field', async () => {
      const debt = await createDebt(t.app, token);
      const post = (debtId: unknown) =>
        call(t.app, token, { method: 'POST', url: '/api/observations', payload: { debtId, text: 'Nota' } });
      expectStatus(await post(debt.id), 201);
      expectStatus(await post(String(debt.id)), 201);
      for (const id of nonCanonical(debt.id)) {
        const response = await post(id);
        expectStatus(response, 400);
        expect(response.body).toEqual(invalidId('debtId'));
      }
    });

    it('query filters: debtId=012 and the like → 400 on the filter; the canonical id filters', async () => {
      const debt = await createDebt(t.app, token);
      expect((await get(`/api/observations?debtId=${debt.id}`)).status).toBe(200);
      for (const id of nonCanonical(debt.id)) {
        const response = await get(`/api/observations?debtId=${encodeURIComponent(id)}`);
        expectStatus(response, 400);
        expect(response.body).toEqual(invalidId('debtId'));
      }
    });
  });

  describe('DNI normalised: 01234567 and 1234567 are one debtor', () => {
    it('create: the DNI is stored without leading zeros, and the same number again → 409', async () => {
      const dni = sevenDigitDni();
      const created = await createDebtor(t.app, token, { dni: `0${dni}` });
      expect(created.dni).toBe(dni);
      for (const again of [dni, `0${dni}`, `0.${dni.slice(0, 1)}${dni.slice(1)}`]) {
        const response = await call(t.app, token, {
          method: 'POST',
          url: '/api/debtors',
          payload: { dni: again, firstName: 'Otra', lastName: 'Persona' },
        });
        expectStatus(response, 409);
        expect(response.body.errors).toEqual({ dni: [MESSAGES.debtorDniTaken] });
      }
      // What is left without the zeros must still be a DNI.
      const short = await call(t.app, token, {
        method: 'POST',
        url: '/api/debtors',
        payload: { dni: '00123456', firstName: 'Ana', lastName: 'Gómez' },
      });
      expectStatus(short, 400);
      expect(short.body.errors).toEqual({ dni: [MESSAGES.invalidDni] });
    });

    it('update: a DNI with leading zeros is stored normalised; one that normalises to a taken DNI → 409', async () => {
      const taken = await createDebtor(t.app, token, { dni: sevenDigitDni() });
      const debtor = await createDebtor(t.app, token);
      const url = `/api/debtors/${debtor.id}`;
      const dni = sevenDigitDni();
      const moved = await call(t.app, token, { method: 'PATCH', url, payload: { dni: `00${dni}` } });
      expectStatus(moved, 200);
      expect(moved.body.dni).toBe(dni);
      const clash = await call(t.app, token, { method: 'PATCH', url, payload: { dni: `0${taken.dni}` } });
      expectStatus(clash, 409);
      expect(clash.body.errors).toEqual({ dni: [MESSAGES.debtorDniTaken] });
    });

    it('lookups: GET /debts/dni/{dni}, GET /debtors/dni/{dni} and the dni filter find 1234567 as 01234567', async () => {
      const dni = sevenDigitDni();
      const debtor = await createDebtor(t.app, token, { dni });
      const debt = await createDebt(t.app, token, { debtorId: debtor.id });
      for (const typed of [`0${dni}`, `0${dni.slice(0, 1)}.${dni.slice(1, 4)}.${dni.slice(4)}`]) {
        const path = encodeURIComponent(typed);
        expect((await get(`/api/debtors/dni/${path}`)).body.id).toBe(debtor.id);
        const byDni = await get(`/api/debts/dni/${path}`);
        expect(byDni.body.data.map((d: { id: number }) => d.id)).toEqual([debt.id]);
        // The shared list's path (a sort makes the lookup use it) and the list filter.
        const sorted = await get(`/api/debts/dni/${path}?sort=id`);
        expect(sorted.body.data.map((d: { id: number }) => d.id)).toEqual([debt.id]);
        const filtered = await get(`/api/debts?dni=${path}`);
        expect(filtered.body.data.map((d: { id: number }) => d.id)).toEqual([debt.id]);
      }
    });

    it('migration 0007 normalises stored DNIs; a collision or a too short DNI is kept and noted', async () => {
      const [a, b] = [sevenDigitDni(), sevenDigitDni()];
      const rows = await t.database.db
        .insert(debtors)
        .values([
          { dni: `0${a}`, firstName: 'Con', lastName: 'Cero' },
          { dni: b, firstName: 'Sin', lastName: 'Cero' },
          { dni: `0${b}`, firstName: 'Duplicado', lastName: 'Cero', notes: 'Nota previa' },
          { dni: '00123456', firstName: 'Corto', lastName: 'Cero' },
        ])
        .returning({ id: debtors.id });
      const ids = rows.map((row) => row.id);
      // The migration's statements about debtors, run again over these rows.
      const migration = readFileSync(
        new URL('../drizzle/0007_user_history_dni.sql', import.meta.url),
        'utf8',
      );
      for (const statement of migration.split('--> statement-breakpoint'))
        if (statement.includes('"debtors"')) await t.database.db.execute(sql.raw(statement));
      const after = await t.database.db
        .select({ id: debtors.id, dni: debtors.dni, notes: debtors.notes })
        .from(debtors)
        .where(inArray(debtors.id, ids))
        .orderBy(debtors.id);
      expect(after.map((row) => row.dni)).toEqual([a, b, `0${b}`, '00123456']);
      expect(after[0]?.notes).toBeNull();
      expect(after[1]?.notes).toBeNull();
      expect(after[2]?.notes).toMatch(
        /^Nota previa\n\nDNI a revisar \(migración 0007\): «0\d+» es el mismo DNI que el del deudor n\.º \d+/,
      );
      expect(after[2]?.notes).toContain(`n.º ${ids[1]} (${b})`);
      expect(after[3]?.notes).toMatch(/^DNI a revisar \(migración 0007\): «00123456» .*menos de 7 dígitos/);
      // The normalised one is found as typed with or without the zero.
      expect((await get(`/api/debtors/dni/${a}`)).body.id).toBe(ids[0]);
      expect((await get(`/api/debtors/dni/0${a}`)).body.id).toBe(ids[0]);
    });
  });

  describe('an unknown list filter → 400 naming it', () => {
    it.each([
      '/api/debts',
      '/api/debtors',
      '/api/users',
      '/api/companies',
      '/api/payments',
      '/api/quotas',
      '/api/tasks',
      '/api/documents',
      '/api/events',
      '/api/observations',
      '/api/debts-types',
      '/api/users-types',
      '/api/debts/summary',
      '/api/debts/dni/12345678',
    ])('GET %s?debtorld=1 → 400 {errors: {debtorld: [...]}}', async (url) => {
      const response = await get(`${url}?debtorld=1&page=1`);
      expectStatus(response, 400);
      expect(response.body).toEqual({
        message: MESSAGES.invalidInput,
        errors: { debtorld: [MESSAGES.unknownParam] },
      });
    });

    it('an unknown filter named like an Object member (toString, constructor) → 400, never 500', async () => {
      for (const name of ['toString', 'constructor', 'hasOwnProperty']) {
        const response = await get(`/api/debts?${name}=1`);
        expectStatus(response, 400);
        expect(response.body.errors).toEqual({ [name]: [MESSAGES.unknownParam] });
      }
    });

    it('the known parameters still pass, and every unknown one is named', async () => {
      expectStatus(await get('/api/debts?page=1&limit=5&sort=id&order=desc&q=x&status=ACTIVA&dni=1'), 200);
      expectStatus(await get('/api/users?role=ADMIN&active=true&userTypeId=1'), 200);
      const two = await get('/api/users?rol=ADMIN&activo=true');
      expect(Object.keys(two.body.errors).sort()).toEqual(['activo', 'rol']);
    });
  });

  describe('document names: renaming cleans as upload does', () => {
    it('PATCH /documents/{id} fileName: no path parts, control or bidi/invisible characters', async () => {
      const debt = await createDebt(t.app, token);
      const id = await insertDocument(t, debt.id);
      const rename = (fileName: string) =>
        call(t.app, token, { method: 'PATCH', url: `/api/documents/${id}`, payload: { fileName } });
      const cases: [string, string][] = [
        ['../../etc/passwd.pdf', 'passwd.pdf'],
        ['C:\\Users\\ana\\recibo.pdf', 'recibo.pdf'],
        ['factura\u202Efdp.exe', 'facturafdp.exe'],
        ['a\u2066b\u2069c\u200e\u200f\u061cd\u202ae\u202b\u202c\u202d.pdf', 'abcde.pdf'],
        ['con\u0007 campana\u0085.pdf', 'con campana.pdf'],
        ['informe', 'informe.pdf'],
      ];
      for (const [given, stored] of cases) {
        const response = await rename(given);
        expectStatus(response, 200);
        expect(response.body.fileName).toBe(stored);
        const [row] = await t.database.db.select().from(documents).where(eq(documents.id, id));
        expect(row?.fileName).toBe(stored);
      }
    });

    it('upload: bidi and invisible formatting characters are dropped from the name too', async () => {
      const debt = await createDebt(t.app, token);
      const general = await createUser(t.app, token, 'GENERAL');
      const response = await call(t.app, general.token, {
        method: 'POST',
        url: '/api/documents',
        ...multipartBody([
          { name: 'debtId', value: String(debt.id) },
          { name: 'file', filename: `recibo\u202Efdp\u200b${unique('')}.pdf`, content: SAMPLES.pdf },
        ]),
      });
      expectStatus(response, 201);
      expect(response.body.fileName).toMatch(/^recibofdp\w+\.pdf$/);
    });
  });
});
