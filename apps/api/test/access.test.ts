import {
  type ApiResource,
  actionFor,
  addDays,
  agencyToday,
  defineAbilityFor,
  type HttpMethod,
  isAdminOnly,
  isStaffOnly,
  MESSAGES,
  RESOURCE_SUBJECTS,
  type UserTypeName,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  create,
  createCatalog,
  createDebt,
  createDebtor,
  debtorBody,
  expectStatus,
  insertDocument,
  makeDni,
} from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  forEachBackend,
  makeCuit,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';
import { csvOf, runImport } from './importHelpers';
import { runReconciliation } from './reconciliationHelpers';

type Operation = 'list' | 'read' | 'create' | 'update' | 'delete';
const METHOD: Record<Operation, HttpMethod> = {
  list: 'GET',
  read: 'GET',
  create: 'POST',
  update: 'PATCH',
  delete: 'DELETE',
};
const SUCCESS: Record<Operation, number> = { list: 200, read: 200, create: 201, update: 200, delete: 204 };
const ROLES: UserTypeName[] = ['ADMIN', 'GENERAL', 'CLIENTE'];

/**
 * Whether the shared rules (the single source of DESIGN.md §6) let a role call a method on a resource;
 * the staff-only resources of §10.6 (STAFF_ONLY_RESOURCES) refuse a CLIENTE whatever its subject allows,
 * and the ADMIN-only ones (ADMIN_ONLY_RESOURCES: money in, §11.4) refuse everyone else.
 */
const allowed = (role: UserTypeName, method: HttpMethod, resource: ApiResource) =>
  !(role === 'CLIENTE' && isStaffOnly(resource)) &&
  !(role !== 'ADMIN' && isAdminOnly(resource)) &&
  defineAbilityFor({ type: role }).can(actionFor(resource, method), RESOURCE_SUBJECTS[resource]);

interface Fixture {
  /** A valid create body. */
  body: () => Record<string, unknown>;
  /** A valid partial update. */
  patch: () => Record<string, unknown>;
  /** A fresh record (made by the admin) for read/update/delete; default: POST body(). */
  fresh?: () => Promise<number>;
  operations?: Operation[];
}

