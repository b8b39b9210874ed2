import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDebtor, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';

forEachBackend('debtors sorted by "Apellido y nombre"', (backend) => {
  let t: TestApp;
  let token: string;
  const base = unique('Orden');
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    // Created out of order, so neither the id nor the insertion order can pass for the name order.
    for (const [lastName, firstName] of [
      [`${base} Bravo`, 'Zulema'],
      [`${base} Bravo`, 'Ana'],
      [`${base} Alba`, 'Pedro'],
      [`${base} Bravo`, 'Marta'],
    ] as const)
      await createDebtor(t.app, token, { lastName, firstName });
  });
  afterAll(() => t?.close());

  const names = async (order: 'asc' | 'desc') => {
    const response = await call(t.app, token, {
      method: 'GET',
      url: `/api/debtors?q=${encodeURIComponent(base)}&sort=lastName&order=${order}`,
    });
    expectStatus(response, 200);
    return (response.body.data as { lastName: string; firstName: string }[]).map(
      (d) => `${d.lastName.slice(base.length + 1)}, ${d.firstName}`,
    );
  };

  describe('GET /debtors?sort=lastName', () => {
    it('orders by last name, then first names (ascending)', async () => {
      expect(await names('asc')).toEqual(['Alba, Pedro', 'Bravo, Ana', 'Bravo, Marta', 'Bravo, Zulema']);
    });

    it('and both descending', async () => {
      expect(await names('desc')).toEqual(['Bravo, Zulema', 'Bravo, Marta', 'Bravo, Ana', 'Alba, Pedro']);
    });
  });
});
