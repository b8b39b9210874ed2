import * as shared from '@cobranzas/shared';
import { RESOURCE_SUBJECTS, type ResourceDefinition } from '@cobranzas/shared';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

/** Every resource definition packages/shared exports (issue 15: one definition per resource). */
const exported: unknown[] = Object.values(shared);
const definitions = exported.filter(
  (value): value is ResourceDefinition =>
    typeof value === 'object' && value !== null && 'listQuery' in value && 'sortable' in value,
);

const ROUTES = {
  list: { method: 'GET', url: '' },
  read: { method: 'GET', url: '/:id' },
  create: { method: 'POST', url: '' },
  update: { method: 'PATCH', url: '/:id' },
  delete: { method: 'DELETE', url: '/:id' },
} as const satisfies Record<shared.Operation, { method: HTTPMethods; url: string }>;

/** Values a filter's schema may take, in order of preference; the first it accepts is sent. */
const CANDIDATES = [
  '1',
  '2026',
  '2026-01-01',
  'true',
  'x',
  shared.PROVINCES[0],
  ...shared.DEBT_STATUSES,
  ...shared.QUOTA_STATUSES,
  ...shared.TASK_STATUSES,
  ...shared.EMBARGO_STATUSES,
  ...shared.PAYMENT_METHODS,
  ...shared.USER_TYPES,
  ...shared.IMPORT_STATUSES,
  ...shared.SETTLEMENT_STATUSES,
  ...shared.CURRENCIES,
  ...shared.STRATEGY_TRIGGERS,
  ...shared.JUDICIAL_DAY_OFF_KINDS,
];
function sampleFor(definition: ResourceDefinition, filter: string): string {
  const schema = definition.filters[filter];
  const value = CANDIDATES.find((candidate) => schema && z.safeParse(schema, candidate).success);
  if (value === undefined) throw new Error(`${definition.path}: no sample value for the filter ${filter}`);
  return value;
}

describe('the resource definitions', () => {
  it('cover every API resource once, each guarded by its subject', () => {
    const paths = definitions.map((definition) => definition.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const definition of definitions)
      expect(definition.subject, definition.path).toBe(RESOURCE_SUBJECTS[definition.path]);
    // Not generic resources: audit is a read of the log, report the downloads.
    const notGeneric = new Set(['audit', 'report']);
    const missing = Object.keys(RESOURCE_SUBJECTS).filter(
      (path) => !notGeneric.has(path) && !paths.includes(path as never),
    );
    expect(missing).toEqual([]);
  });
});

forEachBackend('every route and list agrees with its resource definition', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  it('each operation of a definition is a route under /api/{path}', () => {
    for (const definition of definitions)
      for (const operation of definition.operations) {
        const { method, url } = ROUTES[operation];
        expect(
          t.app.hasRoute({ method, url: `/api/${definition.path}${url}` }),
          `${method} ${definition.path}`,
        ).toBe(true);
      }
  });

  it('each sortable value of a definition orders its list, both ways', async () => {
    for (const definition of definitions)
      for (const sort of definition.sortable)
        for (const order of ['asc', 'desc']) {
          const url = `/api/${definition.path}?sort=${sort}&order=${order}&limit=5`;
          const response = await call(t.app, token, { method: 'GET', url });
          expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
        }
  });

  it('each filter of a definition filters its list, and a name outside the definition is a 400', async () => {
    for (const definition of definitions) {
      for (const filter of Object.keys(definition.filters)) {
        const url = `/api/${definition.path}?${filter}=${encodeURIComponent(sampleFor(definition, filter))}`;
        const response = await call(t.app, token, { method: 'GET', url });
        expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
      }
      const unknown = await call(t.app, token, {
        method: 'GET',
        url: `/api/${definition.path}?noSuchFilter=1`,
      });
      expect(unknown.status, definition.path).toBe(400);
      expect(unknown.body.errors).toHaveProperty('noSuchFilter');
    }
  });

  it('a sort value outside the definition is a 400, not a silent default order', async () => {
    for (const definition of definitions) {
      const response = await call(t.app, token, {
        method: 'GET',
        url: `/api/${definition.path}?sort=noSuchSort`,
      });
      expect(response.status, definition.path).toBe(400);
      expect(response.body.errors).toHaveProperty('sort');
    }
  });
});
