import {
  type ApiResource,
  actionFor,
  defineAbilityFor,
  type HttpMethod,
  MESSAGES,
  RESOURCE_SUBJECTS,
  type UserTypeName,
} from '@cobranzas/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDebt, expectStatus } from './domain';
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
import { multipartBody, SAMPLES } from './multipart';

const ROLES: UserTypeName[] = ['ADMIN', 'GENERAL', 'CLIENTE'];
const allowed = (role: UserTypeName, method: HttpMethod, resource: ApiResource) =>
  defineAbilityFor({ type: role }).can(actionFor(resource, method), RESOURCE_SUBJECTS[resource]);

/** The upload, download and report routes in the role matrix of DESIGN.md §6. */
forEachBackend('documents files and reports × role', (backend) => {
  let t: TestApp;
  let admin: string;
  const tokens = {} as Record<UserTypeName, string>;
  let debtId: number;
  let companyId: number;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    for (const role of ROLES) {
      const user = await createUser(t.app, admin, role);
      tokens[role] = user.token;
      if (role === 'CLIENTE') companyId = user.companyId as number;
    }
    debtId = (await createDebt(t.app, admin, { companyId })).id;
  });
  afterAll(() => t?.close());

  const upload = (token: string) =>
    call(t.app, token, {
      method: 'POST',
      url: '/api/documents',
      ...multipartBody([
        { name: 'debtId', value: String(debtId) },
        { name: 'file', filename: 'a.pdf', content: SAMPLES.pdf },
      ]),
    });

  const calls: {
    name: string;
    method: HttpMethod;
    resource: ApiResource;
    status: number;
    run: (token: string) => Promise<{ status: number; body: unknown }>;
  }[] = [
    { name: 'POST /documents (multipart)', method: 'POST', resource: 'documents', status: 201, run: upload },
    {
      name: 'GET /documents/{id}/file',
      method: 'GET',
      resource: 'documents',
      status: 200,
      run: async (token) => {
        const id = (await upload(admin)).body.id;
        return call(t.app, token, { method: 'GET', url: `/api/documents/${id}/file` });
      },
    },
    ...['clientDebt', 'collection-types', 'general-kpi'].map((report) => ({
      name: `GET /report/${report}`,
      method: 'GET' as const,
      resource: 'report' as const,
      status: 200,
      run: (token: string) =>
        call(t.app, token, { method: 'GET', url: `/api/report/${report}?company=${companyId}` }),
    })),
  ];

  const cases = ROLES.flatMap((role) =>
    calls.map((c) => ({ role, ...c, expected: allowed(role, c.method, c.resource) ? c.status : 403 })),
  );

  it.each(cases)('$role $name → $expected', async ({ role, run, expected }) => {
    const response = await run(tokens[role]);
    expectStatus(response, expected);
    if (expected === 403) expect(response.body).toEqual({ message: MESSAGES.forbidden });
  });

  it('without a token → 401 Unauthorized', async () => {
    for (const url of [
      '/api/documents/1/file',
      '/api/report/general-kpi',
      '/api/report/clientDebt?company=1',
    ])
      expectStatus(await call(t.app, null, { method: 'GET', url }), 401);
    expectStatus(
      await call(t.app, null, { method: 'POST', url: '/api/documents', ...multipartBody([]) }),
      401,
    );
  });

  it('/api/docs lists the new routes', async () => {
    const { body } = await call(t.app, null, { method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/documents',
        '/api/documents/{id}/file',
        '/api/report/clientDebt',
        '/api/report/collection-types',
        '/api/report/general-kpi',
      ]),
    );
  });
});
