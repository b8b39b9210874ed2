import { MESSAGES } from '@cobranzas/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  forEachBackend,
  login,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

forEachBackend('POST /api/me/password: change my own password (issue 32)', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const change = (token: string | null, currentPassword: string, newPassword: string) =>
    call(t.app, token, {
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword, newPassword },
    });

  it('a collector changes their password: the new one signs in, the old one no longer does', async () => {
    const user = await createUser(t.app, admin, 'GENERAL');
    const answer = await change(user.token, user.password, 'otra-clave-2026');
    expect(answer.status).toBe(204);
    expect((await login(t.app, user.alias, 'otra-clave-2026')).status).toBe(200);
    expect((await login(t.app, user.alias, user.password)).status).toBe(401);
    // On the trail, without either password.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'users'), eq(auditLog.recordId, user.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.userId).toBe(user.id);
    expect(JSON.stringify(entry)).not.toContain('otra-clave-2026');
    expect(JSON.stringify(entry)).not.toContain(user.password);
  });

  it('a client company user may change theirs too', async () => {
    const user = await createUser(t.app, admin, 'CLIENTE');
    expect((await change(user.token, user.password, 'cliente-clave-99')).status).toBe(204);
    expect((await login(t.app, user.alias, 'cliente-clave-99')).status).toBe(200);
  });

  it('a wrong current password is refused on its field and changes nothing', async () => {
    const user = await createUser(t.app, admin, 'GENERAL');
    const answer = await change(user.token, 'no-es-esta', 'nueva-clave-123');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: { currentPassword: [MESSAGES.currentPasswordWrong] } });
    expect((await login(t.app, user.alias, user.password)).status).toBe(200);
  });

  it('the new password must differ from the current one and have 8 characters', async () => {
    const user = await createUser(t.app, admin, 'GENERAL');
    const same = await change(user.token, user.password, user.password);
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ errors: { newPassword: [MESSAGES.samePassword] } });
    const short = await change(user.token, user.password, 'corta');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ errors: { newPassword: [MESSAGES.passwordTooShort] } });
  });

  it('five wrong tries make the sixth wait (429), even with the right password', async () => {
    const user = await createUser(t.app, admin, 'GENERAL');
    for (let i = 0; i < 5; i++)
      expect((await change(user.token, `mala-${i}-clave`, 'nueva-clave-1')).status).toBe(400);
    const sixth = await change(user.token, user.password, 'nueva-clave-1');
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ message: MESSAGES.tooManyAttempts });
    expect((await login(t.app, user.alias, user.password)).status).toBe(200);
  });

  it('without a session: 401', async () => {
    expect((await change(null, 'lo-que-sea', 'nueva-clave-1')).status).toBe(401);
  });
});
