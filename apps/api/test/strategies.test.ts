/**
 * Strategies (DESIGN.md §11.5, issue 36): the rule's validation, the dry run (counts and what each
 * debt would get, nothing written), a run's actions with their timeline and audit, disputes blocking,
 * a debt never acted on twice by one run, STOP, the amount-owed condition by the one function, each
 * trigger, and who may do what.
 */
import { STRATEGY_MESSAGES as M, MESSAGES, type StrategyDebt } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import { announce } from '../src/jobs';
import { scheduleStrategies } from '../src/modules/strategies/schedule';
import { create, createDebt, createDebtor, dayFrom, makeDni } from './domain';
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
  unique,
} from './helpers';
import { csvOf, runImport } from './importHelpers';
import { finishedRun, runStrategyNow } from './strategyHelpers';

const EXTRAJUDICIAL = 2;
const JUDICIAL = 3;

forEachBackend('strategies (issue 36)', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: string;
  let cliente: string;
  let collectors: { id: number; name: string }[];

  const newStrategy = async (body: Record<string, unknown>) => {
    const response = await call(t.app, admin, {
      method: 'POST',
      url: '/api/strategies',
      payload: { name: unique('Estrategia '), trigger: 'DAILY', runAt: '09:00', ...body },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: number };
  };
  const dryRun = async (id: number, query = '') => {
    const response = await call(t.app, admin, {
      method: 'POST',
      url: `/api/strategies/${id}/dry-run${query}`,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { total: number; blocked: number; data: StrategyDebt[] };
  };
  const finished = (id: number) => finishedRun(t, admin, id);

  const runNow = (strategyId: number) => runStrategyNow(t, admin, strategyId);

  const runDebts = async (runId: number, query = '') =>
    (await call(t.app, general, { method: 'GET', url: `/api/strategy-runs/${runId}/debts${query}` }))
      .body as {
      total: number;
      data: StrategyDebt[];
    };
  const debtOf = async (id: number) =>
    (await call(t.app, admin, { method: 'GET', url: `/api/debts/${id}` })).body as {
      debtTypeId: number;
      assignedUserId: number | null;
    };
  const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(text));

  /** A company with debts: extrajudicial 45 and 10 days past due, preventiva 60, judicial 90. */
  async function portfolio() {
    const companyId = (await createCompany(t.app, admin)).id as number;
    const debt = (debtTypeId: number, days: number) =>
      createDebt(t.app, admin, { companyId, debtTypeId, defaultDate: dayFrom(-days) });
    return {
      companyId,
      late: (await debt(EXTRAJUDICIAL, 45)).id as number,
      recent: (await debt(EXTRAJUDICIAL, 10)).id as number,
      early: (await debt(1, 60)).id as number,
      judicial: (await debt(JUDICIAL, 90)).id as number,
    };
  }

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const generalUser = await createUser(t.app, admin, 'GENERAL');
    general = await tokenFor(t.app, generalUser.alias, generalUser.password);
    const clienteUser = await createUser(t.app, admin, 'CLIENTE');
    cliente = await tokenFor(t.app, clienteUser.alias, clienteUser.password);
    collectors = [];
    for (let i = 0; i < 2; i++) {
      const user = await createUser(t.app, admin, 'GENERAL');
      collectors.push({ id: user.id, name: `Usuario ${user.alias}` });
    }
  });
  afterAll(() => t?.close());

  describe('the rule', () => {
    it('a daily strategy needs its time; «Detener» goes last; ranges in order (400, Spanish)', async () => {
      const post = (payload: Record<string, unknown>) =>
        call(t.app, admin, { method: 'POST', url: '/api/strategies', payload });
      const noTime = await post({ name: unique('E '), trigger: 'DAILY', actions: [{ type: 'STOP' }] });
      expect(noTime.status).toBe(400);
      expect(JSON.stringify(noTime.body)).toContain(M.timeRequired);
      const stopFirst = await post({
        name: unique('E '),
        trigger: 'AFTER_IMPORT',
        actions: [{ type: 'STOP' }, { type: 'CHANGE_STAGE', debtTypeId: JUDICIAL }],
      });
      expect(stopFirst.status).toBe(400);
      expect(JSON.stringify(stopFirst.body)).toContain(M.stopLast);
      const range = await post({
        name: unique('E '),
        trigger: 'AFTER_IMPORT',
        conditions: { daysPastDueMin: 30, daysPastDueMax: 10 },
        actions: [{ type: 'STOP' }],
      });
      expect(range.status).toBe(400);
      expect(JSON.stringify(range.body)).toContain(M.rangeOrder);
      const noActions = await post({ name: unique('E '), trigger: 'AFTER_IMPORT', actions: [] });
      expect(JSON.stringify(noActions.body)).toContain(M.actionsRequired);
    });

    it('a collector that is not active staff is refused by its number', async () => {
      const response = await call(t.app, admin, {
        method: 'POST',
        url: '/api/strategies',
        payload: {
          name: unique('E '),
          trigger: 'AFTER_IMPORT',
          actions: [{ type: 'ASSIGN', mode: 'ROTATION', userIds: [999_999] }],
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ 'actions.0.userIds': [M.collectorNotFound(999_999)] });
    });

    it('ADMIN writes, GENERAL reads, CLIENTE never', async () => {
      const { id } = await newStrategy({ actions: [{ type: 'STOP' }] });
      expect((await call(t.app, general, { method: 'GET', url: `/api/strategies/${id}` })).status).toBe(200);
      expect((await call(t.app, general, { method: 'GET', url: '/api/strategy-runs' })).status).toBe(200);
      for (const [method, url] of [
        ['POST', `/api/strategies/${id}/run`],
        ['POST', `/api/strategies/${id}/dry-run`],
        ['PATCH', `/api/strategies/${id}`],
      ] as const) {
        const refused = await call(t.app, general, { method, url, payload: {} });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ message: MESSAGES.forbidden });
      }
      for (const url of [`/api/strategies/${id}`, '/api/strategy-runs']) {
        expect((await call(t.app, cliente, { method: 'GET', url })).status).toBe(403);
      }
    });

    it('a strategy that ran is not deleted (409): it is deactivated, and then it does not run', async () => {
      const { companyId } = await portfolio();
      const { id } = await newStrategy({
        conditions: { companyIds: [companyId], daysPastDueMin: 36_500 },
        actions: [{ type: 'STOP' }],
      });
      await runNow(id);
      const refused = await call(t.app, admin, { method: 'DELETE', url: `/api/strategies/${id}` });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(M.hasRuns);
      await call(t.app, admin, { method: 'PATCH', url: `/api/strategies/${id}`, payload: { active: false } });
      const inactive = await call(t.app, admin, { method: 'POST', url: `/api/strategies/${id}/run` });
      expect(inactive.status).toBe(409);
      expect(inactive.body.message).toBe(M.inactive);
    });
  });

  describe('dry run and run', () => {
    it('the dry run counts the debts the conditions take and says what each gets; nothing is written', async () => {
      const p = await portfolio();
      const { id } = await newStrategy({
        conditions: { companyIds: [p.companyId], debtTypeIds: [EXTRAJUDICIAL], daysPastDueMin: 30 },
        actions: [
          { type: 'CHANGE_STAGE', debtTypeId: JUDICIAL },
          { type: 'CREATE_TASK', title: 'Preparar demanda', inDays: 2, time: '10:30' },
        ],
      });
      const result = await dryRun(id);
      expect(result.total).toBe(1);
      expect(result.blocked).toBe(0);
      expect(result.data.map((d) => d.debtId)).toEqual([p.late]);
      const [row] = result.data;
      expect(row?.daysPastDue).toBe(45);
      expect(row?.owed).toBe('1000.00');
      expect(row?.actions[0]).toBe('Pasa de Extrajudicial a Judicial');
      const day = dayFrom(2).split('-').reverse().join('/');
      // No collector: the task goes to the strategy's author.
      expect(row?.actions[1]).toMatch(
        new RegExp(`^Tarea «Preparar demanda» para el ${day} a las 10:30 \\(.+\\)$`),
      );
      expect((await debtOf(p.late)).debtTypeId).toBe(EXTRAJUDICIAL);
      const [events] = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM events WHERE debt_id = ${p.late}`,
      );
      expect(events?.n).toBe(0);
    });

    it('a run changes the stage, assigns in turns and creates the task: timeline by the strategy, audited', async () => {
      const p = await portfolio();
      const second = (
        await createDebt(t.app, admin, {
          companyId: p.companyId,
          debtTypeId: EXTRAJUDICIAL,
          defaultDate: dayFrom(-31),
        })
      ).id as number;
      const name = unique('Pasar a judicial ');
      const { id } = await newStrategy({
        name,
        conditions: { companyIds: [p.companyId], debtTypeIds: [EXTRAJUDICIAL], daysPastDueMin: 30 },
        actions: [
          { type: 'CHANGE_STAGE', debtTypeId: JUDICIAL },
          { type: 'ASSIGN', mode: 'ROTATION', userIds: collectors.map((c) => c.id) },
          { type: 'CREATE_TASK', title: 'Preparar demanda', inDays: 0, time: '23:59' },
        ],
      });
      const run = await runNow(id);
      expect(run.status).toBe('DONE');
      expect(run.counts).toEqual({ matched: 2, applied: 2, unchanged: 0, blocked: 0 });
      // Counted when it started: the end of its progress bar.
      expect(run.expected).toBe(2);
      // In id order: the first debt to the first collector, the next to the second.
      expect(await debtOf(p.late)).toMatchObject({ debtTypeId: JUDICIAL, assignedUserId: collectors[0]?.id });
      expect(await debtOf(second)).toMatchObject({ debtTypeId: JUDICIAL, assignedUserId: collectors[1]?.id });
      expect((await debtOf(p.recent)).debtTypeId).toBe(EXTRAJUDICIAL);
      const tasks = await query<{ user_id: number; title: string }>(
        sql`SELECT user_id, title FROM tasks WHERE debt_id = ${p.late}`,
      );
      expect(tasks).toEqual([{ user_id: collectors[0]?.id, title: 'Preparar demanda' }]);
      const events = (await call(t.app, admin, { method: 'GET', url: `/api/events?debtId=${p.late}` })).body
        .data;
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ strategyId: id, strategyName: name, userId: null });
      expect(events[0].description).toBe(
        `Estrategia «${name}»: Pasa de Extrajudicial a Judicial; Se asigna a ${collectors[0]?.name}; ` +
          `Tarea «Preparar demanda» para el ${dayFrom(0).split('-').reverse().join('/')} a las 23:59 (${collectors[0]?.name}).`,
      );
      const audit = await query<{ resource: string; user_name: string }>(
        sql`SELECT resource, user_name FROM audit_log WHERE record_id = ${p.late} AND resource = 'debts'
          AND after->>'strategyRunId' = ${String(run.id)}`,
      );
      expect(audit).toEqual([{ resource: 'debts', user_name: `Estrategia «${name}»` }]);
      // The run's debts, listed with what each got; the second run finds nothing left to do.
      const listed = await runDebts(run.id);
      expect(listed.total).toBe(2);
      expect(listed.data[0]?.actions).toContain('Pasa de Extrajudicial a Judicial');
      const again = await runNow(id);
      expect(again.counts.matched).toBe(0);
    });

    it('an open dispute blocks every action: counted, listed with its reason, the debt untouched', async () => {
      const p = await portfolio();
      await t.database.db.execute(
        sql`INSERT INTO portal_requests (debt_id, kind, text) VALUES (${p.late}, 'DISPUTE', 'No es mía')`,
      );
      const { id } = await newStrategy({
        conditions: { companyIds: [p.companyId], debtTypeIds: [EXTRAJUDICIAL] },
        actions: [{ type: 'CHANGE_STAGE', debtTypeId: JUDICIAL }],
      });
      const preview = await dryRun(id);
      expect(preview).toMatchObject({ total: 2, blocked: 1 });
      expect(preview.data.find((d) => d.debtId === p.late)?.outcome).toBe('BLOCKED');
      const run = await runNow(id);
      expect(run.counts).toEqual({ matched: 2, applied: 1, unchanged: 0, blocked: 1 });
      const blocked = await runDebts(run.id, '?outcome=BLOCKED');
      expect(blocked.data.map((d) => d.debtId)).toEqual([p.late]);
      expect(blocked.data[0]?.reason).toMatch(/disputa abierta/);
      expect((await debtOf(p.late)).debtTypeId).toBe(EXTRAJUDICIAL);
      expect((await debtOf(p.recent)).debtTypeId).toBe(JUDICIAL);
    });

    it('a run retried from its start never acts twice on a debt it already recorded', async () => {
      const p = await portfolio();
      const { id } = await newStrategy({
        conditions: { companyIds: [p.companyId] },
        actions: [{ type: 'CREATE_TASK', title: 'Llamar', inDays: 1, time: '09:00' }],
      });
      const run = await runNow(id);
      expect(run.counts.applied).toBe(4);
      // As if the process died after committing: the job again, from the first debt.
      await t.database.db.execute(sql`UPDATE strategy_runs SET checkpoint = 0 WHERE id = ${run.id}`);
      await t.database.db.execute(sql`UPDATE jobs SET status = 'queued', finished_at = NULL, run_at = now()
        WHERE id = (SELECT job_id FROM strategy_runs WHERE id = ${run.id})`);
      announce('strategy-run');
      const retried = await finished(run.id);
      expect(retried.counts.applied).toBe(4);
      const [tasks] = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM tasks WHERE debt_id IN (${p.late}, ${p.recent}, ${p.early}, ${p.judicial})`,
      );
      expect(tasks?.n).toBe(4);
    });

    it('«Detener»: a debt a run stopped is never taken again by that strategy', async () => {
      const p = await portfolio();
      const { id } = await newStrategy({
        conditions: { companyIds: [p.companyId], debtTypeIds: [1] },
        actions: [{ type: 'CREATE_TASK', title: 'Carta', inDays: 0, time: '23:59' }, { type: 'STOP' }],
      });
      expect((await runNow(id)).counts.applied).toBe(1);
      expect((await runNow(id)).counts.matched).toBe(0);
      expect((await dryRun(id)).total).toBe(0);
    });

    it('least load: each debt to the collector with fewest open debts, ties to the first named', async () => {
      const companyId = (await createCompany(t.app, admin)).id as number;
      const a = await createUser(t.app, admin, 'GENERAL');
      const b = await createUser(t.app, admin, 'GENERAL');
      // b starts with two open debts; a with none.
      for (let i = 0; i < 2; i++) await createDebt(t.app, admin, { assignedUserId: b.id });
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) ids.push((await createDebt(t.app, admin, { companyId })).id as number);
      const { id } = await newStrategy({
        conditions: { companyIds: [companyId], assigned: false },
        actions: [{ type: 'ASSIGN', mode: 'LEAST_LOAD', userIds: [a.id, b.id] }],
      });
      // a, a (2–2 tie → a, the first named), then b, …: a gets 0→1→2, tie at 2: a → 3, then b → 3.
      const preview = await dryRun(id, '?page=2&pageSize=2');
      expect(preview.data.map((d) => d.actions[0])).toEqual([
        `Se asigna a Usuario ${a.alias}`,
        `Se asigna a Usuario ${b.alias}`,
      ]);
      await runNow(id);
      const owners = [];
      for (const debtId of ids) owners.push((await debtOf(debtId)).assignedUserId);
      expect(owners).toEqual([a.id, a.id, a.id, b.id]);
    });
  });

  describe('the amount owed, by the one function', () => {
    it('a debt under rates is taken by what it owes with interest, not by its balance', async () => {
      const companyId = (await createCompany(t.app, admin)).id as number;
      // 1 000,00 at 36,5 % a year for 100 days: 1 000 × 0,365 × 100 / 365 = 100,00 → owes 1 100,00.
      const rated = (
        await createDebt(t.app, admin, { companyId, defaultDate: dayFrom(-100), punitiveRate: '36.50' })
      ).id as number;
      const plain = (await createDebt(t.app, admin, { companyId, defaultDate: dayFrom(-100) })).id as number;
      const owedNow = (await call(t.app, admin, { method: 'GET', url: `/api/debts/${rated}/balance` })).body
        .total;
      expect(owedNow).toBe('1100.00');
      const take = async (conditions: Record<string, unknown>) => {
        const { id } = await newStrategy({
          conditions: { companyIds: [companyId], ...conditions },
          actions: [{ type: 'STOP' }],
        });
        return (await dryRun(id)).data.map((d) => d.debtId).sort((x, y) => x - y);
      };
      expect(await take({ owedMin: '1050.00' })).toEqual([rated]);
      expect(await take({ owedMin: '1100.00' })).toEqual([rated]);
      expect(await take({ owedMin: '1100.01' })).toEqual([]);
      expect(await take({ owedMax: '1099.99' })).toEqual([plain]);
      expect(await take({ owedMin: '1000.00', owedMax: '1100.00' })).toEqual(
        [rated, plain].sort((x, y) => x - y),
      );
    });
  });

  describe('triggers', () => {
    // Each test's tick sees only its own strategy.
    beforeEach(async () => {
      await t.database.db.execute(sql`UPDATE strategies SET active = false`);
    });

    it('daily: one run once the time is reached, however many ticks and processes', async () => {
      const p = await portfolio();
      const { id } = await newStrategy({
        runAt: '00:00',
        conditions: { companyIds: [p.companyId], debtTypeIds: [JUDICIAL] },
        actions: [{ type: 'CREATE_TASK', title: 'Revisar', inDays: 0, time: '23:59' }],
      });
      // Saved now, after today's 00:00: its first day is tomorrow.
      expect(await scheduleStrategies(t.database.db)).not.toContainEqual(expect.anything());
      const tomorrow = new Date(Date.now() + 24 * 3_600_000);
      const started = await Promise.all([
        scheduleStrategies(t.database.db, tomorrow),
        scheduleStrategies(t.database.db, tomorrow),
      ]);
      const mine = await query<{ id: number }>(sql`SELECT id FROM strategy_runs WHERE strategy_id = ${id}`);
      expect(mine).toHaveLength(1);
      expect(started.flat()).toContain(mine[0]?.id);
      expect((await finished(mine[0]?.id as number)).counts.applied).toBe(1);
    });

    it('after an import: a run over the debts that import created', async () => {
      const companyId = (await createCompany(t.app, admin)).id as number;
      const { id } = await newStrategy({
        trigger: 'AFTER_IMPORT',
        runAt: null,
        actions: [{ type: 'CREATE_TASK', title: 'Bienvenida', inDays: 0, time: '23:59' }],
      });
      await createDebt(t.app, admin, { companyId });
      const content = csvOf([
        ['DNI', 'Apellido y Nombre', 'Cuenta', 'Monto'],
        [makeDni(), 'IMPORTADA, Ana', unique('S-'), '10'],
      ]);
      const imported = await runImport(t, admin, { content, companyId, fileName: 'cartera.csv' });
      const started = await scheduleStrategies(t.database.db);
      const [run] = await query<{ id: number }>(
        sql`SELECT id FROM strategy_runs WHERE strategy_id = ${id} AND run_key = ${`import:${imported.id}`}`,
      );
      expect(started).toContain(run?.id);
      const done = await finished(run?.id as number);
      expect(done.counts.matched).toBe(1);
      expect(done.scope).toBe(`Deudas de la importación N.º ${imported.id}`);
      expect(await scheduleStrategies(t.database.db)).not.toContain(run?.id);
    });

    it('after a payment: the debts with payments recorded since the last run, once', async () => {
      const companyId = (await createCompany(t.app, admin)).id as number;
      const { id } = await newStrategy({
        trigger: 'AFTER_PAYMENT',
        runAt: null,
        conditions: { companyIds: [companyId] },
        actions: [{ type: 'CREATE_TASK', title: 'Agradecer el pago', inDays: 0, time: '23:59' }],
      });
      const paid = (await createDebt(t.app, admin, { companyId })).id as number;
      await createDebt(t.app, admin, { companyId });
      await create(t.app, admin, 'payments', { debtId: paid, amount: '10.00', paidAt: dayFrom(0) });
      // A payment waits a minute (its transaction may be open): the tick two minutes on takes it.
      const later = new Date(Date.now() + 120_000);
      await scheduleStrategies(t.database.db, later);
      const runs = await query<{ id: number }>(sql`SELECT id FROM strategy_runs WHERE strategy_id = ${id}`);
      expect(runs).toHaveLength(1);
      const done = await finished(runs[0]?.id as number);
      expect(done.counts.matched).toBe(1);
      expect((await runDebts(done.id)).data.map((d) => d.debtId)).toEqual([paid]);
      await scheduleStrategies(t.database.db, later);
      expect(await query(sql`SELECT id FROM strategy_runs WHERE strategy_id = ${id}`)).toHaveLength(1);
    });

    it('a broken promise: the next day, the debts whose promise was not kept', async () => {
      const companyId = (await createCompany(t.app, admin)).id as number;
      const debtor = await createDebtor(t.app, admin);
      const broken = (await createDebt(t.app, admin, { companyId, debtorId: debtor.id })).id as number;
      await create(t.app, admin, 'promises', { debtId: broken, amount: '100.00', dueDate: dayFrom(0) });
      const { id } = await newStrategy({
        trigger: 'PROMISE_BROKEN',
        runAt: null,
        conditions: { companyIds: [companyId], promise: 'INCUMPLIDA' },
        actions: [{ type: 'CREATE_TASK', title: 'Promesa incumplida', inDays: 0, time: '23:59' }],
      });
      expect(await scheduleStrategies(t.database.db)).toEqual([]);
      const tomorrow = new Date(Date.now() + 24 * 3_600_000);
      const [runId] = await scheduleStrategies(t.database.db, tomorrow);
      const done = await finished(runId as number);
      expect(done.counts.matched).toBe(1);
      expect((await runDebts(done.id)).data.map((d) => d.debtId)).toEqual([broken]);
      expect(done.strategyId).toBe(id);
    });
  });
});
