/**
 * Letters of issue 36: the day's print batch of the letters strategies queue (one PDF, the list and
 * each letter from a new page, each recorded as sent, two printers never printing one letter twice),
 * and a carta documento recorded with its delivery day (the judicial issue reads it).
 */
import { LETTER_MESSAGES, MESSAGES } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import { createDebt, createDebtor, dayFrom } from './domain';
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
import { pdfPages } from './pdfHelpers';

forEachBackend('letters: the day’s print batch and cartas documento (issue 36)', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: string;
  let cliente: string;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    general = (await createUser(t.app, admin, 'GENERAL')).token;
    cliente = (await createUser(t.app, admin, 'CLIENTE')).token;
  });
  afterAll(() => t?.close());

  const queue = async (debtId: number, code = 'intimacion') =>
    t.database.db.execute(sql`INSERT INTO letter_queue (debt_id, template_code) VALUES (${debtId}, ${code})`);
  const finished = async (id: number) => {
    const until = Date.now() + 60_000;
    for (;;) {
      const batch = (await call(t.app, general, { method: 'GET', url: `/api/letter-batches/${id}` })).body;
      if (batch.status !== 'QUEUED' && batch.status !== 'RUNNING') return batch;
      if (Date.now() > until) throw new Error(`el lote ${id} sigue ${batch.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  describe('the print batch', () => {
    it('prints every waiting letter in one PDF after their list, each from a new page, and records each as sent', async () => {
      const companyId = (await createCompany(t.app, admin)).id as number;
      const ana = await createDebtor(t.app, admin, {
        firstName: 'Ana',
        lastName: 'Aguirre',
        address: 'Av. Colón 1234',
      });
      const beto = await createDebtor(t.app, admin, { firstName: 'Beto', lastName: 'Benítez' });
      const first = await createDebt(t.app, admin, {
        companyId,
        debtorId: ana.id,
        originalAmount: '1500.00',
      });
      const second = await createDebt(t.app, admin, { companyId, debtorId: beto.id });
      await queue(first.id);
      await queue(second.id);
      const waiting = await call(t.app, general, { method: 'GET', url: '/api/letter-batches/waiting' });
      expect(waiting.status).toBe(200);
      expect(waiting.body.waiting).toBeGreaterThanOrEqual(2);
      expect(
        waiting.body.byTemplate.find((r: { templateCode: string }) => r.templateCode === 'intimacion'),
      ).toMatchObject({
        templateName: 'Intimación de pago',
      });
      const started = await call(t.app, general, { method: 'POST', url: '/api/letter-batches' });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const batch = await finished(started.body.id);
      expect(batch.status).toBe('DONE');
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/letter-batches/${batch.id}/file`,
        headers: { authorization: `Bearer ${general}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      const { text, pages } = await pdfPages(file.rawPayload);
      expect(text).toContain(`Lote de cartas N.º ${batch.id}`);
      expect(text).toContain('Aguirre, Ana');
      expect(text).toContain('Av. Colón 1234');
      expect(text).toContain('$ 1.500,00');
      // The list, then each letter from a page of its own.
      expect(pages).toBeGreaterThanOrEqual(batch.letters + 1);
      const sent = rowsOf<{ debt_id: number; template_code: string }>(
        await t.database.db.execute(
          sql`SELECT debt_id, template_code FROM letters WHERE debt_id IN (${first.id}, ${second.id}) ORDER BY debt_id`,
        ),
      );
      expect(sent).toEqual([
        { debt_id: first.id, template_code: 'intimacion' },
        { debt_id: second.id, template_code: 'intimacion' },
      ]);
      const again = await call(t.app, general, { method: 'POST', url: '/api/letter-batches' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(LETTER_MESSAGES.nothingWaiting);
    });

    it('two people printing at once never print one letter twice', async () => {
      const companyId = (await createCompany(t.app, admin)).id as number;
      for (let i = 0; i < 6; i++) await queue((await createDebt(t.app, admin, { companyId })).id);
      const answers = await Promise.all([
        call(t.app, general, { method: 'POST', url: '/api/letter-batches' }),
        call(t.app, admin, { method: 'POST', url: '/api/letter-batches' }),
      ]);
      const ids = answers.filter((a) => a.status === 201).map((a) => a.body.id as number);
      expect(ids.length).toBeGreaterThanOrEqual(1);
      const [claimed] = rowsOf<{ n: number; distinct_ids: number }>(
        await t.database.db.execute(sql`SELECT count(*)::int AS n, count(DISTINCT id)::int AS distinct_ids
          FROM letter_queue WHERE batch_id = ANY(${`{${ids.join(',')}}`}::int[])`),
      );
      expect(claimed?.n).toBe(6);
      for (const id of ids) await finished(id);
    });

    it('a batch that failed gives its letters back: the next one prints them', async () => {
      const debt = await createDebt(t.app, admin);
      const [failed] = rowsOf<{ id: number }>(
        await t.database.db.execute(sql`WITH job AS (
            INSERT INTO jobs (kind, payload, status) VALUES ('letter-batch-fallido', '{}', 'failed') RETURNING id)
          INSERT INTO letter_batches (job_id) SELECT id FROM job RETURNING id`),
      );
      await t.database.db.execute(
        sql`INSERT INTO letter_queue (debt_id, template_code, batch_id) VALUES (${debt.id}, 'intimacion', ${failed?.id})`,
      );
      const waiting = await call(t.app, general, { method: 'GET', url: '/api/letter-batches/waiting' });
      expect(waiting.body.waiting).toBeGreaterThanOrEqual(1);
      const started = await call(t.app, general, { method: 'POST', url: '/api/letter-batches' });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      expect((await finished(started.body.id)).status).toBe('DONE');
      const sent = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`SELECT count(*)::int AS n FROM letters WHERE debt_id = ${debt.id}`),
      );
      expect(sent[0]?.n).toBe(1);
    });

    it('a CLIENTE never reaches the letters (403)', async () => {
      for (const url of ['/api/letter-batches', '/api/letter-batches/waiting', '/api/letters']) {
        const refused = await call(t.app, cliente, { method: 'GET', url });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ message: MESSAGES.forbidden });
      }
    });
  });

  describe('carta documento', () => {
    it('is recorded with its number, sending and delivery days; none in the future, none delivered before sent', async () => {
      const debt = await createDebt(t.app, admin);
      const post = (payload: Record<string, unknown>) =>
        call(t.app, general, {
          method: 'POST',
          url: '/api/letters',
          payload: { debtId: debt.id, ...payload },
        });
      const future = await post({ cdNumber: 'CD 123', sentOn: dayFrom(1) });
      expect(future.status).toBe(400);
      expect(JSON.stringify(future.body)).toContain(MESSAGES.moneyDateAfterToday);
      const backwards = await post({ cdNumber: 'CD 123', sentOn: dayFrom(-3), deliveredOn: dayFrom(-5) });
      expect(backwards.status).toBe(400);
      expect(JSON.stringify(backwards.body)).toContain(LETTER_MESSAGES.deliveredBeforeSent);
      const cdNumber = unique('CD ');
      const recorded = await post({ cdNumber, sentOn: dayFrom(-5) });
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
      expect(recorded.body).toMatchObject({ templateName: 'Carta documento', cdNumber, deliveredOn: null });
      const delivered = await call(t.app, general, {
        method: 'PATCH',
        url: `/api/letters/${recorded.body.id}`,
        payload: { deliveredOn: dayFrom(-3) },
      });
      expect(delivered.status).toBe(200);
      expect(delivered.body.deliveredOn).toBe(dayFrom(-3));
      const listed = await call(t.app, general, { method: 'GET', url: `/api/letters?debtId=${debt.id}` });
      expect(listed.body.data.map((l: { cdNumber: string }) => l.cdNumber)).toEqual([cdNumber]);
    });

    it('a letter printed here is marked as sent by carta documento', async () => {
      const debt = await createDebt(t.app, admin);
      const pdf = await call(t.app, general, {
        method: 'GET',
        url: `/api/debts/${debt.id}/letters/intimacion`,
      });
      expect(pdf.status).toBe(200);
      const [letter] = (await call(t.app, general, { method: 'GET', url: `/api/letters?debtId=${debt.id}` }))
        .body.data;
      const marked = await call(t.app, general, {
        method: 'PATCH',
        url: `/api/letters/${letter.id}`,
        payload: { cdNumber: 'CD 987654321', sentOn: dayFrom(0), deliveredOn: dayFrom(0) },
      });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect(marked.body).toMatchObject({ templateCode: 'intimacion', cdNumber: 'CD 987654321' });
    });
  });
});
