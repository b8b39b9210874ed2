import { MESSAGES } from '@cobranzas/shared';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { payments } from '../src/db/ledgerViews';
import { debts, documents, events, observations, tasks, users, userTypes } from '../src/db/schema';
import { create, createCatalog, createDebt, createDebtor, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  type BackendName,
  call,
  createCompany,
  createUser,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';

const ADMIN_TYPE = 1;
const GENERAL_TYPE = 2;

/** Active users whose type has the ADMIN role, straight from the database. */
async function activeAdmins(t: TestApp): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userTypes, eq(users.userTypeId, userTypes.id))
    .where(and(eq(userTypes.role, 'ADMIN'), eq(users.active, true)));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

const patchUser = (t: TestApp, token: string, id: number, payload: Record<string, unknown>) =>
  call(t.app, token, { method: 'PATCH', url: `/api/users/${id}`, payload });
const deleteUser = (t: TestApp, token: string, id: number) =>
  call(t.app, token, { method: 'DELETE', url: `/api/users/${id}` });

/** A fresh database per test: these rules are about how many admins there are. */
function freshApp(backend: BackendName) {
  const state = {} as { t: TestApp; token: string };
  beforeEach(async () => {
    state.t = await startApp(backend);
    state.token = await tokenFor(state.t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterEach(() => state.t?.close());
  return state;
}

/**
 * Two more admins (X and Y, with no history of their own) and the seeded admin (id 1) demoted, so X
 * and Y are the last two active admins.
 */
async function lastTwoAdmins(t: TestApp, token: string) {
  const x = await createUser(t.app, token, 'ADMIN');
  const y = await createUser(t.app, token, 'ADMIN');
  expectStatus(await patchUser(t, token, 1, { userTypeId: GENERAL_TYPE }), 200);
  expect(await activeAdmins(t)).toEqual([x.id, y.id]);
  return { x, y };
}

/**
 * Runs the requests so that their transactions overlap, whatever the guard in front of them sees.
 * PostgreSQL: the users' rows are held (FOR SHARE) by another connection until every request waits
 * on them, so all have passed the guard and none has committed. PGlite (one connection, one
 * transaction at a time): the guard's cache of each user's state is filled first, so no request is
 * refused for what another one committed before it.
 */
async function concurrently<T>(
  t: TestApp,
  backend: BackendName,
  held: { id: number; token: string }[],
  requests: () => Promise<T>[],
): Promise<T[]> {
  if (backend === 'pglite') {
    for (const user of held)
      expectStatus(await call(t.app, user.token, { method: 'GET', url: `/api/users/${user.id}` }), 200);
    return Promise.all(requests());
  }
  const holder = new pg.Client({ connectionString: t.config.databaseUrl ?? undefined });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM users WHERE id = ANY($1) FOR SHARE', [held.map((user) => user.id)]);
    let settled = false;
    const sent = requests();
    const answers = Promise.all(sent).finally(() => {
      settled = true;
    });
    while (!settled) {
      // Activity is read once per transaction unless the snapshot is cleared.
      await holder.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await holder.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      if (rows[0].n >= sent.length) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await holder.query('COMMIT');
    return await answers;
  } finally {
    await holder.end();
  }
}

forEachBackend('users: the last active ADMIN (issue 14)', (backend) => {
  const s = freshApp(backend);

  it('the last active ADMIN cannot be demoted to a non-ADMIN type → 409', async () => {
    const company = await createCompany(s.t.app, s.token);
    for (const payload of [{ userTypeId: GENERAL_TYPE }, { userTypeId: 3, companyId: company.id }]) {
      const response = await patchUser(s.t, s.token, 1, payload);
      expect(response.status, JSON.stringify(response.body)).toBe(409);
      expect(response.body).toEqual({ message: MESSAGES.lastAdmin });
    }
    expect(await activeAdmins(s.t)).toEqual([1]);
  });

  it('the last active ADMIN cannot be deactivated → 409', async () => {
    const response = await patchUser(s.t, s.token, 1, { active: false });
    expectStatus(response, 409);
    expect(response.body).toEqual({ message: MESSAGES.lastAdmin });
    expect(await activeAdmins(s.t)).toEqual([1]);
  });

  it('the last active ADMIN cannot be deleted: of two concurrent deletions of the last two, one → 409', async () => {
    const { x, y } = await lastTwoAdmins(s.t, s.token);
    const answers = await concurrently(s.t, backend, [x, y], () => [
      deleteUser(s.t, x.token, y.id),
      deleteUser(s.t, y.token, x.id),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toEqual({ message: MESSAGES.lastAdmin });
    expect(await activeAdmins(s.t)).toHaveLength(1);
  });

  it('two concurrent demotions of the last two admins leave one: one → 200, the other → 409', async () => {
    const { x, y } = await lastTwoAdmins(s.t, s.token);
    const answers = await concurrently(s.t, backend, [x, y], () => [
      patchUser(s.t, x.token, y.id, { userTypeId: GENERAL_TYPE }),
      patchUser(s.t, y.token, x.id, { userTypeId: GENERAL_TYPE }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toEqual({ message: MESSAGES.lastAdmin });
    expect(await activeAdmins(s.t)).toHaveLength(1);
  });

  it('two concurrent deactivations of the last two admins leave one', async () => {
    const { x, y } = await lastTwoAdmins(s.t, s.token);
    const answers = await concurrently(s.t, backend, [x, y], () => [
      patchUser(s.t, x.token, y.id, { active: false }),
      patchUser(s.t, y.token, x.id, { active: false }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await activeAdmins(s.t)).toHaveLength(1);
  });

  it('moving the last ADMIN into a type while that type loses the ADMIN role, at once, leaves an ADMIN', async () => {
    const type = await create(s.t.app, s.token, 'users-types', { name: unique('Dirección '), role: 'ADMIN' });
    expect(await activeAdmins(s.t)).toEqual([1]);
    const send = () => [
      patchUser(s.t, s.token, 1, { userTypeId: type.id }),
      call(s.t.app, s.token, {
        method: 'PATCH',
        url: `/api/users-types/${type.id}`,
        payload: { role: 'GENERAL' },
      }),
    ];
    let answers: { status: number }[];
    if (backend === 'pglite') answers = await Promise.all(send());
    else {
      // Both writes wait on rows held here, then go at the same moment: each checks before the other commits.
      const holder = new pg.Client({ connectionString: s.t.config.databaseUrl ?? undefined });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM users WHERE id = 1 FOR SHARE');
        await holder.query('SELECT 1 FROM user_types WHERE id = $1 FOR SHARE', [type.id]);
        const sent = send();
        for (let waiting = 0; waiting < 2; ) {
          await holder.query('SELECT pg_stat_clear_snapshot()');
          const { rows } = await holder.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          );
          waiting = rows[0].n;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await holder.query('COMMIT');
        answers = await Promise.all(sent);
      } finally {
        await holder.end();
      }
    }
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await activeAdmins(s.t)).toHaveLength(1);
  });

  it('the last active ADMINs cannot lose the role through their user type → 409', async () => {
    const type = await create(s.t.app, s.token, 'users-types', { name: unique('Socio '), role: 'ADMIN' });
    const alias = unique('socio');
    const partner = await create(s.t.app, s.token, 'users', {
      name: 'Socia',
      alias,
      password: 'clave-segura-1',
      userTypeId: type.id,
    });
    const partnerToken = await tokenFor(s.t.app, alias, 'clave-segura-1');
    const url = `/api/users-types/${type.id}`;
    // While the seeded admin is one, the type may stop being ADMIN…
    expectStatus(await call(s.t.app, s.token, { method: 'PATCH', url, payload: { role: 'GENERAL' } }), 200);
    expectStatus(await call(s.t.app, s.token, { method: 'PATCH', url, payload: { role: 'ADMIN' } }), 200);
    // …but not once its users are the only admins left.
    expectStatus(await patchUser(s.t, partnerToken, 1, { userTypeId: GENERAL_TYPE }), 200);
    expect(await activeAdmins(s.t)).toEqual([partner.id]);
    const refused = await call(s.t.app, partnerToken, { method: 'PATCH', url, payload: { role: 'GENERAL' } });
    expectStatus(refused, 409);
    expect(refused.body).toEqual({ message: MESSAGES.lastAdmin });
    expect(await activeAdmins(s.t)).toEqual([partner.id]);
  });

  it('an ADMIN may be demoted, deactivated or deleted while another active ADMIN remains', async () => {
    const other = await createUser(s.t.app, s.token, 'ADMIN');
    expectStatus(await patchUser(s.t, s.token, other.id, { active: false }), 200);
    expectStatus(await patchUser(s.t, s.token, other.id, { active: true }), 200);
    expectStatus(await patchUser(s.t, s.token, other.id, { userTypeId: GENERAL_TYPE }), 200);
    expectStatus(await patchUser(s.t, s.token, other.id, { userTypeId: ADMIN_TYPE }), 200);
    // The seeded admin demotes itself: `other` remains.
    expectStatus(await patchUser(s.t, other.token, 1, { userTypeId: GENERAL_TYPE }), 200);
    expect(await activeAdmins(s.t)).toEqual([other.id]);
    const third = await createUser(s.t.app, other.token, 'ADMIN');
    expectStatus(await deleteUser(s.t, third.token, other.id), 409); // `other` created `third`: history
    expectStatus(await deleteUser(s.t, other.token, third.id), 204);
  });
});

forEachBackend('users: a user with history cannot be deleted (issue 14)', (backend) => {
  let t: TestApp;
  let token: string;
  let debtId: number;
  let eventTypeId: number;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    debtId = (await createDebt(t.app, token)).id;
    eventTypeId = (await createCatalog(t.app, token, 'events-types')).id;
  });
  afterAll(() => t?.close());

  /** Rows that name the user, written straight to the database (no audit entry of theirs). */
  const histories: [string, (userId: number) => Promise<unknown>, (userId: number) => Promise<unknown[]>][] =
    [
      [
        'ledger.created_by (a payment)',
        (userId) =>
          t.database.db
            .insert(payments)
            .values({ debtId, amount: '1.00', paidAt: '2024-01-01', createdBy: userId }),
        (userId) => t.database.db.select().from(payments).where(eq(payments.createdBy, userId)),
      ],
      [
        'events.user_id',
        (userId) => t.database.db.insert(events).values({ debtId, eventTypeId, userId }),
        (userId) => t.database.db.select().from(events).where(eq(events.userId, userId)),
      ],
      [
        'observations.user_id',
        (userId) => t.database.db.insert(observations).values({ debtId, text: 'Llamó', userId }),
        (userId) => t.database.db.select().from(observations).where(eq(observations.userId, userId)),
      ],
      [
        'tasks.user_id',
        (userId) => t.database.db.insert(tasks).values({ title: 'Llamar', start: new Date(), userId }),
        (userId) => t.database.db.select().from(tasks).where(eq(tasks.userId, userId)),
      ],
      [
        'documents.uploaded_by',
        (userId) =>
          t.database.db.insert(documents).values({
            debtId,
            fileName: 'recibo.pdf',
            mimeType: 'application/pdf',
            size: 10,
            storageKey: unique('k'),
            uploadedBy: userId,
          }),
        (userId) => t.database.db.select().from(documents).where(eq(documents.uploadedBy, userId)),
      ],
      [
        'debts.assigned_user_id',
        (userId) => createDebt(t.app, token, { assignedUserId: userId }),
        (userId) => t.database.db.select().from(debts).where(eq(debts.assignedUserId, userId)),
      ],
    ];

  it.each(histories)(
    'a user named by %s cannot be deleted → 409 "desactívelo en su lugar"',
    async (_, write, read) => {
      const user = await createUser(t.app, token, 'GENERAL');
      await write(user.id);
      const response = await deleteUser(t, token, user.id);
      expectStatus(response, 409);
      expect(response.body).toEqual({ message: MESSAGES.userHasHistory });
      expect(MESSAGES.userHasHistory).toMatch(/desactívelo en su lugar/);
      // Nothing was unattributed, and the user is still there to be deactivated instead.
      expect(await read(user.id)).toHaveLength(1);
      expectStatus(await patchUser(t, token, user.id, { active: false }), 200);
    },
  );

  it('a user who wrote audit entries (any change through the API) cannot be deleted → 409', async () => {
    const user = await createUser(t.app, token, 'GENERAL');
    const debtor = await createDebtor(t.app, token);
    expectStatus(
      await call(t.app, user.token, {
        method: 'PATCH',
        url: `/api/debtors/${debtor.id}`,
        payload: { city: 'Salta' },
      }),
      200,
    );
    const response = await deleteUser(t, token, user.id);
    expectStatus(response, 409);
    expect(response.body).toEqual({ message: MESSAGES.userHasHistory });
  });

  it('a user without history is still deleted → 204', async () => {
    const user = await createUser(t.app, token, 'GENERAL');
    expectStatus(await deleteUser(t, token, user.id), 204);
  });

  it('who did what is never ON DELETE SET NULL: those foreign keys are NO ACTION (tasks.debt_id unchanged)', async () => {
    const result = (await t.database.db.execute(sql`
      SELECT conname, confdeltype::text AS action FROM pg_constraint
      WHERE contype = 'f' AND (confrelid = 'users'::regclass OR conname = 'tasks_debt_id_debts_id_fk')
      ORDER BY conname`)) as unknown as { rows: { conname: string; action: string }[] };
    const actions = Object.fromEntries(result.rows.map((row) => [row.conname, row.action]));
    for (const name of [
      'ledger_created_by_users_id_fk',
      'events_user_id_users_id_fk',
      'observations_user_id_users_id_fk',
      'tasks_user_id_users_id_fk',
      'documents_uploaded_by_users_id_fk',
      'debts_assigned_user_id_users_id_fk',
    ])
      expect(actions[name], name).toBe('a');
    expect(Object.values(actions).filter((action) => action === 'n')).toHaveLength(1);
    expect(actions.tasks_debt_id_debts_id_fk).toBe('n');
  });
});

forEachBackend('debts: assignedUserId must be an active ADMIN or GENERAL user (issue 14)', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const refusal = (message: string) => ({
    message: MESSAGES.invalidInput,
    errors: { assignedUserId: [message] },
  });
  const inactiveGeneral = async () => {
    const user = await createUser(t.app, token, 'GENERAL');
    expectStatus(await patchUser(t, token, user.id, { active: false }), 200);
    return user;
  };

  it('assignedUserId of a new debt must be an active ADMIN or GENERAL user → 400 otherwise', async () => {
    const client = await createUser(t.app, token, 'CLIENTE');
    const inactive = await inactiveGeneral();
    const post = (assignedUserId: unknown) =>
      createDebt(t.app, token, { assignedUserId }).then(
        () => ({ status: 201, body: undefined }),
        (error: Error) => {
          const [, status, body] = /→ (\d+) (.*)$/s.exec(error.message) ?? [];
          return { status: Number(status), body: JSON.parse(body ?? 'null') };
        },
      );
    expect(await post(client.id)).toEqual({ status: 400, body: refusal(MESSAGES.assigneeNotStaff) });
    expect(await post(inactive.id)).toEqual({ status: 400, body: refusal(MESSAGES.assigneeNotStaff) });
    expect(await post(999_999)).toEqual({ status: 400, body: refusal(MESSAGES.userNotFound) });
    const general = await createUser(t.app, token, 'GENERAL');
    expect((await post(general.id)).status).toBe(201);
    expect((await post(1)).status).toBe(201);
    expect((await post(null)).status).toBe(201);
  });

  it('assignedUserId of an updated debt must be an active ADMIN or GENERAL user; resending the current one passes', async () => {
    const general = await createUser(t.app, token, 'GENERAL');
    const debt = await createDebt(t.app, token, { assignedUserId: general.id });
    const url = `/api/debts/${debt.id}`;
    const patch = (payload: Record<string, unknown>) => call(t.app, token, { method: 'PATCH', url, payload });
    const client = await createUser(t.app, token, 'CLIENTE');
    const inactive = await inactiveGeneral();
    for (const assignedUserId of [client.id, inactive.id]) {
      const refused = await patch({ assignedUserId });
      expectStatus(refused, 400);
      expect(refused.body).toEqual(refusal(MESSAGES.assigneeNotStaff));
    }
    // The collector leaves: the debt can still be edited with its form, which resends the assignee.
    expectStatus(await patchUser(t, token, general.id, { active: false }), 200);
    const edited = await patch({ assignedUserId: general.id, notes: 'Sigue en gestión' });
    expectStatus(edited, 200);
    expect(edited.body).toMatchObject({ assignedUserId: general.id, notes: 'Sigue en gestión' });
    expectStatus(await patch({ assignedUserId: 1 }), 200);
    expectStatus(await patch({ assignedUserId: null }), 200);
    const [row] = await t.database.db.select().from(debts).where(eq(debts.id, debt.id));
    expect(row?.assignedUserId).toBeNull();
  });
});
