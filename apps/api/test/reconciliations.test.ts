/**
 * Money in (DESIGN.md §11.4, issue 35): each matching rule with a worked example, posting in bulk, by
 * hand and split, «ya registrado», one movement posted once across two uploads and two approvals at
 * once, un-posting by REVERSAL, the file refusals, the other sources, and ADMIN only.
 */
import { RECONCILIATION_MESSAGES as M, MESSAGES, type ReconciliationLine } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { cuitFor, dashed, xlsxOf } from './importHelpers';
import {
  bankProfile,
  linesOf,
  reconciled,
  runReconciliation,
  uploadStatement,
} from './reconciliationHelpers';

const csv = (rows: string[][]) => `${rows.map((r) => r.join(';')).join('\n')}\n`;
const HEAD = ['Fecha', 'Importe', 'Concepto', 'Ordenante'];
const day = (offset: number) => dayFrom(offset);
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

forEachBackend('money in: reconciliation (issue 35)', (backend) => {
  let t: TestApp;
  let admin: string;
  let companyId: number;
  const balanceOf = async (debtId: number) =>
    (await call(t.app, admin, { method: 'GET', url: `/api/debts/${debtId}/balance` })).body.total as string;
  const payments = async (debtId: number) =>
    (await call(t.app, admin, { method: 'GET', url: `/api/payments?debtId=${debtId}` })).body.data as {
      id: number;
      amount: string;
      paidAt: string;
      method: string;
    }[];
  const lineWith = (lines: ReconciliationLine[], text: string) => {
    const line = lines.find((l) => (l.description ?? '').includes(text));
    if (!line) throw new Error(`sin línea «${text}»`);
    return line;
  };

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    companyId = (await createCompany(t.app, admin)).id;
  });
  afterAll(() => t?.close());

  describe('each matching rule, by a worked example', () => {
    it('a portal reference is CIERTA; a debt reference, a DNI or a CUIT ALTA; name and exact amount MEDIA; else NINGUNA', async () => {
      const byIntent = await createDebt(t.app, admin, { companyId, originalAmount: '50000.00' });
      await t.database.db.execute(sql`INSERT INTO payment_intents (reference, debt_id, kind, amount, channel, expires_at)
        VALUES ('PQRSTUVWX', ${byIntent.id}, 'AMOUNT', 1000, 'TRANSFERENCIA', now() + interval '3 days')`);
      const reference = unique('PR-');
      const byReference = await createDebt(t.app, admin, {
        companyId,
        reference,
        originalAmount: '50000.00',
      });
      const dni = makeDni();
      const byDni = await createDebt(t.app, admin, {
        companyId,
        debtorId: (await createDebtor(t.app, admin, { dni })).id,
      });
      const cuitDni = makeDni();
      const cuit = cuitFor(cuitDni);
      const byCuit = await createDebt(t.app, admin, {
        companyId,
        debtorId: (await createDebtor(t.app, admin, { dni: makeDni(), cuit })).id,
      });
      const surname = `Zubiría${unique('').replace(/\d/g, '').slice(0, 4)}x`;
      const byName = await createDebt(t.app, admin, {
        companyId,
        originalAmount: '1234.56',
        debtorId: (await createDebtor(t.app, admin, { lastName: surname, firstName: 'Ana María' })).id,
      });
      const date = ddmmyyyy(day(-2));
      const file = await runReconciliation(t, admin, {
        content: csv([
          HEAD,
          [date, '1000,00', 'TRANSFERENCIA PQRSTUVWX', 'ALGUIEN'],
          [date, '2.500,00', `PAGO ${reference}`, 'OTRO'],
          [date, '3000', `TRF DNI ${Number(dni).toLocaleString('es-AR')}`, 'X'],
          [date, '4000', `CUIT ${dashed(cuit)}`, 'Y'],
          [date, '1.234,56', 'TRANSFERENCIA RECIBIDA', `${surname.toUpperCase()} ANA`],
          [date, '99,99', 'NADA QUE VER', 'NADIE'],
          [date, '-500', 'DEBITO', ''],
        ]),
      });
      expect(file).toMatchObject({ status: 'DONE', totalRows: 7, skippedRows: 1, rejectedRows: 0 });
      expect(file.counts).toEqual({ posted: 0, toReview: 5, unmatched: 1, ignored: 0 });
      const lines = await linesOf(t, admin, file.id);
      const best = (text: string) => {
        const line = lineWith(lines, text);
        return {
          confidence: line.confidence,
          debts: line.candidates.map((c) => c.debtId),
          reason: line.candidates[0]?.reason,
        };
      };
      expect(best('PQRSTUVWX')).toEqual({
        confidence: 'CIERTA',
        debts: [byIntent.id],
        reason: 'Referencia de pago del portal PQRSTUVWX',
      });
      expect(best(reference)).toEqual({
        confidence: 'ALTA',
        debts: [byReference.id],
        reason: `Referencia de la deuda ${reference}`,
      });
      expect(best('TRF DNI')).toEqual({
        confidence: 'ALTA',
        debts: [byDni.id],
        reason: `DNI ${dni} del deudor`,
      });
      expect(best('CUIT')).toMatchObject({ confidence: 'ALTA', debts: [byCuit.id] });
      expect(best('TRANSFERENCIA RECIBIDA')).toMatchObject({ confidence: 'MEDIA', debts: [byName.id] });
      expect(best('NADA QUE VER')).toEqual({ confidence: 'NINGUNA', debts: [], reason: undefined });
      expect(lineWith(lines, 'NADA').status).toBe('SIN_COINCIDENCIA');
    });

    it('MEDIA needs the amount too: the same name with another amount is no candidate', async () => {
      const surname = `Quiroga${unique('').replace(/\d/g, '').slice(0, 4)}z`;
      await createDebt(t.app, admin, {
        companyId,
        originalAmount: '800.00',
        debtorId: (await createDebtor(t.app, admin, { lastName: surname, firstName: 'Luis' })).id,
      });
      const file = await runReconciliation(t, admin, {
        content: csv([HEAD, [ddmmyyyy(day(-1)), '700,00', 'TRANSFERENCIA', `${surname} LUIS`]]),
      });
      expect(file.counts.unmatched).toBe(1);
    });
  });

  describe('posting', () => {
    it("approving in bulk posts each sure line as a payment at the line's date; the balance and the line say so", async () => {
      const reference = unique('BK-');
      const debt = await createDebt(t.app, admin, { companyId, reference, originalAmount: '10000.00' });
      const file = await runReconciliation(t, admin, {
        content: csv([HEAD, [ddmmyyyy(day(-3)), '2500,00', `Pago ${reference}`, 'X']]),
      });
      const approve = await call(t.app, admin, {
        method: 'POST',
        url: `/api/reconciliations/${file.id}/approve`,
        payload: {},
      });
      expect(approve.status, JSON.stringify(approve.body)).toBe(200);
      expect(approve.body).toEqual({ posted: 1, failed: [] });
      expect(await payments(debt.id)).toMatchObject([
        { amount: '2500.00', paidAt: day(-3), method: 'TRANSFERENCIA' },
      ]);
      expect(await balanceOf(debt.id)).toBe('7500.00');
      const [line] = await linesOf(t, admin, file.id);
      expect(line).toMatchObject({
        status: 'CONCILIADA',
        postings: [{ debtId: debt.id, amount: '2500.00', existing: false }],
      });
      expect((await reconciled(t, admin, file.id)).counts).toEqual({
        posted: 1,
        toReview: 0,
        unmatched: 0,
        ignored: 0,
      });
    });

    it('a line posts once across two uploads of the same statement: the second shows it already posted', async () => {
      const reference = unique('DU-');
      const debt = await createDebt(t.app, admin, { companyId, reference, originalAmount: '10000.00' });
      const profile = await bankProfile(t, admin);
      const content = csv([
        HEAD,
        [ddmmyyyy(day(-3)), '100', `Pago ${reference}`, 'X'],
        [ddmmyyyy(day(-3)), '100', `Pago ${reference}`, 'X'],
      ]);
      const first = await runReconciliation(t, admin, { content, profileId: profile.id });
      const lines = await linesOf(t, admin, first.id);
      // Two equal transfers on one day are two movements.
      for (const line of lines)
        expect(
          (
            await call(t.app, admin, {
              method: 'POST',
              url: `/api/reconciliations/${first.id}/lines/${line.id}/post`,
              payload: { parts: [{ debtId: debt.id, amount: '100.00' }] },
            })
          ).status,
        ).toBe(200);
      const second = await runReconciliation(t, admin, { content, profileId: profile.id });
      expect(second.counts).toEqual({ posted: 2, toReview: 0, unmatched: 0, ignored: 0 });
      const again = await linesOf(t, admin, second.id);
      expect(again.map((l) => l.status)).toEqual(['YA_CONCILIADA', 'YA_CONCILIADA']);
      expect(again[0]?.postedBy).toEqual({ lineId: lines[0]?.id, reconciliationId: first.id });
      expect(await payments(debt.id)).toHaveLength(2);
    });

    it('two approvals of one line at once post it once; the other gets a Spanish 409', async () => {
      const reference = unique('CC-');
      const debt = await createDebt(t.app, admin, { companyId, reference, originalAmount: '10000.00' });
      const file = await runReconciliation(t, admin, {
        content: csv([HEAD, [ddmmyyyy(day(-1)), '300', reference, 'X']]),
      });
      const [line] = await linesOf(t, admin, file.id);
      const post = () =>
        call(t.app, admin, {
          method: 'POST',
          url: `/api/reconciliations/${file.id}/lines/${line?.id}/post`,
          payload: { parts: [{ debtId: debt.id, amount: '300.00' }] },
        });
      const answers = await Promise.all([post(), post()]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body.message).toBe(M.alreadyPosted);
      expect(await payments(debt.id)).toHaveLength(1);
    });

    it('the same movement in two files approved at once posts once', async () => {
      const reference = unique('TW-');
      const debt = await createDebt(t.app, admin, { companyId, reference, originalAmount: '10000.00' });
      const profile = await bankProfile(t, admin);
      const content = csv([HEAD, [ddmmyyyy(day(-1)), '450', reference, 'X']]);
      const a = await runReconciliation(t, admin, { content, profileId: profile.id });
      const b = await runReconciliation(t, admin, { content, profileId: profile.id });
      const approve = (id: number) =>
        call(t.app, admin, { method: 'POST', url: `/api/reconciliations/${id}/approve`, payload: {} });
      const [ra, rb] = await Promise.all([approve(a.id), approve(b.id)]);
      expect(ra.body.posted + rb.body.posted).toBe(1);
      expect([...ra.body.failed, ...rb.body.failed].map((f: { message: string }) => f.message)[0]).toMatch(
        /^Este movimiento ya se concilió en el archivo N\.º \d+, fila 2\.$/,
      );
      expect(await payments(debt.id)).toHaveLength(1);
    });

    it('a line split across two debts writes one payment on each; parts that do not add up are a 400', async () => {
      const dni = makeDni();
      const debtorId = (await createDebtor(t.app, admin, { dni })).id;
      const one = await createDebt(t.app, admin, { companyId, debtorId, originalAmount: '1000.00' });
      const two = await createDebt(t.app, admin, { companyId, debtorId, originalAmount: '1000.00' });
      const file = await runReconciliation(t, admin, {
        content: csv([HEAD, [ddmmyyyy(day(-1)), '900', `DNI ${dni}`, 'X']]),
      });
      const [line] = await linesOf(t, admin, file.id);
      expect(line?.candidates.map((c) => c.debtId).sort()).toEqual([one.id, two.id].sort());
      const url = `/api/reconciliations/${file.id}/lines/${line?.id}/post`;
      const wrong = await call(t.app, admin, {
        method: 'POST',
        url,
        payload: {
          parts: [
            { debtId: one.id, amount: '400.00' },
            { debtId: two.id, amount: '400.00' },
          ],
        },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors.parts).toEqual([M.partsTotal('$ 800,00', '$ 900,00')]);
      // Two candidates of one confidence: not for a bulk approval.
      const bulk = await call(t.app, admin, {
        method: 'POST',
        url: `/api/reconciliations/${file.id}/approve`,
        payload: {},
      });
      expect(bulk.body.posted).toBe(0);
      const split = await call(t.app, admin, {
        method: 'POST',
        url,
        payload: {
          parts: [
            { debtId: one.id, amount: '400.00' },
            { debtId: two.id, amount: '500.00' },
          ],
        },
      });
      expect(split.status, JSON.stringify(split.body)).toBe(200);
      expect(await balanceOf(one.id)).toBe('600.00');
      expect(await balanceOf(two.id)).toBe('500.00');
    });

    it('un-posting writes REVERSAL rows with the reason; the money is owed again and the line can post again', async () => {
      const reference = unique('UN-');
      const debt = await createDebt(t.app, admin, { companyId, reference, originalAmount: '5000.00' });
      const file = await runReconciliation(t, admin, {
        content: csv([HEAD, [ddmmyyyy(day(-1)), '1000', reference, 'X']]),
      });
      await call(t.app, admin, {
        method: 'POST',
        url: `/api/reconciliations/${file.id}/approve`,
        payload: {},
      });
      const [line] = await linesOf(t, admin, file.id);
      expect(await balanceOf(debt.id)).toBe('4000.00');
      const url = `/api/reconciliations/${file.id}/lines/${line?.id}`;
      const undone = await call(t.app, admin, {
        method: 'POST',
        url: `${url}/unpost`,
        payload: { reason: 'Era de otro deudor' },
      });
      expect(undone.status, JSON.stringify(undone.body)).toBe(200);
      expect(undone.body).toMatchObject({ status: 'A_REVISAR', postings: [], note: 'Era de otro deudor' });
      expect(await balanceOf(debt.id)).toBe('5000.00');
      const reversal = await t.database.db.execute(sql`SELECT l.kind::text, l.notes, r.amount::text AS amount
        FROM ledger l JOIN ledger r ON r.id = l.reversal_of WHERE l.debt_id = ${debt.id} AND l.kind = 'REVERSAL'`);
      expect((reversal as unknown as { rows: unknown[] }).rows).toEqual([
        { kind: 'REVERSAL', notes: 'Era de otro deudor', amount: '1000.00' },
      ]);
      const again = await call(t.app, admin, {
        method: 'POST',
        url: `/api/reconciliations/${file.id}/approve`,
        payload: {},
      });
      expect(again.body.posted).toBe(1);
      expect(await balanceOf(debt.id)).toBe('4000.00');
    });

    it('a payment already typed by hand is proposed «ya registrado» and confirming it adds no money', async () => {
      const reference = unique('YR-');
      const debt = await createDebt(t.app, admin, { companyId, reference, originalAmount: '5000.00' });
      const typed = await create(t.app, admin, 'payments', {
        debtId: debt.id,
        amount: '750.00',
        paidAt: day(-1),
        method: 'TRANSFERENCIA',
      });
      const file = await runReconciliation(t, admin, {
        content: csv([HEAD, [ddmmyyyy(day(-3)), '750', reference, 'X']]),
      });
      const [line] = await linesOf(t, admin, file.id);
      expect(line?.candidates[0]?.existing).toEqual({
        kind: 'PAYMENT',
        id: typed.id,
        date: day(-1),
        amount: '750.00',
        postedBy: null,
      });
      const approve = await call(t.app, admin, {
        method: 'POST',
        url: `/api/reconciliations/${file.id}/approve`,
        payload: {},
      });
      expect(approve.body.posted).toBe(1);
      expect(await payments(debt.id)).toHaveLength(1);
      expect(await balanceOf(debt.id)).toBe('4250.00');
      const [posted] = await linesOf(t, admin, file.id);
      expect(posted?.postings).toEqual([
        { debtId: debt.id, kind: 'PAYMENT', recordId: typed.id, amount: '750.00', existing: true },
      ]);
    });

    it('a line marked as not ours leaves the counts as ignored and can come back', async () => {
      const file = await runReconciliation(t, admin, {
        content: csv([HEAD, [ddmmyyyy(day(-1)), '12', 'INTERESES', '']]),
      });
      const [line] = await linesOf(t, admin, file.id);
      const url = `/api/reconciliations/${file.id}/lines/${line?.id}`;
      expect(
        (
          await call(t.app, admin, {
            method: 'POST',
            url: `${url}/ignore`,
            payload: { note: 'Intereses del banco' },
          })
        ).body.status,
      ).toBe('IGNORADA');
      expect((await reconciled(t, admin, file.id)).counts.ignored).toBe(1);
      expect((await call(t.app, admin, { method: 'POST', url: `${url}/restore` })).body.status).toBe(
        'SIN_COINCIDENCIA',
      );
    });
  });

  describe('the same money is never counted twice', () => {
    const approve = (id: number) =>
      call(t.app, admin, { method: 'POST', url: `/api/reconciliations/${id}/approve`, payload: {} });

    it('a payment typed by hand that closed one debt of the debtor is proposed «ya registrado», not posted on the other debt', async () => {
      const dni = makeDni();
      const debtorId = (await createDebtor(t.app, admin, { dni })).id;
      const paid = await createDebt(t.app, admin, { companyId, debtorId, originalAmount: '1000.00' });
      const other = await createDebt(t.app, admin, { companyId, debtorId, originalAmount: '5000.00' });
      const typed = await create(t.app, admin, 'payments', {
        debtId: paid.id,
        amount: '1000.00',
        paidAt: day(-1),
        method: 'TRANSFERENCIA',
      });
      const file = await runReconciliation(t, admin, {
        content: csv([HEAD, [ddmmyyyy(day(-1)), '1000', `TRANSFERENCIA DNI ${dni}`, '']]),
      });
      expect((await approve(file.id)).body).toEqual({ posted: 1, failed: [] });
      expect(await payments(other.id)).toHaveLength(0);
      const [line] = await linesOf(t, admin, file.id);
      expect(line?.postings).toEqual([
        { debtId: paid.id, kind: 'PAYMENT', recordId: typed.id, amount: '1000.00', existing: true },
      ]);
    });

    it('a re-upload after the profile maps one more column finds the same movements already posted', async () => {
      const reference = unique('PF-');
      const debt = await createDebt(t.app, admin, { companyId, reference, originalAmount: '10000.00' });
      const profile = await bankProfile(t, admin, {
        mapping: { date: 'Fecha', amount: 'Importe', description: 'Concepto' },
      });
      const content = csv([HEAD, [ddmmyyyy(day(-2)), '300', `Pago ${reference}`, 'JUAN PEREZ']]);
      expect(
        (await approve((await runReconciliation(t, admin, { content, profileId: profile.id })).id)).body
          .posted,
      ).toBe(1);
      const patched = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/reconciliation-profiles/${profile.id}`,
        payload: {
          mapping: { date: 'Fecha', amount: 'Importe', description: 'Concepto', payerName: 'Ordenante' },
        },
      });
      expect(patched.status).toBe(200);
      const again = await runReconciliation(t, admin, { content, profileId: profile.id });
      expect(again.counts.posted).toBe(1);
      await approve(again.id);
      expect(await payments(debt.id)).toHaveLength(1);
    });

    it('two lines that differ only in letters are two movements (the fingerprint keeps the whole text)', async () => {
      const n = String(Date.now()).slice(-7);
      const x = await createDebt(t.app, admin, {
        companyId,
        reference: `QX-${n}`,
        originalAmount: '10000.00',
      });
      const y = await createDebt(t.app, admin, {
        companyId,
        reference: `ZY-${n}`,
        originalAmount: '10000.00',
      });
      const profile = await bankProfile(t, admin);
      const d = ddmmyyyy(day(-1));
      await approve(
        (
          await runReconciliation(t, admin, {
            content: csv([HEAD, [d, '100', `Pago QX-${n}`, '']]),
            profileId: profile.id,
          })
        ).id,
      );
      const both = await runReconciliation(t, admin, {
        content: csv([HEAD, [d, '100', `Pago ZY-${n}`, ''], [d, '100', `Pago QX-${n}`, '']]),
        profileId: profile.id,
      });
      expect((await linesOf(t, admin, both.id)).map((l) => l.status)).toEqual(['A_REVISAR', 'YA_CONCILIADA']);
      await approve(both.id);
      expect(await payments(x.id)).toHaveLength(1);
      expect(await payments(y.id)).toHaveLength(1);
    });

    it('a line whose movement another file posted meanwhile stays marked «ya conciliada» after the 409', async () => {
      const reference = unique('MK-');
      const debt = await createDebt(t.app, admin, { companyId, reference, originalAmount: '10000.00' });
      const profile = await bankProfile(t, admin);
      const content = csv([HEAD, [ddmmyyyy(day(-1)), '450', reference, 'X']]);
      const a = await runReconciliation(t, admin, { content, profileId: profile.id });
      const b = await runReconciliation(t, admin, { content, profileId: profile.id });
      await approve(a.id);
      const [line] = await linesOf(t, admin, b.id);
      const post = await call(t.app, admin, {
        method: 'POST',
        url: `/api/reconciliations/${b.id}/lines/${line?.id}/post`,
        payload: { parts: [{ debtId: debt.id, amount: '450.00' }] },
      });
      expect(post.status).toBe(409);
      expect((await linesOf(t, admin, b.id))[0]).toMatchObject({
        status: 'YA_CONCILIADA',
        postedBy: { reconciliationId: a.id },
      });
    });

    it('a transaction number the bank repeats in one file names two movements', async () => {
      const reference = unique('TX-');
      const debt = await createDebt(t.app, admin, { companyId, reference, originalAmount: '10000.00' });
      const profile = await bankProfile(t, admin, {
        mapping: { date: 'Fecha', amount: 'Importe', description: 'Concepto', transactionId: 'Operación' },
      });
      const d = ddmmyyyy(day(-1));
      const file = await runReconciliation(t, admin, {
        profileId: profile.id,
        content: csv([
          ['Fecha', 'Importe', 'Concepto', 'Operación'],
          [d, '100', `Pago ${reference}`, '0'],
          [d, '200', `Pago ${reference}`, '0'],
        ]),
      });
      expect((await approve(file.id)).body.posted).toBe(2);
      expect(await payments(debt.id)).toHaveLength(2);
    });

    it('a payment typed by hand after the upload stops the approval and is proposed on the line instead', async () => {
      const reference = unique('LT-');
      const debt = await createDebt(t.app, admin, { companyId, reference, originalAmount: '10000.00' });
      const file = await runReconciliation(t, admin, {
        content: csv([HEAD, [ddmmyyyy(day(-1)), '640', `Pago ${reference}`, '']]),
      });
      const typed = await create(t.app, admin, 'payments', {
        debtId: debt.id,
        amount: '640.00',
        paidAt: day(-1),
        method: 'TRANSFERENCIA',
      });
      const first = await approve(file.id);
      expect(first.body.posted).toBe(0);
      expect(first.body.failed[0].message).toMatch(
        /^La deuda N\.º \d+ ya tiene un pago de \$ 640,00 del \d\d\/\d\d\/\d{4} sin conciliar/,
      );
      expect((await linesOf(t, admin, file.id))[0]?.candidates[0]?.existing).toMatchObject({
        id: typed.id,
        postedBy: null,
      });
      expect((await approve(file.id)).body.posted).toBe(1);
      expect(await payments(debt.id)).toHaveLength(1);
    });

    it('«ya registrado» is looked for on each candidate debt: the certain one confirms its own payment', async () => {
      const dni = makeDni();
      const debtorId = (await createDebtor(t.app, admin, { dni })).id;
      const d1 = await createDebt(t.app, admin, { companyId, debtorId, originalAmount: '10000.00' });
      const d2 = await createDebt(t.app, admin, { companyId, debtorId, originalAmount: '10000.00' });
      await t.database.db.execute(sql`INSERT INTO payment_intents (reference, debt_id, kind, amount, channel, expires_at)
        VALUES ('PABCDEFGH', ${d1.id}, 'AMOUNT', 1000, 'TRANSFERENCIA', now() + interval '3 days')`);
      await create(t.app, admin, 'payments', {
        debtId: d1.id,
        amount: '1000.00',
        paidAt: day(-5),
        method: 'TRANSFERENCIA',
      });
      await create(t.app, admin, 'payments', {
        debtId: d2.id,
        amount: '1000.00',
        paidAt: day(-1),
        method: 'TRANSFERENCIA',
      });
      const file = await runReconciliation(t, admin, {
        content: csv([HEAD, [ddmmyyyy(day(-1)), '1000', `PABCDEFGH DNI ${dni}`, '']]),
      });
      expect((await approve(file.id)).body.posted).toBe(1);
      expect(await payments(d1.id)).toHaveLength(1);
      expect(await payments(d2.id)).toHaveLength(1);
    });
  });

  describe('files', () => {
    it('rows with a date after today or an amount that is not one are rejected with the row and the reason', async () => {
      const file = await runReconciliation(t, admin, {
        content: csv([
          HEAD,
          ['01/01/2199', '10', 'futuro', ''],
          [ddmmyyyy(day(-1)), 'diez', 'x', ''],
          [ddmmyyyy(day(-1)), '10', 'ok', ''],
        ]),
      });
      expect(file).toMatchObject({
        rejectedRows: 2,
        problems: ['Fila 2: la fecha es posterior a hoy.', 'Fila 3: el importe no es válido.'],
      });
      expect(file.counts.unmatched).toBe(1);
    });

    it('control characters in a text file are spaces, not a failed job', async () => {
      const profile = await create(t.app, admin, 'reconciliation-profiles', {
        name: unique('Red '),
        source: 'RED_DE_PAGOS',
        layout: 'ANCHO_FIJO',
        dateFormat: 'AAAAMMDD',
        fixedLayout: {
          date: { start: 1, length: 8 },
          amount: { start: 9, length: 10 },
          description: { start: 19, length: 10 },
        },
      });
      const file = await runReconciliation(t, admin, {
        profileId: profile.id,
        fileName: 'red.txt',
        content: Buffer.from(`${day(-1).replaceAll('-', '')}0000010000Pago\u0000abcde\n\n`, 'latin1'),
      });
      expect(file).toMatchObject({ status: 'DONE', totalRows: 1, processedRows: 1 });
      expect((await linesOf(t, admin, file.id))[0]?.description).toBe('Pago abcde');
    });

    it('a file the profile cannot read is a Spanish 400 that stores nothing', async () => {
      const profile = await bankProfile(t, admin);
      const wrong = await uploadStatement(t, admin, {
        profileId: profile.id,
        content: csv([
          ['Día', 'Monto'],
          ['01/01/2024', '1'],
        ]),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toMatch(
        /^El archivo no tiene las columnas del perfil «Banco .+»: «Fecha», «Importe», «Concepto», «Ordenante»\.$/,
      );
      const garbage = await uploadStatement(t, admin, {
        profileId: profile.id,
        fileName: 'x.xlsx',
        content: Buffer.from('PK\u0003\u0004basura'),
      });
      expect(garbage.status).toBe(400);
      const noProfile = await uploadStatement(t, admin, { content: csv([HEAD]) });
      expect(noProfile.status).toBe(400);
      expect(noProfile.body.errors.profileId).toEqual(['Elija el perfil del archivo.']);
    });

    it('a spreadsheet statement with a credit column reads credits only', async () => {
      const reference = unique('XL-');
      await createDebt(t.app, admin, { companyId, reference, originalAmount: '10000.00' });
      const profile = await bankProfile(t, admin, {
        mapping: { date: 'Fecha', credit: 'Crédito', debit: 'Débito', description: 'Concepto' },
      });
      const content = await xlsxOf([
        ['Fecha', 'Concepto', 'Débito', 'Crédito'],
        [new Date(`${day(-2)}T00:00:00Z`), `Transferencia ${reference}`, null, 1500.5],
        [new Date(`${day(-2)}T00:00:00Z`), 'Comisión', 120, null],
      ]);
      const file = await runReconciliation(t, admin, {
        content,
        profileId: profile.id,
        fileName: 'extracto.xlsx',
      });
      expect(file).toMatchObject({ status: 'DONE', skippedRows: 1 });
      const [line] = await linesOf(t, admin, file.id);
      expect(line).toMatchObject({ amount: '1500.50', date: day(-2), confidence: 'ALTA' });
    });

    it("a payment network's fixed-width file: detail records only, implied decimals, its transaction id", async () => {
      const reference = unique('').replace(/\D/g, '').padStart(8, '7').slice(0, 8);
      const debt = await createDebt(t.app, admin, {
        companyId,
        reference: `RP${reference}`,
        originalAmount: '10000.00',
      });
      const profile = await create(t.app, admin, 'reconciliation-profiles', {
        name: unique('Red '),
        source: 'RED_DE_PAGOS',
        layout: 'ANCHO_FIJO',
        recordPrefix: '5',
        dateFormat: 'AAAAMMDD',
        impliedDecimals: 2,
        method: 'EFECTIVO',
        fixedLayout: {
          date: { start: 2, length: 8 },
          amount: { start: 10, length: 12 },
          reference: { start: 22, length: 10 },
          transactionId: { start: 32, length: 6 },
        },
      });
      const date = day(-4).replaceAll('-', '');
      const content = [
        `1CABECERA ${date}`,
        `5${date}000000123450RP${reference}000001`,
        `5${date}000000010000XX00000000000002`,
        '9TOTAL',
      ].join('\r\n');
      const file = await runReconciliation(t, admin, {
        content,
        profileId: profile.id,
        fileName: 'FAC1234.281126',
      });
      expect(file).toMatchObject({ status: 'DONE', totalRows: 4, skippedRows: 2 });
      const lines = await linesOf(t, admin, file.id);
      expect(lines.map((l) => [l.amount, l.transactionId, l.confidence])).toEqual([
        ['1234.50', '000001', 'ALTA'],
        ['100.00', '000002', 'NINGUNA'],
      ]);
      await call(t.app, admin, {
        method: 'POST',
        url: `/api/reconciliations/${file.id}/approve`,
        payload: {},
      });
      expect(await payments(debt.id)).toMatchObject([
        { amount: '1234.50', method: 'EFECTIVO', paidAt: day(-4) },
      ]);
    });

    it("Mercado Pago's released-money report: released payments only, the gross amount, its payment id as the movement", async () => {
      const debt = await createDebt(t.app, admin, { companyId, originalAmount: '8000.00' });
      await t.database.db.execute(sql`INSERT INTO payment_intents (reference, debt_id, kind, amount, channel, expires_at)
        VALUES ('PMPMPMPM2', ${debt.id}, 'AMOUNT', 1000, 'MERCADOPAGO', now() + interval '3 days')`);
      const [profile] = (
        await call(t.app, admin, { method: 'GET', url: '/api/reconciliation-profiles?source=MERCADOPAGO' })
      ).body.data;
      const at = `${day(-1)}T10:00:00.000-03:00`;
      const content = [
        'DATE,SOURCE_ID,EXTERNAL_REFERENCE,RECORD_TYPE,DESCRIPTION,NET_CREDIT_AMOUNT,NET_DEBIT_AMOUNT,GROSS_AMOUNT',
        `${at},,,initial_available_balance,,0.00,0.00,0.00`,
        `${at},90001,PMPMPMPM2,release,payment,955.00,0.00,1000.00`,
        `${at},90002,,release,reserve_for_dispute,0.00,100.00,100.00`,
        `${at},90003,,release,payout,0.00,500.00,500.00`,
      ].join('\n');
      const file = await runReconciliation(t, admin, {
        content,
        profileId: profile.id,
        fileName: 'released.csv',
      });
      expect(file).toMatchObject({ status: 'DONE', skippedRows: 3 });
      const [line] = await linesOf(t, admin, file.id);
      expect(line).toMatchObject({ amount: '1000.00', transactionId: '90001', confidence: 'CIERTA' });
      await call(t.app, admin, {
        method: 'POST',
        url: `/api/reconciliations/${file.id}/approve`,
        payload: {},
      });
      expect(await payments(debt.id)).toMatchObject([{ amount: '1000.00', method: 'MERCADOPAGO' }]);
      const missing = await uploadStatement(t, admin, {
        profileId: profile.id,
        content: 'DATE,SOURCE_ID\n2024-01-01,1\n',
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toContain(
        'El archivo no es un reporte de dinero liberado de Mercado Pago',
      );
    });

    it('the export lists what is left, in Excel', async () => {
      const file = await runReconciliation(t, admin, {
        content: csv([HEAD, [ddmmyyyy(day(-1)), '77', 'SIN DUEÑO', '']]),
      });
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/reconciliations/${file.id}/pending`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(response.statusCode).toBe(200);
      const ExcelJS = (await import('exceljs')).default;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet?.getRow(2).getCell(3).value).toBe(77);
      expect(sheet?.getRow(2).getCell(4).value).toBe('SIN DUEÑO');
      expect(sheet?.getRow(2).getCell(9).value).toBe('Sin coincidencia');
    });
  });

  it('GENERAL and CLIENTE get 403 on every reconciliation call', async () => {
    const file = await runReconciliation(t, admin, {
      content: csv([HEAD, [ddmmyyyy(day(-1)), '5', 'x', '']]),
    });
    const [line] = await linesOf(t, admin, file.id);
    for (const role of ['GENERAL', 'CLIENTE'] as const) {
      const { token } = await createUser(t.app, admin, role);
      const calls = [
        { method: 'GET' as const, url: '/api/reconciliations' },
        { method: 'GET' as const, url: `/api/reconciliations/${file.id}` },
        { method: 'GET' as const, url: `/api/reconciliations/${file.id}/lines` },
        { method: 'GET' as const, url: `/api/reconciliations/${file.id}/pending` },
        { method: 'POST' as const, url: `/api/reconciliations/${file.id}/approve`, payload: {} },
        {
          method: 'POST' as const,
          url: `/api/reconciliations/${file.id}/lines/${line?.id}/ignore`,
          payload: {},
        },
        { method: 'GET' as const, url: '/api/reconciliation-profiles' },
      ];
      for (const request of calls) {
        const response = await call(t.app, token, request);
        expect(response.status, `${role} ${request.method} ${request.url}`).toBe(403);
        expect(response.body).toEqual({ message: MESSAGES.forbidden });
      }
      expect((await uploadStatement(t, token, { profileId: 1, content: csv([HEAD]) })).status).toBe(403);
    }
  });
});
