/**
 * Issue 30: nothing a file or a field can do stops the server or forges a document. Each rule of the
 * issue by its name, on both databases (the real server process under the bomb is in
 * hostileFiles-process.test.ts).
 */
import { readFileSync } from 'node:fs';
import {
  agencyToday,
  dayMonthYear,
  formatMoney,
  MESSAGES,
  OFFER_MESSAGES,
  offerLimitReasons,
  oneLine,
} from '@cobranzas/shared';
import { cellText } from '@cobranzas/shared/imports';
import { and, eq, ne, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtors, debts, quotas } from '../src/db/schema';
import { FILE_READS_BUSY, Gate } from '../src/fileReads';
import { FILE_ERRORS } from '../src/modules/imports/parse/errors';
import { PRINT_MAX_SIDE } from '../src/pdf/logo';
import { create, createCatalog, createDebt, createDebtor, dayFrom, expectStatus } from './domain';
import { lyingAboutSizes } from './fixtures/make-bombs';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';
import { upload, xlsxOf } from './importHelpers';
import { multipartBody } from './multipart';

const FIXTURES = new URL('./fixtures/', import.meta.url);
/** The probe's file: ≈ 500 KB of .xlsx whose 7 600 shared strings inflate to 456 MB. */
const BOMB = readFileSync(new URL('shared-strings-bomb.xlsx', FIXTURES));
/** The probe's logo: a valid PNG of 8000 × 8000 pixels in ≈ 200 KB. */
const BIG_PNG = readFileSync(new URL('logo-8000x8000.png', FIXTURES));

