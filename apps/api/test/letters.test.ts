import { agencyToday, amountInWords, dayMonthYear } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createDebt, createDebtor, expectStatus, makeDni } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';

/** The PDF's text with its line breaks as spaces (a long sentence wraps anywhere). */
async function pdfText(body: string | Buffer): Promise<string> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

forEachBackend('letters from templates (DESIGN.md §10.5)', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: string;
  let cliente: { token: string; companyId: number | null };
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    general = (await createUser(t.app, admin, 'GENERAL')).token;
    cliente = await createUser(t.app, admin, 'CLIENTE');
    await t.database.db.execute(
      sql`UPDATE agency_settings SET name = 'Cobros del Centro SRL', city = 'Córdoba', cuit = '30712345671' WHERE id = 1`,
    );
  });
  afterAll(() => t?.close());

  /** GET the letter as raw bytes (app.inject, so the PDF is not read as text). */
  const letter = async (token: string, debtId: number | string, code: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/debts/${debtId}/letters/${code}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      raw: response.rawPayload,
      json: () => response.json(),
    };
  };

  async function debtOf(amount: string, fields: Record<string, unknown> = {}) {
    const debtor = await createDebtor(t.app, admin, {
      firstName: 'Ana María',
      lastName: 'Gómez',
      dni: makeDni(),
      address: 'Av. Colón 1234',
      city: 'Córdoba',
    });
    return createDebt(t.app, admin, {
      debtorId: debtor.id,
      originalAmount: amount,
      reference: unique('CTA/'),
      defaultDate: '2025-01-15',
      ...fields,
    });
  }

  it('the intimación merges the debtor, the balance to date in es-AR and in words, as a PDF attachment', async () => {
    const debt = await debtOf('1234.56');
    const response = await letter(general, debt.id, 'intimacion');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `filename="carta-intimacion-${debt.reference.replace('/', '-')}.pdf"`,
    );
    const text = await pdfText(response.raw);
    expect(text).toContain('Intimación de pago');
    expect(text).toContain('Sr./Sra. Ana María Gómez');
    expect(text).toContain('$ 1.234,56');
    expect(text).toContain(amountInWords('1234.56', 'ARS'));
    expect(text).toContain('pesos mil doscientos treinta y cuatro con 56/100');
    expect(text).toContain(`al día ${dayMonthYear(agencyToday())}`.replace('al día', 'Al día'));
    expect(text).toContain('en mora desde el 15/01/2025');
    expect(text).toContain('Cobros del Centro SRL');
    expect(text).toMatch(/Córdoba, \d{1,2} de [a-z]+ de \d{4}/);
    expect(text).not.toContain('{{');
  });

  it('the libre deuda is refused with the balance while the debt owes (409), issued once it is paid', async () => {
    const debt = await debtOf('1234.56');
    const refused = await letter(admin, debt.id, 'libre-deuda');
    expect(refused.status).toBe(409);
    expect(refused.json().message).toBe(
      `La deuda tiene saldo de $ 1.234,56 al ${dayMonthYear(agencyToday())}: no se puede emitir el libre deuda.`,
    );
    // The intimación of the same debt is not refused.
    expect((await letter(admin, debt.id, 'intimacion')).status).toBe(200);

    await create(t.app, admin, 'payments', { debtId: debt.id, amount: '1234.56', paidAt: agencyToday() });
    const issued = await letter(admin, debt.id, 'libre-deuda');
    expect(issued.status).toBe(200);
    const text = await pdfText(issued.raw);
    expect(text).toContain('CERTIFICADO DE LIBRE DEUDA');
    expect(text).toContain('Ana María Gómez');
    expect(text).toContain('CUIT 30-71234567-1');
  });

  it('the libre deuda follows the balance to date (interest), not the stored balance', async () => {
    // 1 000 paid five months after the mora: the stored balance is zero, but the payment went first
    // to the punitive interest, so capital (and interest on it) is still owed to date.
    const debt = await debtOf('1000.00', { punitiveRate: '10' });
    await create(t.app, admin, 'payments', { debtId: debt.id, amount: '1000.00', paidAt: '2025-06-15' });
    const stored = await call(t.app, admin, { method: 'GET', url: `/api/debts/${debt.id}` });
    expect(stored.body.balance).toBe('0.00');
    const balance = await call(t.app, admin, { method: 'GET', url: `/api/debts/${debt.id}/balance` });
    expect(balance.body.total).not.toBe('0.00');
    expect((await letter(admin, debt.id, 'libre-deuda')).status).toBe(409);
  });

  it('a CLIENTE may not print letters, even of its own company’s debt (403), nor read the templates', async () => {
    const debt = await debtOf('100.00', { companyId: cliente.companyId });
    expect((await letter(cliente.token, debt.id, 'intimacion')).status).toBe(403);
    expectStatus(await call(t.app, cliente.token, { method: 'GET', url: '/api/letter-templates' }), 403);
  });

  it('an unknown debt or template code is a 404', async () => {
    const debt = await debtOf('100.00');
    expect((await letter(admin, 999999, 'intimacion')).status).toBe(404);
    expect((await letter(admin, debt.id, 'no-existe')).status).toBe(404);
  });

  describe('the templates', () => {
    it('the three seeded templates are listed for staff; GENERAL reads but does not write', async () => {
      const list = await call(t.app, general, { method: 'GET', url: '/api/letter-templates?sort=code' });
      expectStatus(list, 200);
      expect(list.body.data.map((x: { code: string }) => x.code)).toEqual(
        expect.arrayContaining(['intimacion', 'libre-deuda', 'propuesta']),
      );
      const denied = await call(t.app, general, {
        method: 'POST',
        url: '/api/letter-templates',
        payload: { code: 'general', name: 'X', body: 'x' },
      });
      expect(denied.status).toBe(403);
    });

    it('a body or subject with an unknown merge field is a Spanish 400 naming it', async () => {
      const created = await call(t.app, admin, {
        method: 'POST',
        url: '/api/letter-templates',
        payload: { code: 'mal', name: 'Mal', body: 'Hola {{deudor.nombre}}, {{deudor.apodo}}' },
      });
      expect(created.status).toBe(400);
      expect(created.body.errors.body).toEqual([
        'El campo {{deudor.apodo}} no existe: use uno de la lista de campos.',
      ]);
      const seeded = (await call(t.app, admin, { method: 'GET', url: '/api/letter-templates?q=propuesta' }))
        .body.data[0];
      const patched = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/letter-templates/${seeded.id}`,
        payload: { subject: 'Propuesta para {{cliente.nombre}}' },
      });
      expect(patched.status).toBe(400);
      expect(patched.body.errors.subject[0]).toContain('{{cliente.nombre}}');
    });

    it('a code is unique (Spanish 409) and a new template prints with its own code', async () => {
      const body = 'Estimado/a {{deudor.nombre}}: su saldo es {{ saldo.total }}.\n\n{{agencia.nombre}}';
      const made = await call(t.app, admin, {
        method: 'POST',
        url: '/api/letter-templates',
        payload: { code: 'Recordatorio', name: 'Recordatorio', subject: 'Aviso a {{deudor.apellido}}', body },
      });
      expectStatus(made, 201);
      expect(made.body).toMatchObject({ code: 'recordatorio', kind: 'OTRA' });
      const again = await call(t.app, admin, {
        method: 'POST',
        url: '/api/letter-templates',
        payload: { code: 'recordatorio', name: 'Otro', body: 'x' },
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Ya existe un modelo de carta con ese código.');

      const debt = await debtOf('2500.00', { currency: 'USD' });
      const printed = await letter(general, debt.id, 'recordatorio');
      expect(printed.status).toBe(200);
      const text = await pdfText(printed.raw);
      expect(text).toContain('Aviso a Gómez');
      expect(text).toContain('su saldo es US$ 2.500,00.');
    });

    it('a template with the portal’s fields makes each letter its own link: its code, address, expiry and QR printed', async () => {
      const body =
        'Pague o consulte en {{portal.direccion}} con el código {{portal.codigo}} (vence el {{portal.vence}}).\n\n{{portal.qr}}\n\n{{agencia.nombre}}';
      expectStatus(
        await call(t.app, admin, {
          method: 'POST',
          url: '/api/letter-templates',
          payload: { code: 'portal', name: 'Invitación al portal', body },
        }),
        201,
      );
      const debt = await debtOf('900.00');
      const count = async () =>
        Number(
          (
            (await t.database.db.execute(
              sql`SELECT count(*)::int AS n FROM portal_links WHERE debtor_id = ${debt.debtorId}`,
            )) as unknown as { rows: { n: number }[] }
          ).rows[0]?.n,
        );
      expect(await count()).toBe(0);
      const printed = await letter(general, debt.id, 'portal');
      expect(printed.status).toBe(200);
      const text = await pdfText(printed.raw);
      const code = /con el código ([A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5})/.exec(text)?.[1];
      expect(code).toBeDefined();
      expect(text).toMatch(/Pague o consulte en http:\/\/localhost:\d+\/pagar con el código/);
      // The QR stands where its mark was: the mark itself is not printed.
      expect(text).not.toContain('[código QR del portal]');
      expect(printed.raw.length).toBeGreaterThan(2000);
      expect(await count()).toBe(1);
      // The printed code opens the portal with the debtor's DNI.
      const debtor = (await call(t.app, admin, { method: 'GET', url: `/api/debtors/${debt.debtorId}` })).body;
      const entered = await t.app.inject({
        method: 'POST',
        url: '/api/portal/session',
        payload: { code, dni: debtor.dni },
      });
      expect(entered.statusCode).toBe(200);
      await letter(general, debt.id, 'portal');
      expect(await count()).toBe(2);
    });

    it('the preview merges a debt’s values, or made-up ones without a debt, and lists unknown fields', async () => {
      const debt = await debtOf('1234.56');
      const preview = (payload: Record<string, unknown>) =>
        call(t.app, admin, { method: 'POST', url: '/api/letter-templates/preview', payload });
      const real = await preview({
        debtId: debt.id,
        subject: 'Para {{deudor.nombre}}',
        body: '{{saldo.total}} ({{saldo.total_en_letras}}) {{x.y}}',
      });
      expectStatus(real, 200);
      expect(real.body).toEqual({
        subject: 'Para Ana María Gómez',
        text: '$ 1.234,56 (pesos mil doscientos treinta y cuatro con 56/100) {{x.y}}',
        unknown: ['x.y'],
      });
      const sample = await preview({ body: '{{deudor.nombre}} — {{agencia.nombre}}' });
      expect(sample.body.text).toBe('NOMBRE DE EJEMPLO — Cobros del Centro SRL');
      const dated = await preview({ body: '{{saldo.fecha}} {{fecha.hoy}} {{saldo.total}}' });
      const today = dayMonthYear(agencyToday());
      expect(dated.body.text).toBe(`${today} ${today} $ 1.234,56`);
      expect((await preview({ body: 'x', debtId: 999999 })).status).toBe(404);
      // GENERAL reads the templates, so it may preview them though it may not save them.
      expectStatus(
        await call(t.app, general, {
          method: 'POST',
          url: '/api/letter-templates/preview',
          payload: { body: '{{deudor.nombre}}', debtId: debt.id },
        }),
        200,
      );
      expect(
        (
          await call(t.app, cliente.token, {
            method: 'POST',
            url: '/api/letter-templates/preview',
            payload: { body: 'x' },
          })
        ).status,
      ).toBe(403);
    });

    it('a seeded template may be deleted; its letters are then a 404', async () => {
      const seeded = (await call(t.app, admin, { method: 'GET', url: '/api/letter-templates?q=propuesta' }))
        .body.data[0];
      expectStatus(
        await call(t.app, admin, { method: 'DELETE', url: `/api/letter-templates/${seeded.id}` }),
        204,
      );
      const debt = await debtOf('100.00');
      expect((await letter(admin, debt.id, 'propuesta')).status).toBe(404);
    });
  });
});
