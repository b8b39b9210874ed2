import { agencyDayStart, agencyToday } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { create, createCatalog, createDebt, dayFrom } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  createUser,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

/** The dashboard's collectors' day (issue 18): promises of today and broken, figures per collector. */
forEachBackend('GET /api/report/collection-day', (backend) => {
  let t: TestApp;
  let admin: string;
  let companyId: number;
  let collector: Awaited<ReturnType<typeof createUser>>;
  let idle: Awaited<ReturnType<typeof createUser>>;
  const today = agencyToday();
  const monthFrom = `${today.slice(0, 8)}01`;

  const day = async (token: string, query = '') =>
    call(t.app, token, { method: 'GET', url: `/api/report/collection-day${query}` });
  const promise = async (token: string, debtId: number, amount: string, dueDate = today) =>
    (await create(t.app, token, 'promises', { debtId, amount, dueDate })) as { id: number };
  /** Moves a promise into the past: taken `taken` days ago, due `due` days ago. */
  const backdate = (id: number, taken: number, due: number) =>
    t.database.db.execute(
      sql`UPDATE promises SET taken_on = ${dayFrom(-taken)}, due_date = ${dayFrom(-due)} WHERE id = ${id}`,
    );
  const pay = (debtId: number, amount: string, paidAt = today) =>
    create(t.app, admin, 'payments', { debtId, amount, paidAt });

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    companyId = (await createCompany(t.app, admin)).id;
    collector = await createUser(t.app, admin, 'GENERAL');
    idle = await createUser(t.app, admin, 'GENERAL');
    const other = (await createCompany(t.app, admin)).id;
    const mine = (fields: Record<string, unknown> = {}) =>
      createDebt(t.app, admin, {
        companyId,
        assignedUserId: collector.id,
        originalAmount: '5000.00',
        ...fields,
      });

    // Today's promises: 300 kept today, 200 due tomorrow; one of 999 in dollars (another currency).
    const kept = await mine();
    await promise(collector.token, kept.id, '300.00');
    await pay(kept.id, '300.00');
    await promise(collector.token, (await mine()).id, '200.00', dayFrom(1));
    await promise(collector.token, (await mine({ currency: 'USD' })).id, '999.00');
    // Broken in the last 30 days: 400 with nothing paid, 150 with 50 paid in its window (PARCIAL).
    const broken = await promise(collector.token, (await mine()).id, '400.00');
    await backdate(broken.id, 10, 5);
    const partlyDebt = await mine();
    const partly = await promise(collector.token, partlyDebt.id, '150.00');
    await backdate(partly.id, 8, 3);
    await pay(partlyDebt.id, '50.00', dayFrom(-4));
    // Not counted: broken 40 days ago; kept in the past; another company's debt, seen only unfiltered.
    const old = await promise(collector.token, (await mine()).id, '700.00');
    await backdate(old.id, 45, 40);
    const keptDebt = await mine();
    const keptBefore = await promise(collector.token, keptDebt.id, '80.00');
    await backdate(keptBefore.id, 6, 2);
    await pay(keptDebt.id, '80.00', dayFrom(-2));
    const elsewhere = await promise(
      collector.token,
      (await createDebt(t.app, admin, { companyId: other, assignedUserId: collector.id })).id,
      '60.00',
    );
    await backdate(elsewhere.id, 7, 6);

    // Contacts by the collector: two today, one at the month's first instant.
    const eventTypeId = (await createCatalog(t.app, admin, 'events-types')).id;
    for (const date of [new Date().toISOString(), new Date().toISOString(), agencyDayStart(monthFrom)])
      await create(t.app, collector.token, 'events', { debtId: kept.id, eventTypeId, date });
  });
  afterAll(() => t?.close());

  it('counts the promises due today and those broken in the last 30 days, of one company and currency', async () => {
    const { status, body } = await day(admin, `?company=${companyId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      today,
      monthFrom,
      // 300 (kept) + 200 is due tomorrow: only the 300; the 999 is in dollars.
      promisesToday: { count: 1, amount: '300.00' },
      // 400 broken + 150 partly kept; not the one of 40 days ago, nor the kept 80.
      promisesBroken: { count: 2, amount: '550.00', since: dayFrom(-30) },
    });
    const dollars = await day(admin, `?company=${companyId}&currency=USD`);
    expect(dollars.body.promisesToday).toEqual({ count: 1, amount: '999.00' });
    // Every company: the other company's broken 60 joins.
    expect((await day(admin)).body.promisesBroken).toMatchObject({ count: 3, amount: '610.00' });
  });

  it("gives an ADMIN each collector's contacts, promises kept and money of the month", async () => {
    const { body } = await day(admin, `?company=${companyId}`);
    const mine = body.collectors.find((c: { userId: number }) => c.userId === collector.id);
    const firstOfMonthIsToday = monthFrom === today;
    // Taken this month: 300, 200, 999 today; the backdated ones only when their day is in the month.
    const backdated = [10, 8, 45, 6].filter((days) => dayFrom(-days) >= monthFrom).length;
    // Decided: the 300 kept today, and of the backdated ones in the month all are decided (broken,
    // partly kept, kept); the 200 due tomorrow and the 999 due today are pending.
    const keptInMonth = 1 + (dayFrom(-6) >= monthFrom ? 1 : 0);
    expect(mine).toEqual({
      userId: collector.id,
      name: `Usuario ${collector.alias}`,
      contactsToday: firstOfMonthIsToday ? 3 : 2,
      contactsMonth: 3,
      promisesTaken: 3 + backdated,
      promisesKept: keptInMonth,
      promisesDecided: 1 + backdated,
      keptPercent: expect.any(String),
      // 300 today; the 50 and the 80 only if paid this month. Dollars are not added.
      collected: [300_00, dayFrom(-4) >= monthFrom ? 50_00 : 0, dayFrom(-2) >= monthFrom ? 80_00 : 0]
        .reduce((a, b) => a + b, 0)
        .toFixed(0)
        .replace(/(\d\d)$/, '.$1'),
    });
    // Most days of the month: 2 kept of 5 decided (300, 80; 400 broken, 150 partly, 700 only if
    // the month is that long) — the percentage is kept ÷ decided with two decimals, half up.
    const expected = (mine.promisesKept * 10_000) / mine.promisesDecided;
    expect(mine.keptPercent).toBe((Math.round(expected) / 100).toFixed(2));
    // An active collector with nothing done is listed with zeros.
    expect(body.collectors.find((c: { userId: number }) => c.userId === idle.id)).toMatchObject({
      contactsToday: 0,
      contactsMonth: 0,
      promisesTaken: 0,
      keptPercent: null,
      collected: '0.00',
    });
  });

  it('shows the collectors only to an ADMIN; a CLIENTE sees its own company only', async () => {
    expect((await day(collector.token)).body.collectors).toBeNull();
    const client = await createUser(t.app, admin, 'CLIENTE');
    const seen = await day(client.token, `?company=${companyId}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      promisesToday: { count: 0 },
      promisesBroken: { count: 0 },
      collectors: null,
    });
  });
});