/** The lines of a PDF's text as unpdf reads them (it keeps the PDF's line breaks). */
async function pdfLines(bytes: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.split('\n').map((line) => line.trim());
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1f4e79' } })
    .png()
    .toBuffer();

describe('the gate of untrusted file reads (fileReads.ts)', () => {
  const later = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { opened, open };
  };

  it('runs as many reads as it has slots; the next wait their turn, in order', async () => {
    const gate = new Gate({ slots: 2, maxWaiting: 5, waitMs: 5_000 });
    const first = later();
    const second = later();
    const order: string[] = [];
    const a = gate.run(async () => {
      await first.opened;
      order.push('a');
    });
    const b = gate.run(async () => {
      await second.opened;
      order.push('b');
    });
    const c = gate.run(async () => {
      order.push('c');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    expect(order).toEqual([]);
    first.open();
    await a;
    await c;
    expect(order).toEqual(['a', 'c']);
    second.open();
    await b;
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with a Spanish 503 and Retry-After past its waiting room or its wait, and frees the slot after a failure', async () => {
    const gate = new Gate({ slots: 1, maxWaiting: 1, waitMs: 50 });
    const held = later();
    const running = gate.run(() => held.opened);
    const waiting = gate.run(async () => 'tarde');
    const refused = await gate.run(async () => 'nunca').catch((error: unknown) => error);
    expect(refused).toMatchObject({
      statusCode: 503,
      message: FILE_READS_BUSY,
      headers: { 'retry-after': '60' },
    });
    await expect(waiting).rejects.toMatchObject({ statusCode: 503, message: FILE_READS_BUSY });
    held.open();
    await running;
    await expect(gate.run(async () => Promise.reject(new Error('archivo roto')))).rejects.toThrow(
      'archivo roto',
    );
    expect(await gate.run(async () => 'libre')).toBe('libre');
  });
});

describe('text cannot forge a line (shared text.ts)', () => {
  it('oneLine turns line breaks, tabs and controls into one space and drops bidi marks', () => {
    expect(oneLine('EVIL\nSaldo: $ 0,00 (CANCELADA)')).toBe('EVIL Saldo: $ 0,00 (CANCELADA)');
    expect(oneLine(' a\r\n\tb\u0007c\u0000d\u2028e\u0085f ')).toBe('a b c d e f');
    expect(oneLine('Pérez\u202egnaW\u202c Ana\u2066x\u2069')).toBe('PérezgnaW Anax');
  });

  it('an imported cell is one line too: the portfolio file cannot carry a line break into a name', () => {
    expect(cellText('EVIL\nSaldo: $ 0,00\u202e (CANCELADA)')).toBe('EVIL Saldo: $ 0,00 (CANCELADA)');
  });

  it('the down payment refusal shows the real figures, never «10,00 % es menor que 10,00 %»', () => {
    const [reason] = offerLimitReasons(
      { balance: '100000.00', amount: '100000.00', quotas: 10, downPayment: '9999.00' },
      { maxDiscountPercent: null, maxQuotas: null, minDownPaymentPercent: '10.00' },
    );
    expect(reason).toBe(
      OFFER_MESSAGES.downPaymentUnderLimit('$ 9.999,00', '9,99 %', '10,00 %', '$ 10.000,00'),
    );
    const [discount] = offerLimitReasons(
      { balance: '100000.00', amount: '69999.00', quotas: 1, downPayment: '0.00' },
      { maxDiscountPercent: '30.00', maxQuotas: null, minDownPaymentPercent: null },
    );
    expect(discount).toBe(
      OFFER_MESSAGES.discountOverLimit('$ 30.001,00', '30,01 %', '30,00 %', '$ 30.000,00'),
    );
  });
});

forEachBackend(
  'nothing a file or a field can do stops the server or forges a document (issue 30)',
  (backend) => {
    let t: TestApp;
    let admin: string;
    let companyId: number;
    beforeAll(async () => {
      t = await startApp(backend);
      admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
      companyId = (await createCompany(t.app, admin)).id;
    });
    afterAll(() => t?.close());

    const get = (url: string) => call(t.app, admin, { method: 'GET', url });
    /** A GET's raw bytes (a PDF, a workbook, an image). */
    const bytesOf = async (url: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(response.statusCode, url).toBe(200);
      return response.rawPayload;
    };
    /** A payment of 10 on the debt today, and its receipt's PDF. */
    const paidReceipt = async (debtId: number) => {
      const payment = await create(t.app, admin, 'payments', { debtId, amount: '10', paidAt: agencyToday() });
      return bytesOf(`/api/payments/${payment.id}/receipt`);
    };

    describe('1. no upload can exhaust the process', () => {
      it('an .xlsx whose texts inflate to 456 MB is refused at once with a Spanish 400, on preview and on import', async () => {
        const rss = process.memoryUsage().rss;
        for (const url of ['/api/imports/preview', '/api/imports']) {
          const answer = await upload(t, admin, { content: BOMB, companyId, url });
          expectStatus(answer, 400);
          expect(answer.body.message).toBe(FILE_ERRORS.tooManyTexts(96 * 1024 * 1024).message);
        }
        // Refused from the zip's directory: nothing of the 456 MB was inflated.
        expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
        expect((await get('/api/imports?limit=500')).body.data).toEqual([]);
      });

      it('a small .xlsx that lies about its inflated size stops at its declared size: a damaged file', async () => {
        for (const liar of [
          lyingAboutSizes(BOMB, 1000),
          lyingAboutSizes(BOMB, 1000, /^xl\/sharedStrings\.xml$/),
        ]) {
          const answer = await upload(t, admin, { content: liar, companyId, url: '/api/imports/preview' });
          expectStatus(answer, 400);
          expect(answer.body.message).toBe(FILE_ERRORS.corrupt().message);
        }
      });

      it('an honest small .xlsx is still previewed and imported as before', async () => {
        const file = await xlsxOf([
          ['DNI', 'Apellido y Nombre', 'Nro. Cuenta', 'Saldo Deuda'],
          ['20123456', 'Gómez, Ana', unique('C-'), '1500,50'],
        ]);
        const preview = await upload(t, admin, { content: file, companyId, url: '/api/imports/preview' });
        expectStatus(preview, 200);
        expect(preview.body.headers).toEqual(['DNI', 'Apellido y Nombre', 'Nro. Cuenta', 'Saldo Deuda']);
      });
    });

    describe('2. images are limited by pixels, not only bytes', () => {
      const putLogo = (content: Buffer, contentType = 'image/png') => {
        const { payload, headers } = multipartBody([
          { name: 'file', filename: 'logo.png', content, contentType },
        ]);
        return call(t.app, admin, { method: 'PUT', url: '/api/agency/logo', payload, headers });
      };

      it('a 200 KB PNG of 8000 × 8000 is refused with its size and the limit, and nothing is stored', async () => {
        const before = (await get('/api/agency')).body.hasLogo;
        const answer = await putLogo(BIG_PNG);
        expectStatus(answer, 400);
        expect(answer.body.errors.file).toEqual([MESSAGES.agencyLogoTooManyPixels(8000, 8000, 2000)]);
        expect((await get('/api/agency')).body.hasLogo).toBe(before);
      });

      it('a logo within 2000 × 2000 is re-encoded once to what a letterhead prints (800 px a side at most)', async () => {
        expectStatus(await putLogo(await png(1600, 400)), 200);
        const stored = await bytesOf('/api/agency/logo');
        const { width, height, format } = await sharp(stored).metadata();
        expect({ width, height, format }).toEqual({ width: PRINT_MAX_SIDE, height: 200, format: 'png' });
      });

      it('a logo stored before this rule, of 8000 × 8000, prints no logo instead of stalling every document', async () => {
        await t.database.db.execute(
          sql`UPDATE agency_settings SET logo = ${BIG_PNG}, logo_type = 'image/png', updated_at = now() WHERE id = 1`,
        );
        const debt = await createDebt(t.app, admin, { companyId, originalAmount: '100' });
        const receipt = await paidReceipt(debt.id);
        // A 256 MB image in the PDF would make it megabytes; without it, a few kilobytes.
        expect(receipt.length).toBeLessThan(100_000);
        await t.database.db.execute(
          sql`UPDATE agency_settings SET logo = NULL, logo_type = NULL WHERE id = 1`,
        );
      });
    });

    describe('3. text fields cannot forge lines in documents', () => {
      it('a one-line field refuses line breaks, tabs, control characters and bidi overrides (400 on the field)', async () => {
        for (const lastName of [
          'EVIL\nSaldo: $ 0,00 (CANCELADA)',
          'A\rB',
          'A\tB',
          'A\u0007B',
          'A\u0000B',
          'Ana\u202eB',
          'A\u2066B',
        ]) {
          const answer = await call(t.app, admin, {
            method: 'POST',
            url: '/api/debtors',
            payload: {
              dni: String(30_000_000 + Math.floor(Math.random() * 9_000_000)),
              firstName: 'Ana',
              lastName,
            },
          });
          expectStatus(answer, 400);
          expect(answer.body.errors.lastName).toEqual([MESSAGES.notOneLine]);
        }
        const reference = await call(t.app, admin, {
          method: 'POST',
          url: '/api/debts',
          payload: {
            debtorId: (await createDebtor(t.app, admin)).id,
            companyId,
            originalAmount: '10',
            reference: 'REF\n2',
          },
        });
        expectStatus(reference, 400);
        expect(reference.body.errors.reference).toEqual([MESSAGES.notOneLine]);
      });

      it('a multi-line note keeps its lines (CR LF as LF) and refuses other control characters', async () => {
        const debt = await createDebt(t.app, admin, { companyId });
        const kept = await create(t.app, admin, 'observations', {
          debtId: debt.id,
          text: 'Llamó.\r\nPromete pagar\tel lunes.',
        });
        expect(kept.text).toBe('Llamó.\nPromete pagar\tel lunes.');
        const refused = await call(t.app, admin, {
          method: 'POST',
          url: '/api/observations',
          payload: { debtId: debt.id, text: 'Llamó\u202e.' },
        });
        expectStatus(refused, 400);
        expect(refused.body.errors.text).toEqual([MESSAGES.notANote]);
      });

      it('a name stored with a line break (an old row) prints on its own line in the demand letter and the receipt', async () => {
        const debtor = await createDebtor(t.app, admin, { firstName: 'Ana' });
        await t.database.db
          .update(debtors)
          .set({ lastName: 'EVIL\nSaldo: $ 0,00 (CANCELADA)' })
          .where(eq(debtors.id, debtor.id));
        const debt = await createDebt(t.app, admin, {
          companyId,
          debtorId: debtor.id,
          originalAmount: '5000',
        });
        await t.database.db.update(debts).set({ reference: 'R\n1\u202e' }).where(eq(debts.id, debt.id));
        const letter = await bytesOf(`/api/debts/${debt.id}/letters/intimacion`);
        const receipt = await paidReceipt(debt.id);
        for (const pdf of [letter, receipt]) {
          const lines = await pdfLines(pdf);
          expect(lines.some((line) => line.includes('EVIL Saldo: $ 0,00 (CANCELADA)'))).toBe(true);
          expect(lines.filter((line) => line.startsWith('Saldo: $ 0,00'))).toEqual([]);
          expect(lines.join('\n')).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
        }
      });
    });

    describe('4. exports cannot turn into formulas', () => {
      it('text that starts like a formula is a text cell of the client-debt workbook; numbers stay numbers', async () => {
        const company = await createCompany(t.app, admin);
        const hostile = ['=HYPERLINK("http://x","y")', '+54 11 4000-0000', '-2+3', '@SUM(A1)', '\tx'];
        for (const [i, lastName] of hostile.entries()) {
          const debtor = await createDebtor(t.app, admin, { lastName: `Apellido${i}` });
          await t.database.db.update(debtors).set({ lastName }).where(eq(debtors.id, debtor.id));
          const debt = await createDebt(t.app, admin, {
            companyId: company.id,
            debtorId: debtor.id,
            originalAmount: '1234.56',
          });
          await t.database.db.update(debts).set({ reference: lastName }).where(eq(debts.id, debt.id));
        }
        const report = await bytesOf(
          `/api/report/clientDebt?company=${company.id}&start=2000-01-01&end=2199-12-31`,
        );
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(report as unknown as ArrayBuffer);
        const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
        const texts = new Set(sheet.getColumn(4).values.slice(2));
        expect(texts).toEqual(new Set(hostile.map(oneLine)));
        for (let r = 2; r <= hostile.length + 1; r++) {
          const row = sheet.getRow(r);
          for (const column of [1, 4])
            expect(row.getCell(column).type, `fila ${r}, columna ${column}`).toBe(ExcelJS.ValueType.String);
          expect(row.getCell(8).type).toBe(ExcelJS.ValueType.Number);
          expect(row.getCell(8).value).toBe(1234.56);
        }
      });
    });

    describe('5. promises and plans stay within reason', () => {
      const promise = (debtId: number, amount: string, dueDate: string) =>
        call(t.app, admin, { method: 'POST', url: '/api/promises', payload: { debtId, amount, dueDate } });

      it('a promise above what the debt owes is refused with both figures', async () => {
        const debt = await createDebt(t.app, admin, { companyId, originalAmount: '721000.00' });
        const answer = await promise(debt.id, '999999999', dayFrom(5));
        expectStatus(answer, 400);
        expect(answer.body.errors.amount).toEqual([
          MESSAGES.promiseAboveOwed(formatMoney('999999999.00', 'ARS'), formatMoney('721000.00', 'ARS')),
        ]);
        expectStatus(await promise(debt.id, '721000.00', dayFrom(5)), 201);
      });

      it('a promise due beyond the company’s horizon (90 days unless it sets another) is refused, on create and on change', async () => {
        const debt = await createDebt(t.app, admin, { companyId, originalAmount: '1000' });
        const far = await promise(debt.id, '100', '2199-01-01');
        expectStatus(far, 400);
        expect(far.body.errors.dueDate).toEqual([MESSAGES.promiseTooFar(dayMonthYear(dayFrom(90)), 90)]);
        expectStatus(await promise(debt.id, '100', dayFrom(91)), 400);
        const kept = await promise(debt.id, '100', dayFrom(90));
        expectStatus(kept, 201);
        const moved = await call(t.app, admin, {
          method: 'PATCH',
          url: `/api/promises/${kept.body.id}`,
          payload: { dueDate: dayFrom(120) },
        });
        expectStatus(moved, 400);
        expect(moved.body.errors.dueDate).toEqual([MESSAGES.promiseTooFar(dayMonthYear(dayFrom(90)), 90)]);

        const strict = await createCompany(t.app, admin);
        expectStatus(
          await call(t.app, admin, {
            method: 'PATCH',
            url: `/api/companies/${strict.id}`,
            payload: { promiseMaxDays: 30 },
          }),
          200,
        );
        const other = await createDebt(t.app, admin, { companyId: strict.id, originalAmount: '1000' });
        expectStatus(await promise(other.id, '100', dayFrom(31)), 400);
        expectStatus(await promise(other.id, '100', dayFrom(30)), 201);
        // The contact dialog's promise goes through the same rules.
        const contact = await call(t.app, admin, {
          method: 'POST',
          url: '/api/contacts',
          payload: {
            debtId: other.id,
            eventTypeId: (await createCatalog(t.app, admin, 'events-types')).id,
            promise: { amount: '100', dueDate: dayFrom(45) },
          },
        });
        expectStatus(contact, 400);
        expect(contact.body.errors.dueDate).toEqual([MESSAGES.promiseTooFar(dayMonthYear(dayFrom(30)), 30)]);
      });

      it('a payment outside the plan is imputed to its quotas under the debt’s lock (issue 31 made issue 30’s refusal an imputation)', async () => {
        const debt = await createDebt(t.app, admin, { companyId, originalAmount: '1000.00' });
        expectStatus(
          await call(t.app, admin, {
            method: 'POST',
            url: '/api/quotas/plan',
            payload: { debtId: debt.id, installments: 2, firstDueDate: dayFrom(10) },
          }),
          201,
        );
        expectStatus(
          await call(t.app, admin, {
            method: 'POST',
            url: '/api/payments',
            payload: { debtId: debt.id, amount: '600', paidAt: agencyToday() },
          }),
          201,
        );
        const quotasNow = (await get(`/api/quotas?debtId=${debt.id}&sort=number`)).body.data;
        expect(
          quotasNow.map((q: { status: string; paidAmount: string }) => [q.status, q.paidAmount]),
        ).toEqual([
          ['PAGADA', '500.00'],
          ['PARCIAL', '100.00'],
        ]);
        expect((await get(`/api/debts/${debt.id}`)).body.balance).toBe('400.00');
      });

      it('accepting an offer while payments race in never leaves quotas above the balance nor a CANCELADA debt with quotas unpaid', async () => {
        for (let round = 0; round < 3; round++) {
          const debt = await createDebt(t.app, admin, { companyId, originalAmount: '10000.00' });
          const offer = await create(t.app, admin, 'offers', {
            debtId: debt.id,
            amount: '10000.00',
            quotas: 1,
            firstDueDate: dayFrom(5),
          });
          const answers = await Promise.all([
            call(t.app, admin, { method: 'POST', url: `/api/offers/${offer.id}/accept` }),
            ...[1, 2, 3, 4].map(() =>
              call(t.app, admin, {
                method: 'POST',
                url: '/api/payments',
                payload: { debtId: debt.id, amount: '2500', paidAt: agencyToday() },
              }),
            ),
          ]);
          for (const answer of answers) expect([200, 201, 409]).toContain(answer.status);
          const [row] = await t.database.db.select().from(debts).where(eq(debts.id, debt.id));
          const [unpaid] = await t.database.db
            .select({ sum: sql<string>`coalesce(sum(${quotas.amount} + ${quotas.moraAmount}), 0)::text` })
            .from(quotas)
            .where(and(eq(quotas.debtId, debt.id), ne(quotas.status, 'PAGADA')));
          expect(Number(unpaid?.sum)).toBeLessThanOrEqual(Number(row?.balance));
          if (row?.status === 'CANCELADA') expect(Number(unpaid?.sum)).toBe(0);
        }
      });
    });

    describe('6. every list treats `q` the same', () => {
      it('imports and settlements search their text; quotas refuse q (400) and the API docs say which', async () => {
        const file = await xlsxOf([
          ['DNI', 'Apellido y Nombre', 'Nro. Cuenta', 'Saldo Deuda'],
          ['20123456', 'Gómez, Ana', unique('C-'), '1500,50'],
        ]);
        const fileName = `${unique('cartera-buscable-')}.xlsx`;
        expectStatus(await upload(t, admin, { content: file, companyId, fileName, dryRun: true }), 202);
        const found = await get(`/api/imports?q=${encodeURIComponent(fileName.slice(0, 20))}`);
        expectStatus(found, 200);
        expect(found.body.data.map((i: { fileName: string }) => i.fileName)).toEqual([fileName]);
        expect((await get('/api/imports?q=no-existe-ningun-archivo')).body.data).toEqual([]);

        const settlements = await get('/api/settlements?q=no-existe-ninguna-compania');
        expectStatus(settlements, 200);
        expect(settlements.body.data).toEqual([]);

        const refused = await get('/api/quotas?q=1');
        expectStatus(refused, 400);
        expect(refused.body.errors.q).toEqual([MESSAGES.unknownParam]);

        const docs = (await call(t.app, null, { method: 'GET', url: '/api/docs/json' })).body;
        const params = (path: string) =>
          (docs.paths[path].get.parameters as { name: string }[]).map((parameter) => parameter.name);
        expect(params('/api/quotas')).not.toContain('q');
        expect(params('/api/imports')).toContain('q');
        expect(params('/api/settlements')).toContain('q');
      });
    });

    describe('7. refusals say what is wrong', () => {
      it('a 20 KB mapping is «too long», not «not valid JSON»', async () => {
        const file = await xlsxOf([['DNI'], ['20123456']]);
        const mapping = JSON.stringify({ dni: 'x'.repeat(20 * 1024) });
        const answer = await upload(t, admin, {
          content: file,
          companyId,
          mapping,
          url: '/api/imports/preview',
        });
        expectStatus(answer, 400);
        expect(answer.body.errors.mapping).toEqual([MESSAGES.formFieldTooLong(16 * 1024)]);
        expect(MESSAGES.formFieldTooLong(16 * 1024)).toBe('Es demasiado largo: el máximo es de 16 KB.');
      });
    });
  },
);
