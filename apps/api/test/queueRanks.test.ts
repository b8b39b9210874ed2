import { agencyDayStart, agencyToday } from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Executor } from '../src/crud';
import { queueRanksDay, refreshQueueRanks } from '../src/modules/queue/ranks';
import { create, createDebt, createDebtor, dayFrom, expectStatus } from './domain';
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

/**
 * queue_ranks (migration 0045, issue 38): the queue scored for the agency day, kept by triggers on every
 * fact the score reads and redone once a day. Whatever is written, by whom and in what order, it must
 * hold exactly what queue_scores computes for its day.
 */
forEachBackend('the day’s stored queue (queue_ranks, migration 0045)', (backend) => {
  let t: TestApp;
  let admin: string;
  let eventTypeId: number;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    eventTypeId = (
      (await create(t.app, admin, 'events-types', { name: 'Llamada saliente' })) as { id: number }
    ).id;
    await t.database.db.execute(
      sql`UPDATE agency_settings SET contact_days = '{1,2,3,4,5,6,7}', contact_from = '00:00', contact_to = '24:00'`,
    );
    await refreshQueueRanks(t.database.db);
  });
  afterAll(() => t?.close());

  /** A database whose stored queue is of no day yet (as before its first refresh). */
  const noDay = () =>
    t.database.db.execute(
      sql`UPDATE counters SET value = 0 WHERE name IN ('queue_ranks_day', 'queue_ranks_target')`,
    );
  const rowsIn = async <T>(db: Executor, query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const rowsOf = <T>(query: SQL) => rowsIn<T>(t.database.db, query);
  /** The rows where queue_ranks and queue_scores of its day differ (both ways): none when kept. */
  const drift = (db: Executor = t.database.db) =>
    rowsIn<{ side: string; debt_id: number; rank: number }>(
      db,
      sql`WITH day AS (
        SELECT to_date(value::text, 'YYYYMMDD') AS d FROM counters WHERE name = 'queue_ranks_day')
      (SELECT 'stored' AS side, * FROM queue_ranks EXCEPT SELECT 'stored', s.* FROM day, queue_scores(day.d) s)
      UNION ALL
      (SELECT 'scored', s.* FROM day, queue_scores(day.d) s EXCEPT SELECT 'scored', * FROM queue_ranks)`,
    );
  /** A debt of `userId` whose debtor has a phone of its own. */
  const debtOf = async (userId: number, companyId?: number, amount = '1000.00') => {
    const debtor = (await createDebtor(t.app, admin, { phone: '11 5555-1234' })) as { id: number };
    return (
      await createDebt(t.app, admin, {
        debtorId: debtor.id,
        assignedUserId: userId,
        originalAmount: amount,
        ...(companyId ? { companyId } : {}),
      })
    ).id as number;
  };

  it('the day’s refresh writes only what the day changes, once; an older day is never written back', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const debt = await debtOf(collector.id);
    // Contacted eight days ago: 8 points today, 7 yesterday, none the day before.
    await create(t.app, admin, 'events', {
      debtId: debt,
      eventTypeId,
      date: agencyDayStart(dayFrom(-8)).replace('T00:', 'T12:'),
    });
    const rankOf = async () =>
      (await rowsOf<{ rank: number }>(sql`SELECT rank FROM queue_ranks WHERE debt_id = ${debt}`))[0]?.rank ??
      null;
    expect(await rankOf()).toBe(8 + 6);
    await noDay();
    // By ranges of two debt ids: each its own transaction, the same table in the end.
    expect(await refreshQueueRanks(t.database.db, dayFrom(-2), 2)).toBeGreaterThan(0);
    expect(await queueRanksDay(t.database.db)).toBe(dayFrom(-2));
    expect(await rankOf()).toBeNull();
    expect(await refreshQueueRanks(t.database.db, dayFrom(-1), 3)).toBeGreaterThan(0);
    expect(await rankOf()).toBe(7 + 6);
    expect(await drift()).toEqual([]);
    expect(await refreshQueueRanks(t.database.db)).toBeGreaterThan(0);
    expect(await rankOf()).toBe(8 + 6);
    // Done for today: again, or for an older day, nothing.
    expect(await refreshQueueRanks(t.database.db)).toBeNull();
    expect(await refreshQueueRanks(t.database.db, dayFrom(-1))).toBeNull();
    expect(await queueRanksDay(t.database.db)).toBe(agencyToday());
    expect(await drift()).toEqual([]);
  });

  it('the queue reads the stored ranks when they hold today: a row taken out of the table leaves the page', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const [first, second] = [await debtOf(collector.id), await debtOf(collector.id)];
    const page = async () => {
      const res = await call(t.app, collector.token, { method: 'GET', url: '/api/queue' });
      expectStatus(res, 200);
      const body = res.body as { data: { debt: { id: number } }[]; total: number };
      return { ids: body.data.map((item) => item.debt.id), total: body.total };
    };
    expect(await page()).toEqual({ ids: [first, second], total: 2 });
    await t.database.db.execute(sql`DELETE FROM queue_ranks WHERE debt_id = ${first}`);
    expect(await page()).toEqual({ ids: [second], total: 1 });
    // Any later fact of the debt writes its row again.
    await t.database.db.execute(sql`UPDATE debts SET status = 'ACTIVA' WHERE id = ${first}`);
    await t.database.db.execute(
      sql`UPDATE debts SET last_contact_at = now() - interval '30 days' WHERE id = ${first}`,
    );
    expect((await page()).ids).toContain(first);
    expect(await drift()).toEqual([]);
  });

  it('a company’s caps of attempts, changed, move its debts at once: reached, at the cap’s block; lifted, callable', async () => {
    const collector = await createUser(t.app, admin, 'GENERAL');
    const company = (await createCompany(t.app, admin)).id;
    const debt = await debtOf(collector.id, company);
    // Two calls today that reached nobody (a channel, no author): attempts, not contacts.
    for (let i = 0; i < 2; i++)
      await t.database.db.execute(sql`INSERT INTO events (debt_id, event_type_id, date, channel)
        VALUES (${debt}, ${eventTypeId}, now(), 'PHONE')`);
    const rank = async () =>
      (await rowsOf<{ rank: number }>(sql`SELECT rank FROM queue_ranks WHERE debt_id = ${debt}`))[0]?.rank;
    expect(await rank()).toBe(36);
    await expectStatus(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/companies/${company}`,
        payload: { maxAttemptsPerDay: 2 },
      }),
      200,
    );
    // ATTEMPTS_PER_DAY is the fifth code: 36 − 5 000.
    expect(await rank()).toBe(36 - 5000);
    await expectStatus(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/companies/${company}`,
        payload: { maxAttemptsPerDay: null },
      }),
      200,
    );
    expect(await rank()).toBe(36);
    expect(await drift()).toEqual([]);
  });

  it('after any history of writes, queue_ranks holds exactly queue_scores of its day', async () => {
    const users = [await createUser(t.app, admin, 'GENERAL'), await createUser(t.app, admin, 'GENERAL')];
    const companies = [(await createCompany(t.app, admin)).id, (await createCompany(t.app, admin)).id];
    const debts: number[] = [];
    for (let i = 0; i < 6; i++)
      debts.push(
        await debtOf((users[i % 2] as { id: number }).id, companies[i % 2], i % 3 ? '1000.00' : '250000.00'),
      );
    const debtorOf = new Map<number, number>();
    for (const row of await rowsOf<{ id: number; debtor_id: number }>(
      sql`SELECT id, debtor_id FROM debts WHERE id = ANY(${`{${debts.join(',')}}`}::int[])`,
    ))
      debtorOf.set(Number(row.id), Number(row.debtor_id));
    const ids = async (table: string) =>
      (
        await rowsOf<{ id: number }>(
          sql`SELECT id FROM ${sql.identifier(table)} WHERE debt_id = ANY(${`{${debts.join(',')}}`}::int[]) ORDER BY id`,
        )
      ).map((row) => Number(row.id));
    const pick = fc.nat({ max: 40 });
    const offset = fc.integer({ min: -12, max: 3 });
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('event' as const),
        debt: pick,
        // Mostly this week's, so that the caps of attempts are reached.
        day: fc.oneof(offset, fc.integer({ min: -2, max: 0 }), fc.constant(0)),
        phone: fc.boolean(),
        // Without an author (the portal's, a strategy's) it is no contact of the agency (migration 0032).
        staff: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('moveEvent' as const), row: pick, day: offset }),
      fc.record({ kind: fc.constant('deleteEvent' as const), row: pick }),
      fc.record({ kind: fc.constant('promise' as const), debt: pick, day: offset, taken: offset }),
      fc.record({ kind: fc.constant('quota' as const), debt: pick, day: offset }),
      fc.record({ kind: fc.constant('payment' as const), debt: pick, day: fc.integer({ min: -12, max: 0 }) }),
      fc.record({ kind: fc.constant('task' as const), debt: pick, day: fc.integer({ min: -1, max: 1 }) }),
      fc.record({ kind: fc.constant('taskDone' as const), row: pick }),
      fc.record({ kind: fc.constant('request' as const), debt: pick, dispute: fc.boolean(), day: offset }),
      fc.record({ kind: fc.constant('resolve' as const), row: pick }),
      fc.record({
        kind: fc.constant('status' as const),
        debt: pick,
        status: fc.constantFrom('ACTIVA', 'EN_CONVENIO', 'CANCELADA', 'INCOBRABLE', 'ARCHIVADA'),
      }),
      fc.record({ kind: fc.constant('assign' as const), debt: pick, user: fc.nat({ max: 2 }) }),
      fc.record({ kind: fc.constant('company' as const), debt: pick, company: pick }),
      // To another debt's debtor: debts share a debtor, and its attempts count for each.
      fc.record({ kind: fc.constant('debtor' as const), debt: pick, to: pick }),
      fc.record({ kind: fc.constant('phone' as const), debt: pick, closed: fc.boolean() }),
      fc.record({
        kind: fc.constant('caps' as const),
        company: pick,
        day: fc.constantFrom(null, 1, 2),
        week: fc.constantFrom(null, 2, 3),
      }),
      fc.record({
        kind: fc.constant('prescribes' as const),
        debt: pick,
        days: fc.integer({ min: -5, max: 70 }),
      }),
    );
    const batch = fc.record({ ops: fc.array(op, { minLength: 1, maxLength: 6 }), undoLast: fc.boolean() });
    const noon = (day: number) => agencyDayStart(dayFrom(day)).replace('T00:', 'T12:');
    let quotaNumber = 1;
    // What the histories reached, so that the property is not true of an empty or one-block table.
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(batch, { minLength: 1, maxLength: 5 }), async (batches) => {
        for (const { ops, undoLast } of batches) {
          const rows: Record<string, number[]> = {
            events: await ids('events'),
            tasks: await ids('tasks'),
            portal_requests: await ids('portal_requests'),
          };
          const of = (table: string, n: number) => {
            const list = rows[table] ?? [];
            return list.length ? list[n % list.length] : undefined;
          };
          const debt = (n: number) => debts[n % debts.length] as number;
          await t.database.db.transaction(async (tx) => {
            for (const [i, o] of ops.entries()) {
              if (undoLast && i === ops.length - 1) await tx.execute(sql`SAVEPOINT undo`);
              switch (o.kind) {
                case 'event':
                  await tx.execute(sql`INSERT INTO events (debt_id, event_type_id, date, channel, user_id)
                    VALUES (${debt(o.debt)}, ${eventTypeId}, ${noon(o.day)}, ${o.phone ? 'PHONE' : null},
                      ${o.staff ? users[0]?.id : null})`);
                  break;
                case 'moveEvent': {
                  const row = of('events', o.row);
                  if (row) await tx.execute(sql`UPDATE events SET date = ${noon(o.day)} WHERE id = ${row}`);
                  break;
                }
                case 'deleteEvent': {
                  const row = of('events', o.row);
                  if (row) await tx.execute(sql`DELETE FROM events WHERE id = ${row}`);
                  break;
                }
                case 'promise':
                  await tx.execute(sql`INSERT INTO promises (debt_id, amount, due_date, taken_on)
                    VALUES (${debt(o.debt)}, '300.00', ${dayFrom(o.day)}, ${dayFrom(Math.min(o.day, o.taken))})`);
                  break;
                case 'quota':
                  await tx.execute(sql`INSERT INTO quotas (debt_id, number, amount, due_date)
                    VALUES (${debt(o.debt)}, ${quotaNumber++}, '100.00', ${dayFrom(o.day)})`);
                  break;
                case 'payment':
                  await tx.execute(sql`INSERT INTO payments (debt_id, amount, paid_at)
                    VALUES (${debt(o.debt)}, '150.00', ${dayFrom(o.day)})`);
                  break;
                case 'task':
                  await tx.execute(sql`INSERT INTO tasks (title, start, debt_id)
                    VALUES ('Llamar', ${noon(o.day)}, ${debt(o.debt)})`);
                  break;
                case 'taskDone': {
                  const row = of('tasks', o.row);
                  if (row) await tx.execute(sql`UPDATE tasks SET status = 'COMPLETADA' WHERE id = ${row}`);
                  break;
                }
                case 'request':
                  await tx.execute(sql`INSERT INTO portal_requests (debt_id, kind, call_at, phone)
                    VALUES (${debt(o.debt)}, ${o.dispute ? 'DISPUTE' : 'CALLBACK'},
                      ${o.dispute ? null : noon(o.day)}, ${o.dispute ? null : '11 5555-0000'})
                    ON CONFLICT DO NOTHING`);
                  break;
                case 'resolve': {
                  const row = of('portal_requests', o.row);
                  if (row)
                    await tx.execute(
                      sql`UPDATE portal_requests SET status = 'RESUELTO', resolved_at = now() WHERE id = ${row}`,
                    );
                  break;
                }
                case 'status':
                  await tx.execute(sql`UPDATE debts SET status = ${o.status} WHERE id = ${debt(o.debt)}`);
                  break;
                case 'assign':
                  await tx.execute(
                    sql`UPDATE debts SET assigned_user_id = ${users[o.user]?.id ?? null} WHERE id = ${debt(o.debt)}`,
                  );
                  break;
                case 'company':
                  await tx.execute(
                    sql`UPDATE debts SET company_id = ${companies[o.company % 2]} WHERE id = ${debt(o.debt)}`,
                  );
                  break;
                case 'debtor':
                  await tx.execute(sql`UPDATE debts SET debtor_id = (SELECT debtor_id FROM debts WHERE id = ${debt(o.to)})
                    WHERE id = ${debt(o.debt)}`);
                  break;
                case 'phone':
                  await tx.execute(sql`UPDATE debtors SET phone_closed_on = ${o.closed ? agencyToday() : null}
                    WHERE id = ${debtorOf.get(debt(o.debt))}`);
                  break;
                case 'caps':
                  await tx.execute(sql`UPDATE companies SET max_attempts_per_day = ${o.day}, max_attempts_per_week = ${o.week}
                    WHERE id = ${companies[o.company % 2]}`);
                  break;
                case 'prescribes':
                  // The claim's origin moved so that it prescribes `days` from today (5 years after it).
                  await tx.execute(sql`UPDATE debts SET default_date = NULL, last_interruption_on = NULL, case_pending = false,
                    first_demand_on = NULL, origin_date = (${dayFrom(o.days)}::date - interval '5 years')::date,
                    prescription_years = 5 WHERE id = ${debt(o.debt)}`);
                  break;
              }
              // After each write, inside its transaction (its COMMIT's redo made now): a later write to the
              // same debt would hide a miss.
              await tx.execute(sql`SET CONSTRAINTS queue_ranks_fold IMMEDIATE`);
              expect(await drift(tx)).toEqual([]);
              await tx.execute(sql`SET CONSTRAINTS queue_ranks_fold DEFERRED`);
            }
            if (undoLast) await tx.execute(sql`ROLLBACK TO SAVEPOINT undo`);
          });
        }
        expect(await drift()).toEqual([]);
        for (const row of await rowsOf<{ block: number }>(sql`SELECT DISTINCT (999 - rank) / 1000 AS block
          FROM queue_ranks WHERE debt_id = ANY(${`{${debts.join(',')}}`}::int[])`))
          seen.add(`block ${row.block}`);
        const queued = await rowsOf(
          sql`SELECT 1 FROM queue_ranks WHERE debt_id = ANY(${`{${debts.join(',')}}`}::int[])`,
        );
        seen.add(queued.length < debts.length ? 'some left out' : 'all queued');
      }),
      { numRuns: 60 },
    );
    // Callable and blocked (disputed, no phone or a cap) rows; debts in and out of the queue.
    expect(seen).toContain('block 0');
    expect([...seen].some((kind) => /^block [1-5]$/.test(kind))).toBe(true);
    expect(seen).toContain('some left out');
  });

  it.runIf(backend === 'postgres')(
    'a contact committed after the day’s refresh ran past its debt is in the refreshed table',
    async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const debt = await debtOf(collector.id);
      await noDay();
      await refreshQueueRanks(t.database.db, dayFrom(-1));
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO events (debt_id, event_type_id, date, channel, user_id)
          VALUES (${debt}, ${eventTypeId}, now(), 'PHONE', ${collector.id})`);
        // The whole refresh runs while the contact is not committed: it scores the debt without it.
        expect(await refreshQueueRanks(t.database.db)).toBeGreaterThan(0);
        expect(await queueRanksDay(t.database.db)).toBe(agencyToday());
      });
      // Its COMMIT redid it for today: contacted today, out of today's queue, as queue_scores says.
      expect(await rowsOf(sql`SELECT 1 FROM queue_ranks WHERE debt_id = ${debt}`)).toEqual([]);
      expect(await drift()).toEqual([]);
    },
  );

  it.runIf(backend === 'postgres')(
    'two writers of one debt at once: the one that commits last scores with both facts',
    async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const debt = await debtOf(collector.id);
      const noon = agencyDayStart(agencyToday()).replace('T00:', 'T12:');
      await t.database.db.transaction(async (first) => {
        await first.execute(
          sql`INSERT INTO tasks (title, start, debt_id) VALUES ('Llamar', ${noon}, ${debt})`,
        );
        // The other commits while this one is open: it cannot see the task.
        await t.database.db.execute(sql`INSERT INTO portal_requests (debt_id, kind, call_at, phone)
          VALUES (${debt}, 'CALLBACK', ${noon}, '11 5555-0000')`);
      });
      // Never contacted 30, a callback 45, a task 20, $ 1.000 6.
      expect(await rowsOf(sql`SELECT rank FROM queue_ranks WHERE debt_id = ${debt}`)).toEqual([
        { rank: 30 + 45 + 20 + 6 },
      ]);
      expect(await drift()).toEqual([]);
    },
  );

  it.runIf(backend === 'postgres')(
    'contacts on two debts of one debtor at once both commit (each redoes the other’s caps, no deadlock)',
    async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const company = (await createCompany(t.app, admin, { maxAttemptsPerWeek: 2 })).id;
      const debtor = (await createDebtor(t.app, admin, { phone: '11 5555-1234' })) as { id: number };
      // Created at once, so the ids come in either order: sorted, to read them back ORDER BY debt_id.
      const [a, b] = (await Promise.all(
        [0, 1].map(
          async () =>
            (
              await createDebt(t.app, admin, {
                debtorId: debtor.id,
                assignedUserId: collector.id,
                companyId: company,
              })
            ).id as number,
        ),
      ).then((ids) => ids.sort((x, y) => x - y))) as [number, number];
      const contact = (debt: number) =>
        t.database.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO events (debt_id, event_type_id, date, channel)
            VALUES (${debt}, ${eventTypeId}, now() - interval '1 minute', 'PHONE')`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        });
      await Promise.all([contact(a), contact(b)]);
      // Two attempts this week reach the cap of two: both debts at ATTEMPTS_PER_WEEK (36 − 4 000).
      expect(
        await rowsOf(
          sql`SELECT debt_id, rank FROM queue_ranks WHERE debt_id IN (${a}, ${b}) ORDER BY debt_id`,
        ),
      ).toEqual([
        { debt_id: a, rank: 36 - 4000 },
        { debt_id: b, rank: 36 - 4000 },
      ]);
      expect(await drift()).toEqual([]);
    },
  );
});
