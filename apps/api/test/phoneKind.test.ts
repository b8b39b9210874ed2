import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import { createDebt, createDebtor, expectStatus } from './domain';
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

type Kinds = {
  phone: string | null;
  altPhone: string | null;
  phoneKind: string | null;
  altPhoneKind: string | null;
};

/** Issue 32: a debtor's phones marked MOVIL or FIJO once, and unknown again when the number changes. */
forEachBackend('the kind of a debtor’s phones (issue 32)', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: string;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    general = (await createUser(t.app, admin, 'GENERAL')).token;
  });
  afterAll(() => t?.close());

  const patch = (id: number, payload: Record<string, unknown>, token = general) =>
    call(t.app, token, { method: 'PATCH', url: `/api/debtors/${id}`, payload });
  const debtorWith = async (fields: Record<string, unknown>) =>
    (await createDebtor(t.app, admin, fields)) as Kinds & { id: number };
  const kindsOf = async (id: number): Promise<Kinds> => {
    const { body } = await call(t.app, admin, { method: 'GET', url: `/api/debtors/${id}` });
    return {
      phone: body.phone,
      altPhone: body.altPhone,
      phoneKind: body.phoneKind,
      altPhoneKind: body.altPhoneKind,
    };
  };

  it('a new debtor’s phones are of unknown kind', async () => {
    const debtor = await debtorWith({ phone: '351 584-7753', altPhone: '11 4555-1234' });
    expect(debtor).toMatchObject({ phoneKind: null, altPhoneKind: null });
  });

  it('a collector (GENERAL) marks each phone; the debt embeds the kinds; the change is audited', async () => {
    const debtor = await debtorWith({ phone: '351 584-7753', altPhone: '11 4555-1234' });
    const debt = await createDebt(t.app, admin, { debtorId: debtor.id });
    const marked = await patch(debtor.id, { phoneKind: 'MOVIL' });
    expectStatus(marked, 200);
    expect(marked.body).toMatchObject({ phoneKind: 'MOVIL', altPhoneKind: null });
    expectStatus(await patch(debtor.id, { altPhoneKind: 'FIJO' }), 200);

    const read = await call(t.app, general, { method: 'GET', url: `/api/debts/${debt.id}` });
    expect(read.body.debtor).toMatchObject({
      phone: '351 584-7753',
      phoneKind: 'MOVIL',
      altPhoneKind: 'FIJO',
    });

    const audit = rowsOf<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      await t.database.db.execute(
        sql`SELECT before, after FROM audit_log WHERE resource = 'debtors' AND record_id = ${debtor.id}
            AND action = 'update' ORDER BY id`,
      ),
    );
    expect(audit.map((row) => [row.before.phoneKind, row.after.phoneKind])).toEqual([
      [null, 'MOVIL'],
      ['MOVIL', 'MOVIL'],
    ]);
    expect(audit[1]?.after.altPhoneKind).toBe('FIJO');
  });

  it('a CLIENTE cannot change it (403) and the kind stays', async () => {
    const client = await createUser(t.app, admin, 'CLIENTE');
    const debtor = await debtorWith({ phone: '351 584-7753' });
    const refused = await patch(debtor.id, { phoneKind: 'FIJO' }, client.token);
    expectStatus(refused, 403);
    expect((await kindsOf(debtor.id)).phoneKind).toBeNull();
  });

  it('anything but MOVIL, FIJO or null is a 400 in Spanish', async () => {
    const debtor = await debtorWith({ phone: '351 584-7753' });
    for (const phoneKind of ['CELULAR', 1, 'movil']) {
      const answer = await patch(debtor.id, { phoneKind });
      expectStatus(answer, 400);
      expect(answer.body.errors.phoneKind).toEqual(['Elija celular, fijo o sin indicar.']);
    }
    expectStatus(await patch(debtor.id, { phoneKind: 'FIJO' }), 200);
    expect((await patch(debtor.id, { phoneKind: null })).body.phoneKind).toBeNull();
  });

  it('another number is unknown again; the same digits written otherwise keep the kind', async () => {
    const debtor = await debtorWith({ phone: '351 584-7753', altPhone: '11 4555-1234' });
    await patch(debtor.id, { phoneKind: 'MOVIL', altPhoneKind: 'FIJO' });
    expect((await patch(debtor.id, { phone: '(0351) 5847753' })).body.phoneKind).toBe('MOVIL');
    expect((await patch(debtor.id, { phone: '351 584-7754' })).body).toMatchObject({
      phoneKind: null,
      altPhoneKind: 'FIJO',
    });
    expect(
      (await patch(debtor.id, { altPhone: '11 4555-9999', altPhoneKind: 'FIJO' })).body.altPhoneKind,
    ).toBeNull();
  });

  it('a new number and its kind in the same write: the kind given stays', async () => {
    const debtor = await debtorWith({ phone: '351 584-7753' });
    await patch(debtor.id, { phoneKind: 'FIJO' });
    const changed = await patch(debtor.id, { phone: '351 600-1234', phoneKind: 'MOVIL' });
    expect(changed.body).toMatchObject({ phone: '351 600-1234', phoneKind: 'MOVIL' });
    const created = await debtorWith({ phone: '11 2345-6789', phoneKind: 'MOVIL' });
    expect(created.phoneKind).toBe('MOVIL');
  });

  it('a phone left empty (or never given) has no kind', async () => {
    const debtor = await debtorWith({ phone: '351 584-7753' });
    await patch(debtor.id, { phoneKind: 'MOVIL' });
    expect((await patch(debtor.id, { phone: null })).body).toMatchObject({ phone: null, phoneKind: null });
    expect((await patch(debtor.id, { phoneKind: 'MOVIL' })).body.phoneKind).toBeNull();
    expect((await debtorWith({ altPhoneKind: 'FIJO' })).altPhoneKind).toBeNull();
  });

  it('the database refuses another kind (CHECK) and resets it for any writer', async () => {
    const debtor = await debtorWith({ phone: '351 584-7753' });
    await expect(
      t.database.db.execute(sql`UPDATE debtors SET phone_kind = 'OTRO' WHERE id = ${debtor.id}`),
    ).rejects.toThrow();
    await t.database.db.execute(sql`UPDATE debtors SET phone_kind = 'MOVIL' WHERE id = ${debtor.id}`);
    await t.database.db.execute(sql`UPDATE debtors SET phone = '351 111-2222' WHERE id = ${debtor.id}`);
    expect((await kindsOf(debtor.id)).phoneKind).toBeNull();
  });
});
