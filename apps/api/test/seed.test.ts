import { afterAll, beforeAll, expect, it } from 'vitest';
import { seed } from '../src/db/seed';
import { ADMIN_ALIAS, call, decodeToken, forEachBackend, startApp, type TestApp, tokenFor } from './helpers';

forEachBackend('first start without ADMIN_PASSWORD', (backend) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startApp(backend, { env: { ADMIN_PASSWORD: '' }, announce: (line) => lines.push(line) });
  });
  afterAll(() => t?.close());

  it('prints one Spanish line with the alias and a generated password that works', async () => {
    expect(lines).toHaveLength(1);
    const match = /^Usuario administrador creado: alias "(.+)", contraseña "(.+)" \(guárdela/.exec(
      lines[0] ?? '',
    );
    expect(match?.[1]).toBe(ADMIN_ALIAS);
    const password = match?.[2] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(decodeToken(await tokenFor(t.app, ADMIN_ALIAS, password))).toMatchObject({ type: 'ADMIN' });
  });

  it('the next start prints nothing and keeps that admin', async () => {
    await seed(t.database.db, t.config, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    const token = await tokenFor(t.app, ADMIN_ALIAS, /contraseña "(.+)"/.exec(lines[0] ?? '')?.[1] ?? '');
    const users = await call(t.app, token, { method: 'GET', url: '/api/users' });
    expect(users.body.total).toBe(1);
  });
});
