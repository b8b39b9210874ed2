import { agencyToday, type TokenPayload } from '@cobranzas/shared';
import { and, eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, counters, ledger, receipts } from '../src/db/schema';
import { printReceipt } from '../src/modules/receipts';
import { create, createDebt, createDebtor, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  decodeToken,
  forEachBackend,
  makeCuit,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';

forEachBackend('receipts: GET /api/payments|deposits/{id}/receipt (DESIGN.md §10.5)', (backend) => {
  let t: TestApp;
  let admin: string;
  let cliente: { token: string; companyId: number | null };
  let debtId: number;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    cliente = await createUser(t.app, admin, 'CLIENTE');
    debtId = (await createDebt(t.app, admin, { originalAmount: '100000000.00' })).id;
  });
  afterAll(() => t?.close());

  const get = (url: string, token = admin) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const receiptOf = (kind: 'payments' | 'deposits', id: number, token = admin) =>
    get(`/api/${kind}/${id}/receipt`, token);
  const pay = async (amount = '10.00', debt = debtId) =>
    (await create(t.app, admin, 'payments', { debtId: debt, amount, paidAt: '2024-01-01' })).id as number;
  const counter = async () => {
    const [row] = await t.database.db.select().from(counters).where(eq(counters.name, 'receipts'));
    return row?.value as number;
  };
  const textOf = async (pdf: Buffer) =>
    (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, ' ');
  /** The receipts of payment `id` (of its ledger rows). */
  const receiptsOfPayment = (id: number) =>
    t.database.db
      .select({ id: receipts.id, ledgerId: receipts.ledgerId, amount: receipts.amount })
      .from(receipts)
      .innerJoin(ledger, eq(ledger.id, receipts.ledgerId))
      .where(and(eq(ledger.kind, 'PAYMENT'), eq(ledger.documentId, id)));
  const numberIn = (disposition: string | undefined) =>
    Number(/recibo-(\d{8})\.pdf/.exec(String(disposition))?.[1]);

  it('the receipt holds the agency, its number, both dates, the debtor, the debt, the amount in figures and in words, the method and notes', async () => {
    await t.database.db.execute(
      sql`UPDATE agency_settings SET name = 'Estudio Cobranzas del Sur', cuit = '30712345678' WHERE id = 1`,
    );
    const company = await create(t.app, admin, 'companies', {
      name: unique('Banco Austral '),
      cuit: makeCuit(),
    });
    const debtor = await createDebtor(t.app, admin, {
      lastName: 'Gómez',
      firstName: 'María Inés',
      dni: '20123456',
      cuit: '27201234560',
    });
    const reference = unique('PR-');
    const debt = await createDebt(t.app, admin, {
      companyId: company.id,
      debtorId: debtor.id,
      reference,
      originalAmount: '5000.00',
    });
    const payment = await create(t.app, admin, 'payments', {
      debtId: debt.id,
      amount: '1234.56',
      paidAt: '2024-03-15',
      method: 'TRANSFERENCIA',
      notes: 'Pago parcial acordado',
    });
    const number = (await counter()) + 1;
    const response = await receiptOf('payments', payment.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const padded = String(number).padStart(8, '0');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="recibo-${padded}.pdf"`);
    const text = await textOf(response.rawPayload);
    for (const expected of [
      'Estudio Cobranzas del Sur',
      `Recibo N° ${padded}`,
      // issued today, paid on 15/03/2024, both dd/mm/aaaa
      `Fecha de emisión: ${agencyToday().split('-').reverse().join('/')}`,
      '15/03/2024',
      'Gómez, María Inés',
      'DNI 20.123.456',
      'CUIT 27-20123456-0',
      reference,
      company.name,
      '$ 1.234,56',
      'pesos mil doscientos treinta y cuatro con 56/100',
      'Transferencia',
      'Pago parcial acordado',
    ])
      expect(text).toContain(expected);
  });

  it('a deposit has its receipt too: «Depósito» with its bank, in the debt currency (dollars in words)', async () => {
    const debt = await createDebt(t.app, admin, { currency: 'USD', originalAmount: '50000.00' });
    const deposit = await create(t.app, admin, 'deposits', {
      debtId: debt.id,
      amount: '21000.00',
      depositedAt: '2024-04-02',
      bank: 'Banco Nación',
    });
    const response = await receiptOf('deposits', deposit.id);
    expect(response.statusCode, response.body).toBe(200);
    const text = await textOf(response.rawPayload);
    expect(text).toContain('US$ 21.000,00');
    expect(text).toContain('dólares estadounidenses veintiún mil con 00/100');
    expect(text).toContain('Depósito en Banco Nación');
    expect(text).toContain('02/04/2024');
  });

  it("a plan quota's payment says which quota it paid («cuota 2 de 3»), not «a cuenta»", async () => {
    const debt = await createDebt(t.app, admin, { originalAmount: '3000.00' });
    const planned = await t.app.inject({
      method: 'POST',
      url: '/api/quotas/plan',
      headers: { authorization: `Bearer ${admin}` },
      payload: { debtId: debt.id, installments: 3, firstDueDate: '2030-01-10' },
    });
    expect(planned.statusCode, planned.body).toBe(201);
    const quotas = (await get(`/api/quotas?debtId=${debt.id}&sort=number&order=asc`)).json().data as {
      id: number;
      number: number;
    }[];
    const second = quotas.find((quota) => quota.number === 2);
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/quotas/${second?.id}/pay`,
      headers: { authorization: `Bearer ${admin}` },
      payload: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [payment] = (await get(`/api/payments?debtId=${debt.id}`)).json().data as { id: number }[];
    const text = await textOf((await receiptOf('payments', payment?.id ?? 0)).rawPayload);
    expect(text).toContain(`Pago de la cuota 2 de 3 del plan de pagos de la deuda (N° ${debt.id})`);
    expect(text).toContain('$ 1.000,00');
    expect(text).not.toContain('a cuenta');
    // A payment outside the plan is still «a cuenta».
    const loose = await pay('10.00', debt.id);
    expect(await textOf((await receiptOf('payments', loose)).rawPayload)).toContain(
      `Pago a cuenta de la deuda (N° ${debt.id})`,
    );
  });

  it('printing again reprints the same number: one receipt, the counter moves once', async () => {
    const id = await pay();
    const before = await counter();
    const first = await receiptOf('payments', id);
    const second = await receiptOf('payments', id);
    expect(numberIn(first.headers['content-disposition'])).toBe(before + 1);
    expect(numberIn(second.headers['content-disposition'])).toBe(before + 1);
    expect(await counter()).toBe(before + 1);
    const rows = await receiptsOfPayment(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount).toBe('10.00');
    // issued once, audited once, by whom printed it
    const trail = await t.database.db
      .select({ after: auditLog.after, userName: auditLog.userName })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'receipts'), eq(auditLog.recordId, rows[0]?.id as number)));
    expect(trail).toEqual([
      {
        after: {
          number: before + 1,
          ledgerId: rows[0]?.ledgerId,
          amount: '10.00',
          remaining: expect.any(String),
        },
        userName: expect.any(String),
      },
    ]);
  });

  it('gap-free: 20 concurrent first prints of different payments take exactly the next 20 numbers', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await pay('1.00'));
    const before = await counter();
    const responses = await Promise.all(ids.map((id) => receiptOf('payments', id)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numbers = responses.map((r) => numberIn(r.headers['content-disposition'])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    expect(await counter()).toBe(before + 20);
  });

  it('concurrent first prints of one payment: one receipt, one number', async () => {
    const id = await pay();
    const before = await counter();
    const responses = await Promise.all(Array.from({ length: 8 }, () => receiptOf('payments', id)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(responses.map((r) => numberIn(r.headers['content-disposition'])))).toEqual(
      new Set([before + 1]),
    );
    expect(await counter()).toBe(before + 1);
    expect(await receiptsOfPayment(id)).toHaveLength(1);
  });

  it('a print that fails after taking its number consumes none: the next print takes it', async () => {
    const id = await pay();
    const before = await counter();
    const user = decodeToken(admin) as unknown as TokenPayload;
    let numbered = false;
    await expect(
      printReceipt(t.database.db, 'payment', id, user, {
        render: async (doc) => {
          // The number was taken: the document carries it.
          numbered = JSON.stringify(doc).includes(String(before + 1).padStart(8, '0'));
          throw new Error('la impresora se trabó');
        },
      }),
    ).rejects.toThrow('la impresora se trabó');
    expect(numbered).toBe(true);
    expect(await counter()).toBe(before);
    expect(await receiptsOfPayment(id)).toHaveLength(0);
    const response = await receiptOf('payments', id);
    expect(numberIn(response.headers['content-disposition'])).toBe(before + 1);
  });

  it('a CLIENTE gets the receipts of its company only; another company’s or a missing one is a 404', async () => {
    const own = await createDebt(t.app, admin, { companyId: cliente.companyId, originalAmount: '100.00' });
    const ownPayment = await pay('5.00', own.id);
    const otherPayment = await pay();
    expect((await receiptOf('payments', ownPayment, cliente.token)).statusCode).toBe(200);
    const other = await receiptOf('payments', otherPayment, cliente.token);
    expect(other.statusCode).toBe(404);
    expect(JSON.parse(other.body).message).toMatch(/No se encontró/);
    expect((await receiptOf('payments', 999999)).statusCode).toBe(404);
    expect((await receiptOf('deposits', 999999)).statusCode).toBe(404);
    // the refused print took no number
    const before = await counter();
    await receiptOf('payments', otherPayment, cliente.token);
    expect(await counter()).toBe(before);
  });

  it('deleting a payment voids its receipt and its number is never reused', async () => {
    const id = await pay();
    const first = numberIn((await receiptOf('payments', id)).headers['content-disposition']);
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: `/api/payments/${id}` }), 204);
    // The receipt keeps pointing to the row it printed, which a REVERSAL undid.
    const [voided] = await t.database.db.select().from(receipts).where(eq(receipts.number, first));
    expect(voided?.ledgerId).not.toBeNull();
    expect(voided?.voidedAt).not.toBeNull();
    const next = numberIn((await receiptOf('payments', await pay())).headers['content-disposition']);
    expect(next).toBe(first + 1);
  });
});
