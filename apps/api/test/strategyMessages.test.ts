/**
 * What strategies send (issue 36): e-mail through a real SMTP server the test starts (read back with
 * mailparser), with the amount owed and how to opt out; WhatsApp templates through a stand-in for the
 * provider's HTTP API; letters queued for printing; and the contact rules on each (the debtor's
 * «no contactar» from the portal, the company's daily cap, the contact hours of a WhatsApp, a server
 * that refuses).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { agencyClock, MESSAGES } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import { createDebt, createDebtor } from './domain';
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
import { runStrategyNow } from './strategyHelpers';

const SMTP_USER = 'agencia';
const SMTP_PASSWORD = 'clave-smtp-de-prueba';

forEachBackend('what strategies send (issue 36)', (backend) => {
  let t: TestApp;
  let admin: string;
  let smtp: SMTPServer;
  let smtpPort: number;
  const mails: ParsedMail[] = [];
  let provider: Server;
  const whatsapps: { auth: string | undefined; path: string; body: Record<string, unknown> }[] = [];
  let templateCode: string;

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
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
          callback(null, { user: SMTP_USER });
        else callback(new Error('Credenciales inválidas'));
      },
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          mails.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    provider = createServer(async (request, response) => {
      whatsapps.push({
        auth: request.headers.authorization,
        path: request.url ?? '',
        body: JSON.parse(await bodyOf(request)),
      });
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.${whatsapps.length}` }] }),
      );
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const providerPort = (provider.address() as AddressInfo).port;
    t = await startApp(backend, {
      env: {
        PUBLIC_URL: 'https://pagos.agencia.test',
        SMTP_PASSWORD,
        WHATSAPP_TOKEN: 'token-de-prueba',
        WHATSAPP_PHONE_NUMBER_ID: '1234567890',
        WHATSAPP_API_URL: `http://127.0.0.1:${providerPort}/v23.0`,
      },
    });
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const saved = await call(t.app, admin, {
      method: 'PUT',
      url: '/api/agency/messaging',
      payload: {
        smtpHost: '127.0.0.1',
        smtpPort,
        smtpUser: SMTP_USER,
        mailFromName: 'Agencia Sur',
        mailFrom: 'cobranzas@agencia.test',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ emailReady: true, whatsappReady: true, smtpPasswordSet: true });
    templateCode = unique('aviso').toLowerCase();
    const template = await call(t.app, admin, {
      method: 'POST',
      url: '/api/letter-templates',
      payload: {
        code: templateCode,
        name: 'Aviso de deuda',
        kind: 'INTIMACION',
        subject: 'Su cuenta con {{compania.nombre}}',
        body: 'Estimado/a {{deudor.nombre}}:\n\nSu deuda es de {{saldo.total}} al {{saldo.fecha}}.',
      },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await new Promise<void>((resolve) => provider?.close(() => resolve()));
  });

  const strategyFor = async (companyId: number, actions: unknown[]) => {
    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/api/strategies',
      payload: {
        name: unique('Mensajes '),
        trigger: 'AFTER_IMPORT',
        conditions: { companyIds: [companyId] },
        actions,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as number;
  };
  const runNow = (strategyId: number) => runStrategyNow(t, admin, strategyId);

  const runDebts = async (runId: number) =>
    (await call(t.app, admin, { method: 'GET', url: `/api/strategy-runs/${runId}/debts` })).body.data as {
      debtId: number;
      outcome: string;
      actions: string[];
      reason: string | null;
    }[];
  const messagesOf = async (runId: number) =>
    rowsOf<{ debt_id: number; channel: string; status: string; error: string | null; recipient: string }>(
      await t.database.db.execute(
        sql`SELECT debt_id, channel, status, error, recipient FROM strategy_messages WHERE run_id = ${runId} ORDER BY id`,
      ),
    );
  const company = async (set = sql``) => {
    const id = (await createCompany(t.app, admin)).id as number;
    await t.database.db.execute(sql`UPDATE companies SET name = ${`Banco ${id}`} ${set} WHERE id = ${id}`);
    return id;
  };
  const email = () => `${unique('deudor')}@correo.test`.toLowerCase();

  describe('e-mail', () => {
    it('goes through the agency’s SMTP server: the letter with the amount owed, and how to stop receiving them', async () => {
      const companyId = await company();
      const to = email();
      const debtor = await createDebtor(t.app, admin, { firstName: 'Juana', lastName: 'Pérez', email: to });
      const debt = await createDebt(t.app, admin, {
        companyId,
        debtorId: debtor.id,
        originalAmount: '12345.67',
      });
      const strategyId = await strategyFor(companyId, [{ type: 'SEND_EMAIL', templateCode }]);
      const before = mails.length;
      const run = await runNow(strategyId);
      expect(run.counts).toMatchObject({ matched: 1, applied: 1, blocked: 0 });
      const mail = mails.slice(before).find((m) => m.to && JSON.stringify(m.to).includes(to));
      expect(mail?.from?.value).toEqual([{ name: 'Agencia Sur', address: 'cobranzas@agencia.test' }]);
      expect(mail?.subject).toBe(`Su cuenta con Banco ${companyId}`);
      const today = agencyClock().date.split('-').reverse().join('/');
      expect(mail?.text).toContain(`Estimado/a Juana Pérez:\n\nSu deuda es de $ 12.345,67 al ${today}.`);
      expect(mail?.text).toMatch(
        /dejar de recibir estos correos, ingrese a https:\/\/pagos\.agencia\.test\/pagar#\S+/,
      );
      // The List-Unsubscribe header (mailparser reads the List-* headers into one `list`).
      expect(JSON.stringify(mail?.headers.get('list'))).toMatch(/https:\/\/pagos\.agencia\.test\/pagar#/);
      expect(await messagesOf(run.id)).toEqual([
        { debt_id: debt.id, channel: 'EMAIL', status: 'ENVIADO', error: null, recipient: to },
      ]);
      // The e-mail is a contact attempt by e-mail in the debt's timeline, signed by the strategy.
      const events = (await call(t.app, admin, { method: 'GET', url: `/api/events?debtId=${debt.id}` })).body
        .data;
      expect(events.filter((e: { channel: string | null }) => e.channel === 'EMAIL')).toHaveLength(1);
    });

    it('a debtor who opted out in the portal is not e-mailed: counted and listed with the reason', async () => {
      const companyId = await company();
      const debtor = await createDebtor(t.app, admin, { email: email() });
      const debt = await createDebt(t.app, admin, { companyId, debtorId: debtor.id });
      const link = await call(t.app, admin, {
        method: 'POST',
        url: `/api/debtors/${debtor.id}/portal-link`,
        payload: {},
      });
      const entered = await t.app.inject({
        method: 'POST',
        url: '/api/portal/session',
        payload: { code: String(link.body.url).split('#')[1], dni: debtor.dni },
      });
      const portalToken = entered.json().token as string;
      const optOut = await call(t.app, portalToken, {
        method: 'POST',
        url: '/api/portal/opt-out',
        payload: { channel: 'EMAIL' },
      });
      expect(optOut.status, JSON.stringify(optOut.body)).toBe(200);
      const strategyId = await strategyFor(companyId, [{ type: 'SEND_EMAIL', templateCode }]);
      const preview = await call(t.app, admin, {
        method: 'POST',
        url: `/api/strategies/${strategyId}/dry-run`,
      });
      expect(preview.body.data[0]).toMatchObject({ debtId: debt.id, outcome: 'BLOCKED' });
      const before = mails.length;
      const run = await runNow(strategyId);
      expect(run.counts).toMatchObject({ matched: 1, applied: 0, blocked: 1 });
      expect(mails.length).toBe(before);
      const [listed] = await runDebts(run.id);
      expect(listed?.reason).toContain('No se envía el correo «Aviso de deuda»');
      expect(listed?.reason).toContain(
        MESSAGES.contactChannelClosed(
          'el correo electrónico',
          agencyClock().date.split('-').reverse().join('/'),
        ),
      );
    });

    it('the company’s cap of one attempt a day: of two debts of one debtor, one e-mail', async () => {
      const companyId = await company(sql`, max_attempts_per_day = 1`);
      const debtor = await createDebtor(t.app, admin, { email: email() });
      const first = await createDebt(t.app, admin, { companyId, debtorId: debtor.id });
      const second = await createDebt(t.app, admin, { companyId, debtorId: debtor.id });
      const run = await runNow(await strategyFor(companyId, [{ type: 'SEND_EMAIL', templateCode }]));
      expect(run.counts).toMatchObject({ matched: 2, applied: 1, blocked: 1 });
      expect((await messagesOf(run.id)).map((m) => m.debt_id)).toEqual([first.id]);
      const listed = await runDebts(run.id);
      expect(listed.find((d) => d.debtId === second.id)?.reason).toContain(MESSAGES.contactAttemptsPerDay(1));
    });

    it('a server that refuses: the message is FALLIDO with its reason, and the timeline says so', async () => {
      const companyId = await company();
      const debtor = await createDebtor(t.app, admin, { email: email() });
      const debt = await createDebt(t.app, admin, { companyId, debtorId: debtor.id });
      await t.database.db.execute(sql`UPDATE agency_settings SET smtp_user = 'otro'`);
      try {
        const run = await runNow(await strategyFor(companyId, [{ type: 'SEND_EMAIL', templateCode }]));
        expect(run.status).toBe('DONE');
        const [message] = await messagesOf(run.id);
        expect(message?.status).toBe('FALLIDO');
        expect(message?.error).toMatch(/^El servidor de correo no aceptó el mensaje: /);
        const events = (await call(t.app, admin, { method: 'GET', url: `/api/events?debtId=${debt.id}` }))
          .body.data;
        expect(
          events.some((e: { description: string }) =>
            e.description.startsWith('No se pudo enviar el correo'),
          ),
        ).toBe(true);
      } finally {
        await t.database.db.execute(sql`UPDATE agency_settings SET smtp_user = ${SMTP_USER}`);
      }
    });
  });

  describe('WhatsApp and letters', () => {
    /** Contact hours that hold now (all day) or do not (two hours away from now, agency time). */
    const hours = (inside: boolean) => {
      if (inside)
        return sql`, contact_days = '{1,2,3,4,5,6,7}', contact_from = '00:00', contact_to = '24:00'`;
      const hour = Number(agencyClock().time.slice(0, 2));
      const from = hour < 12 ? '20:00' : '02:00';
      const to = hour < 12 ? '21:00' : '03:00';
      return sql`, contact_days = '{1,2,3,4,5,6,7}', contact_from = ${from}::time, contact_to = ${to}::time`;
    };
    const whatsappAction = {
      type: 'SEND_WHATSAPP',
      template: 'aviso_deuda',
      parameters: ['deudor.nombres', 'saldo.total', 'compania.nombre'],
    };

    it('sends the approved template to the debtor’s mobile, its parameters filled from the letter fields', async () => {
      const companyId = await company(hours(true));
      const debtor = await createDebtor(t.app, admin, { firstName: 'Ana', phone: '+54 9 11 2345-6789' });
      await createDebt(t.app, admin, { companyId, debtorId: debtor.id, originalAmount: '500.00' });
      const before = whatsapps.length;
      const run = await runNow(await strategyFor(companyId, [whatsappAction]));
      expect(run.counts).toMatchObject({ applied: 1, blocked: 0 });
      const [sent] = whatsapps.slice(before);
      expect(sent?.auth).toBe('Bearer token-de-prueba');
      expect(sent?.path).toBe('/v23.0/1234567890/messages');
      expect(sent?.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '5491123456789',
        type: 'template',
        template: {
          name: 'aviso_deuda',
          language: { code: 'es_AR' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Ana' },
                { type: 'text', text: '$ 500,00' },
                { type: 'text', text: `Banco ${companyId}` },
              ],
            },
          ],
        },
      });
      expect((await messagesOf(run.id))[0]?.status).toBe('ENVIADO');
    });

    it('outside the company’s contact hours a WhatsApp is not sent (a call’s hours); a landline never gets one', async () => {
      const companyId = await company(hours(false));
      const debtor = await createDebtor(t.app, admin, { phone: '+54 9 11 2345-6789' });
      await createDebt(t.app, admin, { companyId, debtorId: debtor.id });
      const before = whatsapps.length;
      const run = await runNow(await strategyFor(companyId, [whatsappAction]));
      expect(run.counts).toMatchObject({ applied: 0, blocked: 1 });
      expect(whatsapps.length).toBe(before);
      const [listed] = await runDebts(run.id);
      expect(listed?.reason).toBe(
        'No se envía el WhatsApp «aviso_deuda»: Fuera del horario de contacto (todos los días, de 20:00 a 21:00).'.replace(
          '20:00 a 21:00',
          Number(agencyClock().time.slice(0, 2)) < 12 ? '20:00 a 21:00' : '02:00 a 03:00',
        ),
      );

      const open = await company(hours(true));
      const landline = await createDebtor(t.app, admin, { phone: '(0351) 422-1234', phoneKind: 'FIJO' });
      await createDebt(t.app, admin, { companyId: open, debtorId: landline.id });
      const second = await runNow(await strategyFor(open, [whatsappAction]));
      expect(second.counts).toMatchObject({ blocked: 1 });
      expect((await runDebts(second.id))[0]?.reason).toContain('no es un celular conocido');
    });

    it('a letter is queued for the day’s print batch, once per run and debt', async () => {
      const companyId = await company();
      const debt = await createDebt(t.app, admin, { companyId });
      const run = await runNow(await strategyFor(companyId, [{ type: 'QUEUE_LETTER', templateCode }]));
      expect(run.counts).toMatchObject({ applied: 1 });
      const queued = rowsOf<{ debt_id: number; template_code: string; batch_id: number | null }>(
        await t.database.db.execute(
          sql`SELECT debt_id, template_code, batch_id FROM letter_queue WHERE run_id = ${run.id}`,
        ),
      );
      expect(queued).toEqual([{ debt_id: debt.id, template_code: templateCode, batch_id: null }]);
    });
  });
});
