import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createCatalog, createDebt, debtorBody, insertDocument } from './domain';
import { type Body, bodies, LIST_PARAMS, nasty, queryStrings, RUNS, TABLES } from './fuzz-arbitraries';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  forEachBackend,
  makeCuit,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';

forEachBackend('fuzzing: no 5xx, and a refused request changes nothing', (backend) => {
  let t: TestApp;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const debt = await createDebt(t.app, token);
    Object.assign(ids, { debt: debt.id, debtor: debt.debtorId, company: debt.companyId });
    ids.eventType = (await createCatalog(t.app, token, 'events-types')).id;
    ids.embargoType = (await createCatalog(t.app, token, 'embargos-type')).id;
  });
  afterAll(() => t?.close());

  /**
   * A fingerprint of every table: row count, highest id and latest updated_at. Every write of the
   * API inserts, deletes or stamps updated_at, and also appends to audit_log, so any committed
   * change shows here (an md5 of every row says the same and costs twice the suite time).
   */
  async function checksum(): Promise<string> {
    const parts = TABLES.map((table) => {
      const stamp = table === 'audit_log' ? sql`''` : sql`coalesce(max(updated_at)::text, '')`;
      return sql`(SELECT count(*) || ':' || coalesce(max(id), 0) || ':' || ${stamp} FROM ${sql.identifier(table)})`;
    });
    const result = await t.database.db.execute(
      sql`SELECT concat_ws(',', ${sql.join(parts, sql`, `)}) AS sum`,
    );
    return String((result as unknown as { rows: { sum: string }[] }).rows[0]?.sum);
  }

  /** Sends it; never a 5xx; a 4xx leaves every table untouched. */
  // The fingerprint as of the last write that succeeded; refused requests must leave it as is.
  let known: string | null = null;

  async function probe(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
    if (method !== 'GET') known ??= await checksum();
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    const what = `${method} ${url} ${JSON.stringify(payload)} → ${response.body}`;
    expect(response.statusCode, what).toBeLessThan(500);
    if (method === 'GET') return;
    if (response.statusCode >= 400) expect(await checksum(), what).toBe(known);
    else known = null;
  }

  let quotaNumber = 100;
  const routes: Record<string, { valid: () => Body; patch?: () => Promise<number> }> = {
    debtors: { valid: () => debtorBody({ cuit: makeCuit('20') }) },
    debts: {
      valid: () => ({
        debtorId: ids.debtor,
        companyId: ids.company,
        originalAmount: '150.25',
        reference: 'R',
        defaultDate: '2024-01-01',
      }),
    },
    'collections-types': { valid: () => ({ name: unique('T'), description: 'd' }) },
    'debts-types': { valid: () => ({ name: unique('T') }) },
    'events-types': { valid: () => ({ name: unique('T') }) },
    'events-history-types': { valid: () => ({ name: unique('T') }) },
    'embargos-type': { valid: () => ({ name: unique('T') }) },
    eventsSubTypes: { valid: () => ({ eventTypeId: ids.eventType, name: unique('S') }) },
    events: {
      valid: () => ({
        debtId: ids.debt,
        eventTypeId: ids.eventType,
        date: '2024-01-01T10:00:00Z',
        description: 'x',
      }),
    },
    observations: { valid: () => ({ debtId: ids.debt, text: 'nota' }) },
    embargos: {
      valid: () => ({
        debtId: ids.debt,
        embargoTypeId: ids.embargoType,
        amount: '10',
        date: '2024-01-01',
        status: 'TRABADO',
      }),
    },
    payments: { valid: () => ({ debtId: ids.debt, amount: '1.10', paidAt: '2024-01-01', method: 'CHEQUE' }) },
    deposits: { valid: () => ({ debtId: ids.debt, amount: '1.10', depositedAt: '2024-01-01', bank: 'B' }) },
    services: {
      valid: () => ({ debtId: ids.debt, description: 'Carta', amount: '0.10', date: '2024-01-01' }),
    },
    quotas: {
      valid: () => ({ debtId: ids.debt, number: ++quotaNumber, amount: '10', dueDate: '2024-01-01' }),
    },
    tasks: {
      valid: () => ({
        title: 'T',
        start: '2024-01-01T10:00:00Z',
        end: '2024-01-01T11:00:00Z',
        allDay: false,
        userId: 1,
      }),
    },
    companies: { valid: () => ({ name: unique('C'), cuit: makeCuit(), commissionRate: '10' }) },
    'users-types': { valid: () => ({ name: unique('P'), role: 'GENERAL' }) },
    users: { valid: () => ({ name: 'N', alias: unique('u'), password: 'clave-segura-1', userTypeId: 2 }) },
    documents: { valid: () => ({ fileName: 'a.pdf' }), patch: () => insertDocument(t, ids.debt as number) },
  };

  describe.each(Object.keys(routes))('/api/%s', (resource) => {
    const route = routes[resource] as (typeof routes)[string];

    it.skipIf(resource === 'documents')('POST with random and broken bodies', async () => {
      known = null; // this test's own setup may have written
      await fc.assert(
        fc.asyncProperty(bodies(route.valid), (body) => probe('POST', `/api/${resource}`, body)),
        {
          numRuns: RUNS,
        },
      );
    });

    it('PATCH with random bodies and ids', async () => {
      const existing = route.patch
        ? await route.patch()
        : (await create(t.app, token, resource, route.valid())).id;
      const idArb = fc.oneof(
        { weight: 4, arbitrary: fc.constant(String(existing)) },
        fc.constantFrom('0', '-1', '1.5', 'abc', '99999999999', '2147483647', '%00', '1e3'),
      );
      known = null; // this test's own setup may have written
      await fc.assert(
        fc.asyncProperty(idArb, bodies(route.valid), (id, body) =>
          probe('PATCH', `/api/${resource}/${encodeURIComponent(id)}`, body),
        ),
        { numRuns: RUNS },
      );
    });

    it('GET lists with random query strings', async () => {
      known = null; // this test's own setup may have written
      await fc.assert(
        fc.asyncProperty(queryStrings(LIST_PARAMS), (query) => probe('GET', `/api/${resource}?${query}`)),
        {
          numRuns: Math.ceil(RUNS / 2),
        },
      );
    });
  });

  it('POST /api/quotas/plan with random bodies', async () => {
    const valid = () => ({ debtId: ids.debt, installments: 3, firstDueDate: '2024-01-31', total: '100' });
    known = null; // this test's own setup may have written
    await fc.assert(
      fc.asyncProperty(bodies(valid), (body) => probe('POST', '/api/quotas/plan', body)),
      {
        numRuns: RUNS,
      },
    );
  });

  it.each(['pay', 'mora'])('PATCH /api/quotas/{id}/%s with random bodies and ids', async (action) => {
    const debt = await createDebt(t.app, token, { punitiveRate: '50' });
    const quotaIds: string[] = [];
    for (let n = 1; n <= 5; n++)
      quotaIds.push(
        String(
          (
            await create(t.app, token, 'quotas', {
              debtId: debt.id,
              number: n,
              amount: '10',
              dueDate: '2024-01-01',
            })
          ).id,
        ),
      );
    const valid = () =>
      action === 'pay'
        ? { paidAt: '2024-02-01', method: 'TARJETA', receiptNumber: 'R' }
        : { moraAmount: '1.5' };
    const idArb = fc.oneof(fc.constantFrom(...quotaIds), fc.constantFrom('0', 'x', '99999999', '-3'));
    known = null; // this test's own setup may have written
    await fc.assert(
      fc.asyncProperty(idArb, bodies(valid), (id, body) =>
        probe('PATCH', `/api/quotas/${id}/${action}`, body),
      ),
      { numRuns: RUNS },
    );
  });

  it('GET by random ids and DNI/CUIT lookups never 5xx', async () => {
    const segments = fc.oneof(fc.string({ maxLength: 30 }), nasty.map(String), fc.integer().map(String));
    known = null; // this test's own setup may have written
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('debts', 'debtors', 'quotas', 'tasks', 'debts/dni', 'debtors/dni', 'audit'),
        segments,
        (resource, id) => probe('GET', `/api/${resource}/${encodeURIComponent(id)}`),
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('malformed JSON bodies → 400, nothing written', async () => {
    known = null; // this test's own setup may have written
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('debts', 'payments', 'quotas/plan', 'debtors'),
        fc.string({ maxLength: 50 }),
        async (resource, raw) => {
          const before = await checksum();
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/${resource}`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: `{${raw}`,
          });
          expect(response.statusCode).toBe(400);
          expect(await checksum()).toBe(before);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