forEachBackend('every route × role (DESIGN.md §6, from the shared rules)', (backend) => {
  let t: TestApp;
  let admin: string;
  const tokens = {} as Record<UserTypeName, string>;
  // The debt children hang from a debt of the CLIENTE's own company, so its reads succeed.
  let debtId: number;
  // Offers need a debt without a plan (the quotas' fixture gives debtId one).
  let offerDebtId: number;
  let companyId: number;
  let eventTypeId: number;
  let embargoTypeId: number;
  let quotaNumber = 0;
  // Issue 37: a case of the CLIENTE's company for steps and notices; a jurisdiction for days off.
  let caseId: number;
  let jurisdictionId: number;
  let dayOff = 0;
  const nextDayOff = () => addDays('2030-01-01', dayOff++);
  const judicialDebt = () => createDebt(t.app, admin, { companyId, originalAmount: '1000', debtTypeId: 3 });

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    for (const role of ROLES) {
      const user = await createUser(t.app, admin, role);
      tokens[role] = user.token;
      if (role === 'CLIENTE') companyId = user.companyId as number;
    }
    debtId = (await createDebt(t.app, admin, { companyId, originalAmount: '100000' })).id;
    offerDebtId = (await createDebt(t.app, admin, { companyId, originalAmount: '100000' })).id;
    eventTypeId = (await createCatalog(t.app, admin, 'events-types')).id;
    embargoTypeId = (await createCatalog(t.app, admin, 'embargos-type')).id;
    caseId = (await create(t.app, admin, 'cases', { debtId: (await judicialDebt()).id, kind: 'EJECUTIVO' }))
      .id;
    jurisdictionId = (await create(t.app, admin, 'jurisdictions', { name: unique('Jurisdicción ') })).id;
  });
  afterAll(() => t?.close());

  const catalog: Fixture = { body: () => ({ name: unique('Tipo ') }), patch: () => ({ description: 'x' }) };
  const FIXTURES: Record<Exclude<ApiResource, 'report' | 'audit'>, Fixture> = {
    users: {
      body: () => ({ name: 'Nuevo', alias: unique('nuevo'), password: 'clave-segura-1', userTypeId: 2 }),
      patch: () => ({ name: unique('Cambio ') }),
    },
    'users-types': {
      body: () => ({ name: unique('Perfil '), role: 'GENERAL' }),
      patch: () => ({ description: 'x' }),
    },
    companies: {
      body: () => ({ name: unique('Empresa '), cuit: makeCuit() }),
      patch: () => ({ phone: '4444' }),
    },
    'debts-types': catalog,
    'collections-types': catalog,
    'events-types': catalog,
    'events-history-types': catalog,
    'embargos-type': catalog,
    'rate-tables': {
      body: () => ({ name: unique('Tasas '), entries: [{ from: '2024-01-01', annualRate: '45.25' }] }),
      patch: () => ({ entries: [{ from: '2024-02-01', annualRate: 40 }] }),
    },
    'letter-templates': {
      body: () => ({ code: unique('carta-'), name: 'Carta', body: 'Hola {{deudor.nombre}}' }),
      patch: () => ({ subject: 'Aviso' }),
    },
    eventsSubTypes: {
      body: () => ({ eventTypeId, name: unique('Sub ') }),
      patch: () => ({ name: unique('Sub ') }),
    },
    debtors: { body: () => debtorBody(), patch: () => ({ phone: '351 555 1234' }) },
    debts: {
      body: () => ({ debtorId: 0, companyId, originalAmount: '10' }),
      patch: () => ({ notes: 'Revisar' }),
      fresh: async () => (await createDebt(t.app, admin, { companyId })).id,
    },
    quotas: {
      body: () => ({ debtId, number: ++quotaNumber, amount: '10', dueDate: '2030-01-01' }),
      patch: () => ({ amount: '11' }),
    },
    payments: { body: () => ({ debtId, amount: '1', paidAt: '2024-01-01' }), patch: () => ({ notes: 'x' }) },
    deposits: {
      body: () => ({ debtId, amount: '1', depositedAt: '2024-01-01' }),
      patch: () => ({ bank: 'Nación' }),
    },
    services: {
      body: () => ({ debtId, description: 'Carta', amount: '1', date: '2024-01-01' }),
      patch: () => ({ amount: '2' }),
    },
    events: { body: () => ({ debtId, eventTypeId }), patch: () => ({ description: 'Atendió' }) },
    observations: { body: () => ({ debtId, text: 'Nota' }), patch: () => ({ text: 'Otra nota' }) },
    promises: {
      body: () => ({ debtId, amount: '100.00', dueDate: agencyToday() }),
      patch: () => ({ notes: 'Llamar antes' }),
    },
    offers: {
      body: () => ({ debtId: offerDebtId, amount: '90000.00', quotas: 3, firstDueDate: agencyToday() }),
      patch: () => ({}),
      // Approve, reject, accept and cancel are calls of their own (offers.test.ts covers them per role).
      operations: ['list', 'read', 'create'],
    },
    embargos: {
      body: () => ({ debtId, embargoTypeId, amount: '100', date: '2024-01-01' }),
      patch: () => ({ status: 'TRABADO' }),
    },
    settlements: {
      body: () => ({ companyId, to: agencyToday() }),
      patch: () => ({}),
      // A CLOSED one of the CLIENTE's company, which it may read. Creating, closing and deleting also
      // need the ADMIN role (settlements.test.ts covers them per role).
      fresh: async () => {
        await create(t.app, admin, 'payments', { debtId, amount: '1', paidAt: '2024-01-01' });
        const draft = await create(t.app, admin, 'settlements', FIXTURES.settlements.body());
        const url = `/api/settlements/${draft.id}/close`;
        expectStatus(await call(t.app, admin, { method: 'PATCH', url }), 200);
        return draft.id;
      },
      operations: ['list', 'read'],
    },
    documents: {
      body: () => ({}),
      patch: () => ({ fileName: 'otro.pdf' }),
      fresh: () => insertDocument(t, debtId),
      // Created by multipart upload, a route of its own.
      operations: ['list', 'read', 'update', 'delete'],
    },
    tasks: {
      body: () => ({ title: 'Llamar', start: '2024-05-01T13:00:00Z' }),
      patch: () => ({ status: 'COMPLETADA' }),
    },
    imports: {
      body: () => ({}),
      patch: () => ({}),
      // Created by multipart upload and cancelled by DELETE (imports.test.ts covers both per role).
      fresh: async () => {
        const content = csvOf([
          ['DNI', 'Apellido y Nombre', 'Cuenta', 'Monto'],
          [makeDni(), 'ACCESO, Ana', unique('A-'), '10'],
        ]);
        return (await runImport(t, admin, { content, companyId, fileName: 'acceso.csv' })).id;
      },
      operations: ['list', 'read'],
    },
    'reconciliation-profiles': {
      body: () => ({
        name: unique('Banco '),
        source: 'BANCO',
        mapping: { date: 'Fecha', amount: 'Importe', description: 'Concepto' },
      }),
      patch: () => ({ method: 'DEPOSITO' }),
    },
    reconciliations: {
      body: () => ({}),
      patch: () => ({}),
      // Created by multipart upload (reconciliations.test.ts covers it and every line call per role).
      fresh: async () =>
        (
          await runReconciliation(t, admin, {
            content: 'Fecha;Importe;Concepto;Ordenante\n01/02/2024;10;x;y\n',
          })
        ).id,
      operations: ['list', 'read'],
    },
    letters: {
      body: () => ({ debtId, cdNumber: unique('CD'), sentOn: '2024-05-01' }),
      patch: () => ({ deliveredOn: '2024-05-03' }),
      operations: ['list', 'read', 'create', 'update'],
    },
    'letter-batches': {
      body: () => ({}),
      patch: () => ({}),
      // Printed by POST /letter-batches from the letters strategies queue (letters.test.ts covers it).
      fresh: async () => {
        await t.database.db.execute(
          sql`INSERT INTO letter_queue (debt_id, template_code) VALUES (${debtId}, 'intimacion')`,
        );
        const batch = await call(t.app, admin, { method: 'POST', url: '/api/letter-batches' });
        return (batch.body as { id: number }).id;
      },
      operations: ['list', 'read'],
    },
    strategies: {
      body: () => ({ name: unique('Estrategia '), trigger: 'AFTER_IMPORT', actions: [{ type: 'STOP' }] }),
      patch: () => ({ active: false }),
    },
    // Issue 37: each case needs a judicial debt of its own (bodyFor makes one).
    cases: {
      body: () => ({ kind: 'EJECUTIVO', number: unique('EXP-') }),
      patch: () => ({ fuero: 'Comercial' }),
    },
    'case-steps': {
      body: () => ({ caseId, on: '2024-05-01', title: unique('Paso ') }),
      patch: () => ({ description: 'x' }),
    },
    'case-notices': {
      body: () => ({ caseId, addressee: unique('Demandado '), sentOn: '2024-05-01' }),
      patch: () => ({ servedOn: '2024-05-03' }),
    },
    'case-statuses': catalog,
    jurisdictions: catalog,
    'judicial-days-off': {
      body: () => ({ kind: 'INHABIL', jurisdictionId, from: nextDayOff(), name: 'Asueto' }),
      patch: () => ({ name: 'Asueto judicial' }),
    },
    'strategy-runs': {
      body: () => ({}),
      patch: () => ({}),
      // Started by POST /strategies/{id}/run (strategies.test.ts covers it and its calls per role).
      fresh: async () => {
        const strategy = await create(t.app, admin, 'strategies', {
          name: unique('Estrategia '),
          trigger: 'AFTER_IMPORT',
          conditions: { companyIds: [companyId], daysPastDueMin: 36_500 },
          actions: [{ type: 'STOP' }],
        });
        const run = await call(t.app, admin, { method: 'POST', url: `/api/strategies/${strategy.id}/run` });
        return (run.body as { id: number }).id;
      },
      operations: ['list', 'read'],
    },
  };

  async function bodyFor(resource: keyof typeof FIXTURES) {
    const body = FIXTURES[resource].body();
    // Each debt needs its own debtor only when created; fill it lazily.
    if (resource === 'debts') body.debtorId = (await createDebtor(t.app, admin)).id;
    if (resource === 'cases') body.debtId = (await judicialDebt()).id;
    return body;
  }

  async function freshId(resource: keyof typeof FIXTURES): Promise<number> {
    const fixture = FIXTURES[resource];
    if (fixture.fresh) return fixture.fresh();
    return (await create(t.app, admin, resource, await bodyFor(resource))).id;
  }

  const cases = ROLES.flatMap((role) =>
    (Object.keys(FIXTURES) as (keyof typeof FIXTURES)[]).flatMap((resource) =>
      (FIXTURES[resource].operations ?? (['list', 'read', 'create', 'update', 'delete'] as Operation[])).map(
        (operation) => {
          const ok = allowed(role, METHOD[operation], resource);
          return { role, resource, operation, status: ok ? SUCCESS[operation] : 403 };
        },
      ),
    ),
  );

  it.each(cases)(
    '$role $operation /api/$resource → $status',
    async ({ role, resource, operation, status }) => {
      const needsId = operation === 'read' || operation === 'update' || operation === 'delete';
      const url = needsId ? `/api/${resource}/${await freshId(resource)}` : `/api/${resource}`;
      const payload =
        operation === 'create'
          ? await bodyFor(resource)
          : operation === 'update'
            ? FIXTURES[resource].patch()
            : undefined;
      const response = await call(t.app, tokens[role], { method: METHOD[operation], url, payload });
      expectStatus(response, status);
      if (status === 403) expect(response.body).toEqual({ message: MESSAGES.forbidden });
    },
  );

  const freshQuota = async () => (await create(t.app, admin, 'quotas', FIXTURES.quotas.body())).id as number;

  const extraCalls: {
    name: string;
    method: HttpMethod;
    resource: ApiResource;
    status: number;
    run: (token: string) => Promise<{ status: number; body: unknown }>;
  }[] = [
    {
      name: 'GET /debtors/dni/{dni}',
      method: 'GET',
      resource: 'debtors',
      status: 200,
      run: async (token) => {
        const debtor = await createDebtor(t.app, admin);
        return call(t.app, token, { method: 'GET', url: `/api/debtors/dni/${debtor.dni}` });
      },
    },
    {
      name: 'GET /debts/dni/{dni}',
      method: 'GET',
      resource: 'debts',
      status: 200,
      run: (token) => call(t.app, token, { method: 'GET', url: '/api/debts/dni/12345678' }),
    },
    {
      name: 'POST /quotas/plan',
      method: 'POST',
      resource: 'quotas',
      status: 201,
      run: async (token) => {
        const debt = await createDebt(t.app, admin, { companyId });
        return call(t.app, token, {
          method: 'POST',
          url: '/api/quotas/plan',
          payload: { debtId: debt.id, installments: 2, firstDueDate: '2024-06-10' },
        });
      },
    },
    {
      name: 'PATCH /quotas/{id}/pay',
      method: 'PATCH',
      resource: 'quotas',
      status: 200,
      run: async (token) =>
        call(t.app, token, { method: 'PATCH', url: `/api/quotas/${await freshQuota()}/pay` }),
    },
    {
      name: 'PATCH /quotas/{id}/mora',
      method: 'PATCH',
      resource: 'quotas',
      status: 200,
      run: async (token) =>
        call(t.app, token, {
          method: 'PATCH',
          url: `/api/quotas/${await freshQuota()}/mora`,
          payload: { moraAmount: '1' },
        }),
    },
  ];

  const extraCases = ROLES.flatMap((role) =>
    extraCalls.map((c) => ({ role, ...c, expected: allowed(role, c.method, c.resource) ? c.status : 403 })),
  );

  it.each(extraCases)('$role $name → $expected', async ({ role, run, expected }) => {
    expectStatus(await run(tokens[role]), expected);
  });

  it.each([
    ['ADMIN', 200],
    ['GENERAL', 403],
    ['CLIENTE', 403],
  ] as const)(
    '%s GET /api/audit → %i (ADMIN only, though GENERAL may view SystemManagement)',
    async (role, status) => {
      expectStatus(await call(t.app, tokens[role], { method: 'GET', url: '/api/audit' }), status);
    },
  );

  it('without a token every domain route answers 401 Unauthorized', async () => {
    for (const url of ['/api/debts', '/api/quotas/1/pay', '/api/audit', '/api/debtors/dni/12345678']) {
      const method = url.endsWith('/pay') ? 'PATCH' : 'GET';
      const response = await call(t.app, null, { method, url });
      expectStatus(response, 401);
      expect(response.body).toEqual({ message: MESSAGES.unauthorized });
    }
  });

  it('a CLIENTE gets 403 before its body is validated', async () => {
    const response = await call(t.app, tokens.CLIENTE, {
      method: 'POST',
      url: '/api/payments',
      payload: { nada: 1 },
    });
    expectStatus(response, 403);
  });
});
