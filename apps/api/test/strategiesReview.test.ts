/**
 * Review of issue 36 (strategies, their messages and the letters' print batch): each `it` below
 * states an invariant the design (DESIGN.md §11.5, decisions «Estrategias y campañas») promises and
 * that the code breaks today. The last block holds regression checks that pass (access and 4xx).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { agencyClock, describeConditions, MESSAGES, strategyConditionsSchema } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import { strategies } from '../src/db/schema';
import { announce } from '../src/jobs';
import { scheduleStrategies, startRun } from '../src/modules/strategies/schedule';
import { create, createDebt, createDebtor, dayFrom } from './domain';
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
import { finishedRun, runStrategyNow } from './strategyHelpers';

const MOBILE = '+54 9 11 2345-6789';
const MOBILE_TO = '5491123456789';

forEachBackend('strategies, review of issue 36', (backend) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let smtp: SMTPServer;
  let provider: Server;
  const mails: string[] = [];
  /** While set, the SMTP server holds each message's answer until it resolves; `arrived` hears each one. */
  let gate: Promise<void> | null = null;
  let arrived: (() => void) | null = null;
  const whatsapps: { to: string }[] = [];
  let eventTypeId: number;

  const bodyOf = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          mails.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          arrived?.();
          void (gate ?? Promise.resolve()).then(() => callback());
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    provider = createServer(async (request, response) => {
      const body = JSON.parse(await bodyOf(request)) as { to: string };
      whatsapps.push({ to: body.to });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ messages: [{ id: `wamid.${whatsapps.length}` }] }));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    t = await startApp(backend, {
      env: {
        PUBLIC_URL: 'https://pagos.agencia.test',
        WHATSAPP_TOKEN: 'token',
        WHATSAPP_PHONE_NUMBER_ID: '1234567890',
        WHATSAPP_API_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v23.0`,
      },
    });
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const [me] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`SELECT id FROM users WHERE alias = ${ADMIN_ALIAS}`),
    );
    adminId = me?.id as number;
    const saved = await call(t.app, admin, {
      method: 'PUT',
      url: '/api/agency/messaging',
      payload: {
        smtpHost: '127.0.0.1',
        smtpPort: (smtp.server.address() as AddressInfo).port,
        mailFrom: 'cobranzas@agencia.test',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    eventTypeId = (await create(t.app, admin, 'events-types', { name: unique('Llamada ') })).id;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await new Promise<void>((resolve) => provider?.close(() => resolve()));
  });
  // Each test's runs and ticks see only its own strategies.
  beforeEach(async () => {
    await t.database.db.execute(sql`UPDATE strategies SET active = false`);
  });

  const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(text));
  const newStrategy = async (body: Record<string, unknown>) => {
    const response = await call(t.app, admin, {
      method: 'POST',
      url: '/api/strategies',
      payload: { name: unique('Revisión '), trigger: 'AFTER_IMPORT', ...body },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  };
  const dryRun = async (id: number, search = '') => {
    const response = await call(t.app, admin, {
      method: 'POST',
      url: `/api/strategies/${id}/dry-run${search}`,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as {
      total: number;
      data: { debtId: number; outcome: string; actions: string[]; reason: string | null }[];
    };
  };
  const runNow = (id: number) => runStrategyNow(t, admin, id);
  const runDebts = async (runId: number) =>
    (await call(t.app, admin, { method: 'GET', url: `/api/strategy-runs/${runId}/debts` })).body.data as {
      debtId: number;
      outcome: string;
      actions: string[];
      reason: string | null;
    }[];
  /** A company whose contact hours are all day (or two hours away from now). */
  const company = async (set = sql``) => {
    const id = (await createCompany(t.app, admin)).id as number;
    await t.database.db.execute(sql`UPDATE companies SET contact_days = '{1,2,3,4,5,6,7}',
      contact_from = '00:00', contact_to = '24:00' ${set} WHERE id = ${id}`);
    return id;
  };
  const outsideHours = () => {
    const hour = Number(agencyClock().time.slice(0, 2));
    return hour < 12
      ? sql`UPDATE companies SET contact_from = '20:00', contact_to = '21:00'`
      : sql`UPDATE companies SET contact_from = '02:00', contact_to = '03:00'`;
  };
  const requeue = async (jobId: number, kind: string) => {
    // As if the process died after the work committed and before the job was marked done: the runner
    // takes the job again (the existing «retried from its start» test does the same).
    await t.database.db.execute(
      sql`UPDATE jobs SET status = 'queued', finished_at = NULL, run_at = now() WHERE id = ${jobId}`,
    );
    announce(kind);
  };
  const batchDone = async (id: number) => {
    const until = Date.now() + 60_000;
    for (;;) {
      const batch = (await call(t.app, admin, { method: 'GET', url: `/api/letter-batches/${id}` })).body;
      if (batch.status !== 'QUEUED' && batch.status !== 'RUNNING') return batch;
      if (Date.now() > until) throw new Error(`el lote ${id} sigue ${batch.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const printBatch = async () => {
    const started = await call(t.app, admin, { method: 'POST', url: '/api/letter-batches' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return batchDone(started.body.id as number);
  };
  const template = async () => {
    const code = unique('rev').toLowerCase();
    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/api/letter-templates',
      payload: {
        code,
        name: `Aviso ${code}`,
        kind: 'INTIMACION',
        subject: 'Su deuda',
        body: 'Debe {{saldo.total}}.',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { id: created.body.id as number, code };
  };
  const dispute = (debtId: number) =>
    t.database.db.execute(
      sql`INSERT INTO portal_requests (debt_id, kind, text) VALUES (${debtId}, 'DISPUTE', 'No es mía')`,
    );

  describe('conditions', () => {
    it('«sin gestión hoy» (days without contact 1) does not take a debt a collector contacted today; 0 is refused', async () => {
      const companyId = await company();
      const contacted = (await createDebt(t.app, admin, { companyId })).id as number;
      const untouched = (await createDebt(t.app, admin, { companyId })).id as number;
      await create(t.app, admin, 'events', { debtId: contacted, eventTypeId, description: 'Atendió hoy' });
      const zero = await call(t.app, admin, {
        method: 'POST',
        url: '/api/strategies',
        payload: {
          name: unique('Cero '),
          trigger: 'AFTER_IMPORT',
          conditions: { daysWithoutContactMin: 0 },
          actions: [{ type: 'STOP' }],
        },
      });
      expect(zero.status).toBe(400);
      const conditions = { companyIds: [companyId], daysWithoutContactMin: 1 };
      // What the editor and the list say the rule is.
      expect(describeConditions(strategyConditionsSchema.parse(conditions))).toContain('sin gestión hoy');
      const id = await newStrategy({ conditions, actions: [{ type: 'STOP' }] });
      expect((await dryRun(id)).data.map((d) => d.debtId)).toEqual([untouched]);
    });

    it('the amount owed is the one function’s on the run’s day, also for a debt with a payment dated after it', async () => {
      const companyId = await company();
      // 1 000,00 owed yesterday; 100,00 paid today: the books (stored balance) say 900,00 now.
      const debt = (await createDebt(t.app, admin, { companyId, originDate: dayFrom(-30) })).id as number;
      await create(t.app, admin, 'payments', { debtId: debt, amount: '100.00', paidAt: dayFrom(0) });
      const yesterday = dayFrom(-1);
      const owed = await call(t.app, admin, {
        method: 'GET',
        url: `/api/debts/${debt}/balance?date=${yesterday}`,
      });
      expect(owed.body.total).toBe('1000.00');
      // A run whose day is yesterday: a daily run queued at 23:59 that the runner takes after midnight.
      const runOn = async (conditions: Record<string, unknown>) => {
        const id = await newStrategy({
          conditions: { companyIds: [companyId], ...conditions },
          actions: [{ type: 'STOP' }],
        });
        const [row] = await t.database.db.select().from(strategies).where(eq(strategies.id, id));
        const runId = await startRun(
          t.database.db,
          row as typeof strategies.$inferSelect,
          'MANUAL',
          unique('manual:'),
          { kind: 'ALL' },
          adminId,
          new Date(Date.now() - 24 * 3_600_000),
        );
        const run = await finishedRun(t, admin, runId as number);
        expect(run.runDate).toBe(yesterday);
        return (await runDebts(run.id)).map((d) => d.debtId);
      };
      // It owed 1 000,00 on the run's day: «1 000 or more» takes it, «up to 900» does not.
      expect({
        atLeast1000: await runOn({ owedMin: '1000.00' }),
        upTo900: await runOn({ owedMax: '900.00' }),
      }).toEqual({ atLeast1000: [debt], upTo900: [] });
    });
  });

  describe('contact rules', () => {
    it('the dry run’s page says what the run does: a debtor’s cap counts the messages of the pages before', async () => {
      const companyId = await company(sql`, max_attempts_per_day = 1`);
      const debtor = await createDebtor(t.app, admin, { email: `${unique('d')}@correo.test`.toLowerCase() });
      const first = (await createDebt(t.app, admin, { companyId, debtorId: debtor.id })).id as number;
      const second = (await createDebt(t.app, admin, { companyId, debtorId: debtor.id })).id as number;
      const { code } = await template();
      const id = await newStrategy({
        conditions: { companyIds: [companyId] },
        actions: [{ type: 'SEND_EMAIL', templateCode: code }],
      });
      const whole = await dryRun(id, '?pageSize=2');
      expect(whole.data.map((d) => [d.debtId, d.outcome])).toEqual([
        [first, 'APPLIED'],
        [second, 'BLOCKED'],
      ]);
      // The same debt, on a page of its own: the run would block it (one e-mail a day), the page says it goes.
      const paged = await dryRun(id, '?page=2&pageSize=1');
      expect(paged.data.map((d) => [d.debtId, d.outcome])).toEqual([[second, 'BLOCKED']]);
    });

    it('an e-mail whose template is gone is never reported as sent (APPLIED, «Correo …», a timeline entry)', async () => {
      const companyId = await company();
      const to = `${unique('d')}@correo.test`.toLowerCase();
      const debtor = await createDebtor(t.app, admin, { email: to });
      const debt = (await createDebt(t.app, admin, { companyId, debtorId: debtor.id })).id as number;
      const { id: templateId, code } = await template();
      const id = await newStrategy({
        conditions: { companyIds: [companyId] },
        actions: [{ type: 'SEND_EMAIL', templateCode: code }],
      });
      // The template the strategy names is deleted afterwards (nothing refuses it today).
      await call(t.app, admin, { method: 'DELETE', url: `/api/letter-templates/${templateId}` });
      const before = mails.length;
      const run = await runNow(id);
      const [listed] = await runDebts(run.id);
      const claimed = Boolean(listed?.actions.some((a) => a.startsWith('Correo «')));
      const written = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM strategy_messages WHERE run_id = ${run.id} AND debt_id = ${debt}`,
      );
      expect({
        claimed,
        outcome: listed?.outcome,
        written: written[0]?.n,
        mailed: mails.length - before,
      }).toEqual(
        claimed
          ? { claimed: true, outcome: 'APPLIED', written: 1, mailed: 1 }
          : { claimed: false, outcome: 'BLOCKED', written: 0, mailed: 0 },
      );
    });

    it('a message left in the outbox is not sent once the debtor disputes the debt, nor outside the contact hours', async () => {
      const companyId = await company();
      const debtor = await createDebtor(t.app, admin, { phone: MOBILE });
      const debt = (await createDebt(t.app, admin, { companyId, debtorId: debtor.id })).id as number;
      const id = await newStrategy({
        conditions: { companyIds: [companyId] },
        actions: [{ type: 'SEND_WHATSAPP', template: 'aviso_deuda', parameters: ['saldo.total'] }],
      });
      const run = await runNow(id);
      expect(run.counts).toMatchObject({ applied: 1 });
      // The state a process leaves when it dies after the batch committed and before its delivery:
      // the message still PENDIENTE in the outbox. Then the debtor disputes the debt in the portal,
      // and the run resumes at a time outside the company's contact hours.
      await t.database.db.execute(sql`UPDATE strategy_messages SET status = 'PENDIENTE', provider_id = NULL,
        sent_at = NULL WHERE run_id = ${run.id}`);
      await dispute(debt);
      await t.database.db.execute(sql`${outsideHours()} WHERE id = ${companyId}`);
      const before = whatsapps.filter((w) => w.to === MOBILE_TO).length;
      const [job] = await query<{ job_id: number }>(
        sql`SELECT job_id FROM strategy_runs WHERE id = ${run.id}`,
      );
      await requeue(job?.job_id as number, 'strategy-run');
      await finishedRun(t, admin, run.id);
      expect(whatsapps.filter((w) => w.to === MOBILE_TO).length - before).toBe(0);
    });

    it('a run stopped while it sends leaves no message of a committed batch PENDIENTE for ever', async () => {
      const companyId = await company();
      const emails = [`${unique('a')}@correo.test`.toLowerCase(), `${unique('b')}@correo.test`.toLowerCase()];
      for (const email of emails)
        await createDebt(t.app, admin, {
          companyId,
          debtorId: (await createDebtor(t.app, admin, { email })).id,
        });
      const { code } = await template();
      const id = await newStrategy({
        conditions: { companyIds: [companyId] },
        actions: [{ type: 'SEND_EMAIL', templateCode: code }],
      });
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const first = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      try {
        const started = await call(t.app, admin, { method: 'POST', url: `/api/strategies/${id}/run` });
        expect(started.status).toBe(201);
        // The batch committed (both e-mails in the outbox, both in the timeline); the first is on the wire.
        await first;
        const stopped = await call(t.app, admin, {
          method: 'POST',
          url: `/api/strategy-runs/${started.body.id}/cancel`,
        });
        expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 300));
        release();
        await finishedRun(t, admin, started.body.id as number);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const outbox = await query<{ recipient: string; status: string }>(sql`SELECT recipient, status
          FROM strategy_messages WHERE run_id = ${started.body.id} ORDER BY id`);
        const attempts = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM events e
          JOIN debts d ON d.id = e.debt_id WHERE d.company_id = ${companyId} AND e.channel = 'EMAIL'`);
        // Each e-mail the timeline counts as a contact attempt was sent, or says it was not.
        expect({ attempts: attempts[0]?.n, pending: outbox.filter((m) => m.status === 'PENDIENTE') }).toEqual(
          {
            attempts: 2,
            pending: [],
          },
        );
      } finally {
        gate = null;
        arrived = null;
        release();
      }
    });

    it.skipIf(backend !== 'postgres')(
      'the company’s daily cap holds when a collector contacts the debtor while a run’s batch is being written',
      async () => {
        const companyId = await company(sql`, max_attempts_per_day = 1`);
        const debtor = await createDebtor(t.app, admin, { phone: '+54 9 11 3456-7890' });
        const debt = (await createDebt(t.app, admin, { companyId, debtorId: debtor.id })).id as number;
        const id = await newStrategy({
          conditions: { companyIds: [companyId] },
          actions: [{ type: 'SEND_WHATSAPP', template: 'aviso_deuda' }],
        });
        const locker = new pg.Client({ connectionString: t.config.databaseUrl ?? undefined });
        const watcher = new pg.Client({ connectionString: t.config.databaseUrl ?? undefined });
        await locker.connect();
        await watcher.connect();
        try {
          // Hold the batch's first write: the run has read the rules' facts (no attempt today) and waits.
          await locker.query('BEGIN');
          await locker.query('LOCK TABLE strategy_run_debts IN SHARE MODE');
          const started = await call(t.app, admin, { method: 'POST', url: `/api/strategies/${id}/run` });
          expect(started.status).toBe(201);
          await waitForLockWaiters(watcher, 1);
          // Meanwhile a collector calls the debtor (it may have to wait for the run's batch: then the
          // rules see the run's message, and refuse the call).
          const contact = call(t.app, admin, {
            method: 'POST',
            url: '/api/contacts',
            payload: { debtId: debt, eventTypeId, channel: 'PHONE', description: 'Llamé' },
          });
          await Promise.race([contact, waitForLockWaiters(watcher, 2)]);
          await locker.query('COMMIT');
          expect([201, 409]).toContain((await contact).status);
          await finishedRun(t, admin, started.body.id as number);
        } finally {
          await locker.query('ROLLBACK').catch(() => {});
          await locker.end();
          await watcher.end();
        }
        const [attempts] = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM events e
          JOIN debts d ON d.id = e.debt_id WHERE d.debtor_id = ${debtor.id} AND e.channel IS NOT NULL`);
        expect(attempts?.n).toBe(1);
      },
    );
  });

  describe('triggers', () => {
    it.skipIf(backend !== 'postgres')(
      'after a payment: two processes ticking at once start one run for a payment, not two',
      async () => {
        const companyId = await company();
        const id = await newStrategy({
          trigger: 'AFTER_PAYMENT',
          conditions: { companyIds: [companyId] },
          actions: [{ type: 'CREATE_TASK', title: 'Agradecer el pago', inDays: 0, time: '23:59' }],
        });
        // The strategy exists since 20 minutes ago; then a payment, and a moment later another one.
        await t.database.db.execute(
          sql`UPDATE strategies SET created_at = now() - interval '20 minutes' WHERE id = ${id}`,
        );
        const paid = (await createDebt(t.app, admin, { companyId, originDate: dayFrom(-30) })).id as number;
        const later = (await createDebt(t.app, admin, { companyId, originDate: dayFrom(-30) })).id as number;
        await create(t.app, admin, 'payments', { debtId: paid, amount: '10.00', paidAt: dayFrom(0) });
        await new Promise((resolve) => setTimeout(resolve, 100));
        await create(t.app, admin, 'payments', { debtId: later, amount: '10.00', paidAt: dayFrom(0) });
        const recorded = await query<{ debt_id: number; at: string }>(sql`SELECT debt_id,
          to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
          FROM ledger WHERE debt_id IN (${paid}, ${later}) AND kind = 'PAYMENT'`);
        const first = Date.parse(recorded.find((r) => r.debt_id === paid)?.at as string);
        const second = Date.parse(recorded.find((r) => r.debt_id === later)?.at as string);
        expect(second - first).toBeGreaterThan(20);
        // One process's tick settles the first payment only (a minute after it), the other's both.
        const firstTick = new Date(Math.round((first + second) / 2) + 60_000);
        const secondTick = new Date(second + 120_000);
        const locker = new pg.Client({ connectionString: t.config.databaseUrl ?? undefined });
        const watcher = new pg.Client({ connectionString: t.config.databaseUrl ?? undefined });
        await locker.connect();
        await watcher.connect();
        let ticks: Promise<number[]>[] = [];
        try {
          // Two processes tick a few seconds apart (their minute ticks are not aligned), each before
          // the other's run row is committed.
          await locker.query('BEGIN');
          await locker.query('LOCK TABLE strategy_runs IN SHARE MODE');
          ticks = [
            scheduleStrategies(t.database.db, firstTick),
            scheduleStrategies(t.database.db, secondTick),
          ];
          await waitForLockWaiters(watcher, 2);
          await locker.query('COMMIT');
          await Promise.all(ticks);
        } finally {
          await locker.query('ROLLBACK').catch(() => {});
          await locker.end();
          await watcher.end();
        }
        const runs = await query<{ id: number }>(sql`SELECT id FROM strategy_runs WHERE strategy_id = ${id}`);
        for (const run of runs) await finishedRun(t, admin, run.id);
        const [tasks] = await query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM tasks WHERE debt_id = ${paid}`,
        );
        expect(tasks?.n).toBe(1);
      },
    );
  });

  describe('triggers, daily', () => {
    it('a daily strategy made daily after its time today first runs tomorrow (the rule saved, not created)', async () => {
      const companyId = await company();
      await createDebt(t.app, admin, { companyId });
      // A strategy from last week, run after imports; today, after 00:00, it is made a daily one at 00:00.
      const id = await newStrategy({ conditions: { companyIds: [companyId] }, actions: [{ type: 'STOP' }] });
      await t.database.db.execute(
        sql`UPDATE strategies SET created_at = now() - interval '7 days' WHERE id = ${id}`,
      );
      const saved = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/strategies/${id}`,
        payload: { trigger: 'DAILY', runAt: '00:00' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      await scheduleStrategies(t.database.db);
      expect(await query(sql`SELECT id FROM strategy_runs WHERE strategy_id = ${id}`)).toEqual([]);
    });

    it('a daily strategy at 23:59 runs that day though the minute’s tick came a moment late', async () => {
      const companyId = await company();
      await createDebt(t.app, admin, { companyId });
      const id = await newStrategy({
        trigger: 'DAILY',
        runAt: '23:59',
        conditions: { companyIds: [companyId] },
        actions: [{ type: 'STOP' }],
      });
      await t.database.db.execute(
        sql`UPDATE strategies SET created_at = now() - interval '7 days' WHERE id = ${id}`,
      );
      const today = agencyClock().date;
      // Ticks a minute and 200 ms apart (a timer's drift, a loop busy printing a PDF, a restart):
      // one just before 23:59, the next just after midnight.
      await scheduleStrategies(t.database.db, new Date(Date.parse(`${today}T23:58:59.900-03:00`)));
      await scheduleStrategies(t.database.db, new Date(Date.parse(`${dayFrom(1)}T00:00:00.100-03:00`)));
      const runs = await query<{ run_key: string }>(
        sql`SELECT run_key FROM strategy_runs WHERE strategy_id = ${id}`,
      );
      expect(runs.map((r) => r.run_key)).toEqual([`daily:${today}`]);
    });
  });

  describe('the print batch', () => {
    it('a letter a strategy queued is printed or still waiting after a batch, though its template was renamed', async () => {
      const companyId = await company();
      const debt = (await createDebt(t.app, admin, { companyId })).id as number;
      const { id: templateId, code } = await template();
      const id = await newStrategy({
        conditions: { companyIds: [companyId] },
        actions: [{ type: 'QUEUE_LETTER', templateCode: code }],
      });
      expect((await runNow(id)).counts).toMatchObject({ applied: 1 });
      // Renaming the template's code is accepted (nothing says a queued letter names it).
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/letter-templates/${templateId}`,
        payload: { code: `${code}x` },
      });
      await printBatch();
      const [printed] = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM letters WHERE debt_id = ${debt}`,
      );
      const [waiting] = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM letter_queue WHERE debt_id = ${debt} AND batch_id IS NULL`,
      );
      expect({ printed: printed?.n, waiting: waiting?.n }).not.toEqual({ printed: 0, waiting: 0 });
    });

    it('a batch taken again after it committed does not record its letters twice', async () => {
      const debt = (await createDebt(t.app, admin)).id as number;
      await t.database.db.execute(
        sql`INSERT INTO letter_queue (debt_id, template_code) VALUES (${debt}, 'intimacion')`,
      );
      const batch = await printBatch();
      expect(batch.status).toBe('DONE');
      const [job] = await query<{ job_id: number }>(
        sql`SELECT job_id FROM letter_batches WHERE id = ${batch.id}`,
      );
      await requeue(job?.job_id as number, 'letter-batch');
      await batchDone(batch.id);
      const [sent] = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM letters WHERE debt_id = ${debt}`,
      );
      expect(sent?.n).toBe(1);
    });

    it('a strategy’s letter is not printed once the debtor disputes the debt', async () => {
      const companyId = await company();
      const debt = (await createDebt(t.app, admin, { companyId })).id as number;
      const id = await newStrategy({
        conditions: { companyIds: [companyId] },
        actions: [{ type: 'QUEUE_LETTER', templateCode: 'intimacion' }],
      });
      expect((await runNow(id)).counts).toMatchObject({ applied: 1 });
      await dispute(debt);
      await printBatch();
      const [sent] = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM letters WHERE debt_id = ${debt}`,
      );
      expect(sent?.n).toBe(0);
    });
  });

  describe('regression checks that hold', () => {
    it('GENERAL and CLIENTE start no run or dry run; a CLIENTE reads no run, batch or letter', async () => {
      const general = (await createUser(t.app, admin, 'GENERAL')).token;
      const cliente = (await createUser(t.app, admin, 'CLIENTE')).token;
      const id = await newStrategy({ actions: [{ type: 'STOP' }] });
      for (const token of [general, cliente])
        for (const url of [`/api/strategies/${id}/run`, `/api/strategies/${id}/dry-run`])
          expect((await call(t.app, token, { method: 'POST', url })).status).toBe(403);
      for (const url of [
        '/api/strategy-runs/1/debts',
        '/api/letter-batches/1/file',
        '/api/letter-batches/waiting',
        '/api/letters?debtId=1',
        '/api/agency/messaging',
      ]) {
        const refused = await call(t.app, cliente, { method: 'GET', url });
        expect(refused.status, url).toBe(403);
        expect(refused.body).toEqual({ message: MESSAGES.forbidden });
      }
      expect((await call(t.app, general, { method: 'GET', url: '/api/agency/messaging' })).status).toBe(403);
    });

    it('odd input to the new routes is a Spanish 4xx, never a 500', async () => {
      const debt = (await createDebt(t.app, admin)).id as number;
      const id = await newStrategy({ actions: [{ type: 'STOP' }] });
      const tries: [string, string, unknown][] = [
        ['POST', '/api/strategies', { name: unique('E'), trigger: 'AFTER_IMPORT', actions: [null] }],
        [
          'POST',
          '/api/strategies',
          { name: unique('E'), trigger: 'AFTER_IMPORT', conditions: 'x', actions: [{ type: 'STOP' }] },
        ],
        [
          'POST',
          '/api/strategies',
          {
            name: unique('E'),
            trigger: 'AFTER_IMPORT',
            conditions: { companyIds: [2147483648] },
            actions: [{ type: 'STOP' }],
          },
        ],
        [
          'POST',
          '/api/strategies',
          { name: unique('E'), trigger: 'DAILY', runAt: '24:00', actions: [{ type: 'STOP' }] },
        ],
        ['PATCH', `/api/strategies/${id}`, { conditions: null }],
        ['PATCH', `/api/strategies/${id}`, { trigger: 'DAILY' }],
        ['POST', `/api/strategies/${id}/dry-run?page=0`, undefined],
        ['POST', `/api/strategies/${id}/dry-run?pageSize=1000`, undefined],
        ['GET', '/api/strategy-runs/1/debts?outcome=X', undefined],
        ['POST', '/api/letters', { debtId: 999_999, cdNumber: '1', sentOn: '2024-01-01' }],
        ['POST', '/api/letters', { debtId: debt, cdNumber: '1', sentOn: '2024-02-30' }],
        ['PATCH', '/api/letters/999999', { cdNumber: '2' }],
        ['GET', '/api/letter-batches/abc/file', undefined],
        ['PUT', '/api/agency/messaging', { smtpPort: '587' }],
        ['PUT', '/api/agency/messaging', { smtpHost: 'a b' }],
        ['POST', '/api/agency/messaging/test', { to: 'x' }],
      ];
      for (const [method, url, payload] of tries) {
        const answer = await call(t.app, admin, {
          method: method as 'POST',
          url,
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
        expect(answer.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${url}`).toBeLessThan(500);
      }
    });
  });
});

/** Waits until `n` backends of this database wait on a lock (at most 10 s, then goes on). */
async function waitForLockWaiters(client: pg.Client, n: number) {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((rows[0] as { n: number }).n >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
