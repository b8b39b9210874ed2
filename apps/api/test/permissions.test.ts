import type { UserTypeName } from '@cobranzas/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

type Operation = 'list' | 'read' | 'create' | 'update' | 'delete';

/**
 * SPEC.md §6 written out by hand (not computed from the shared rules, so a change there shows up
 * here): ADMIN manages everything; GENERAL may only view SystemManagement; CLIENTE nothing of it.
 */
const ALLOWED: Record<UserTypeName, Operation[]> = {
  ADMIN: ['list', 'read', 'create', 'update', 'delete'],
  GENERAL: ['list', 'read'],
  CLIENTE: [],
};
const SUCCESS: Record<Operation, number> = { list: 200, read: 200, create: 201, update: 200, delete: 204 };
const METHOD: Record<Operation, 'GET' | 'POST' | 'PATCH' | 'DELETE'> = {
  list: 'GET',
  read: 'GET',
  create: 'POST',
  update: 'PATCH',
  delete: 'DELETE',
};

/** A valid body for each SystemManagement resource, so an allowed request really succeeds. */
const BODIES: Record<string, () => Record<string, unknown>> = {
  users: () => ({ name: 'Nuevo', alias: unique('nuevo'), password: 'clave-segura-1', userTypeId: 2 }),
  'users-types': () => ({ name: unique('Perfil '), role: 'GENERAL' }),
  companies: () => ({ name: unique('Empresa '), cuit: makeCuit() }),
};
const RESOURCES = Object.keys(BODIES);
const ROLES: UserTypeName[] = ['ADMIN', 'GENERAL', 'CLIENTE'];
const OPERATIONS: Operation[] = ['list', 'read', 'create', 'update', 'delete'];

const matrix = ROLES.flatMap((role) =>
  RESOURCES.flatMap((resource) =>
    OPERATIONS.map((operation) => {
      const status = ALLOWED[role].includes(operation) ? SUCCESS[operation] : 403;
      return { role, resource, operation, status };
    }),
  ),
);

forEachBackend('role matrix on SystemManagement resources (DESIGN.md §6)', (backend) => {
  let t: TestApp;
  let adminToken: string;
  const tokens = {} as Record<UserTypeName, string>;

  beforeAll(async () => {
    t = await startApp(backend);
    adminToken = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    for (const role of ROLES) tokens[role] = (await createUser(t.app, adminToken, role)).token;
  });
  afterAll(() => t?.close());

  /** A fresh record made by the admin, so deletes and updates have something of their own. */
  async function freshId(resource: string): Promise<number> {
    const response = await call(t.app, adminToken, {
      method: 'POST',
      url: `/api/${resource}`,
      payload: BODIES[resource]?.(),
    });
    expect(response.status).toBe(201);
    return response.body.id;
  }

  it.each(matrix)(
    '$role $operation /api/$resource → $status',
    async ({ role, resource, operation, status }) => {
      const needsId = operation === 'read' || operation === 'update' || operation === 'delete';
      const url = needsId ? `/api/${resource}/${await freshId(resource)}` : `/api/${resource}`;
      const payload =
        operation === 'create'
          ? BODIES[resource]?.()
          : operation === 'update'
            ? { name: unique('Cambio ') }
            : undefined;
      const response = await call(t.app, tokens[role], { method: METHOD[operation], url, payload });
      expect(response.status).toBe(status);
      if (status === 403) expect(response.body).toEqual({ message: 'No tiene permisos para ingresar aqui' });
    },
  );

  it.each([
    ['ADMIN', 200],
    ['GENERAL', 200],
    ['CLIENTE', 403],
  ] as const)('%s GET /api/debts-types → %i', async (role, status) => {
    const response = await call(t.app, tokens[role], { method: 'GET', url: '/api/debts-types' });
    expect(response.status).toBe(status);
  });

  it('a refused request is answered 403 before its body is even validated', async () => {
    const response = await call(t.app, tokens.GENERAL, {
      method: 'POST',
      url: '/api/users',
      payload: { nada: 1 },
    });
    expect(response.status).toBe(403);
  });
});
