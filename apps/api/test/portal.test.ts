import { addDays, agencyToday, PORTAL_MESSAGES } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import { create, createDebt, createDebtor, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  forEachBackend,
  makeCuit,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';
import { multipartBody, SAMPLES } from './multipart';

interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string; code?: string; errors?: Record<string, string[]> };
  headers: Record<string, unknown>;
}
interface Link {
  id: number;
  url: string;
  code: string;
  expiresAt: string;
}

/** The debtor's own door (issue 34, DESIGN.md §11.3): links, sessions, what they see and do. */
forEachBackend('the debtor portal (issue 34)', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(backend, { env: { PUBLIC_URL: 'https://pagos.agencia.test' } });
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    await t.database.db.execute(
      sql`UPDATE agency_settings SET name = 'Agencia Sur', phone = '0351 555-0000', email = 'hola@agencia.test',
        contact_days = '{1,2,3,4,5,6,7}', contact_from = '00:00', contact_to = '24:00'`,
    );
  });
  afterAll(() => t?.close());

  const staff = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    call(t.app, token, { method, url, ...(payload === undefined ? {} : { payload }) }) as Promise<Answer>;
  const portal = (
    token: string | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    call(t.app, token, {
      method,
      url: `/api/portal${url}`,
      ...(payload === undefined ? {} : { payload }),
    }) as Promise<Answer>;
  /** Each entry from its own address, so the per-address limit never mixes tests. */
  let address = 0;
  const enter = (code: string, dni: string, from = `10.0.${Math.floor(++address / 250)}.${address % 250}`) =>
    t.app
      .inject({ method: 'POST', url: '/api/portal/session', payload: { code, dni }, remoteAddress: from })
      .then((r) => ({ status: r.statusCode, body: r.json(), headers: r.headers }) as Answer);
  const tokenOf = (url: string) => url.split('#')[1] ?? '';

  /** A debtor with a phone and an e-mail, a debt of 1 000,00 and a link. */
  const debtorWithLink = async (fields: Record<string, unknown> = {}) => {
    const debtor = (await createDebtor(t.app, admin, {
      phone: '351 584-7753',
      email: 'juana@correo.test',
      ...fields,
    })) as { id: number; dni: string; firstName: string };
    const debt = (await createDebt(t.app, admin, { debtorId: debtor.id })) as {
      id: number;
      companyId: number;
    };
    const made = await staff(admin, 'POST', `/api/debtors/${debtor.id}/portal-link`, {});
    expectStatus(made, 201);
    return { debtor, debt, link: made.body as unknown as Link };
  };
  const session = async (link: Link, dni: string) => {
    const entered = await enter(tokenOf(link.url), dni);
    expectStatus(entered, 200);
    return entered.body.token as string;
  };

  describe('access', () => {
    it('staff make a link: a URL with 256 random bits in its fragment, a short code, 30 days; kept only hashed', async () => {
      const { debtor, link } = await debtorWithLink();
      expect(link.url).toMatch(/^https:\/\/pagos\.agencia\.test\/pagar#[A-Za-z0-9_-]{43}$/);
      expect(link.code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
      const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
      const [row] = rowsOf<{ token_hash: string; code_hash: string }>(
        await t.database.db.execute(
          sql`SELECT token_hash, code_hash FROM portal_links WHERE id = ${link.id}`,
        ),
      );
      expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(tokenOf(link.url));
      expect(JSON.stringify(row)).not.toContain(link.code.replace('-', ''));
      const audit = rowsOf<{ after: unknown }>(
        await t.database.db.execute(
          sql`SELECT after FROM audit_log WHERE resource = 'portal-links' AND record_id = ${link.id}`,
        ),
      );
      expect(audit).toHaveLength(1);
      expect(JSON.stringify(audit)).not.toMatch(/token|code_hash|codeHash/i);
      const listed = await staff(admin, 'GET', `/api/debtors/${debtor.id}/portal-links`);
      expect((listed.body.data as { status: string; id: number }[])[0]).toMatchObject({
        id: link.id,
        status: 'VIGENTE',
      });
    });

    it('a link lasts the days staff choose, 1 to 90; anything else is a 400 in Spanish', async () => {
      const debtor = (await createDebtor(t.app, admin)) as { id: number };
      const made = await staff(admin, 'POST', `/api/debtors/${debtor.id}/portal-link`, { days: 7 });
      const days = (Date.parse((made.body as unknown as Link).expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      const tooLong = await staff(admin, 'POST', `/api/debtors/${debtor.id}/portal-link`, { days: 91 });
      expectStatus(tooLong, 400);
      expect(tooLong.body.errors?.days).toEqual(['El enlace puede durar hasta 90 días.']);
      expectStatus(await staff(admin, 'POST', '/api/debtors/99999999/portal-link', {}), 404);
    });

    it('ADMIN and GENERAL make links; a CLIENTE may not (403), nor list them', async () => {
      const general = await createUser(t.app, admin, 'GENERAL');
      const cliente = await createUser(t.app, admin, 'CLIENTE');
      const debtor = (await createDebtor(t.app, admin)) as { id: number };
      expectStatus(await staff(general.token, 'POST', `/api/debtors/${debtor.id}/portal-link`, {}), 201);
      expectStatus(await staff(cliente.token, 'POST', `/api/debtors/${debtor.id}/portal-link`, {}), 403);
      expectStatus(await staff(cliente.token, 'GET', `/api/debtors/${debtor.id}/portal-links`), 403);
      expectStatus(
        await call(t.app, null, { method: 'POST', url: `/api/debtors/${debtor.id}/portal-link` }),
        401,
      );
    });

    it('the link or the short code (typed any way) with the DNI (dots allowed) opens a session', async () => {
      const { debtor, link } = await debtorWithLink();
      const byLink = await enter(tokenOf(link.url), debtor.dni);
      expectStatus(byLink, 200);
      expect(byLink.body).toMatchObject({ idleMinutes: 15, firstName: debtor.firstName });
      expect(byLink.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const typed = ` ${link.code.toLowerCase().replace('-', ' ')} `;
      const dotted = debtor.dni.replace(/^(\d{2})(\d{3})(\d{3})$/, '$1.$2.$3');
      expectStatus(await enter(typed, dotted), 200);
    });

    it('an unknown code and a wrong DNI get the same 401, and nothing tells them apart', async () => {
      const { debtor, link } = await debtorWithLink();
      const unknown = await enter('ZZZZZ-ZZZZZ', debtor.dni);
      const wrongDni = await enter(link.code, '99999999');
      expectStatus(unknown, 401);
      expectStatus(wrongDni, 401);
      expect(unknown.body).toEqual(wrongDni.body);
      expect(unknown.body.message).toBe(PORTAL_MESSAGES.denied);
      const keys = (a: Answer) => Object.keys(a.headers).filter((k) => !['date', 'x-request-id'].includes(k));
      expect(keys(unknown).sort()).toEqual(keys(wrongDni).sort());
    });

    it('an expired or revoked link opens nothing (the same 401); revoking ends its sessions at once', async () => {
      const { debtor, link } = await debtorWithLink();
      const token = await session(link, debtor.dni);
      expectStatus(await portal(token, 'GET', '/debts'), 200);
      const revoked = await staff(admin, 'POST', `/api/debtors/${debtor.id}/portal-links/${link.id}/revoke`);
      expectStatus(revoked, 200);
      expect(revoked.body).toMatchObject({ status: 'REVOCADO', revokedByName: expect.any(String) });
      const after = await portal(token, 'GET', '/debts');
      expectStatus(after, 401);
      expect(after.body.message).toBe(PORTAL_MESSAGES.sessionEnded);
      expect((await enter(link.code, debtor.dni)).body.message).toBe(PORTAL_MESSAGES.denied);
      expectStatus(
        await staff(admin, 'POST', `/api/debtors/${debtor.id}/portal-links/${link.id}/revoke`),
        409,
      );

      const other = await debtorWithLink();
      await t.database.db.execute(
        sql`UPDATE portal_links SET expires_at = now() - interval '1 second' WHERE id = ${other.link.id}`,
      );
      expect((await enter(other.link.code, other.debtor.dni)).body.message).toBe(PORTAL_MESSAGES.denied);
      const listed = await staff(admin, 'GET', `/api/debtors/${other.debtor.id}/portal-links`);
      expect((listed.body.data as { status: string }[])[0]?.status).toBe('VENCIDO');
    });

    it('a session ends after 15 idle minutes, and when the debtor leaves', async () => {
      const { debtor, link } = await debtorWithLink();
      const token = await session(link, debtor.dni);
      await t.database.db.execute(
        sql`UPDATE portal_sessions SET last_seen_at = now() - interval '14 minutes 50 seconds'`,
      );
      expectStatus(await portal(token, 'GET', '/debts'), 200);
      // That request counted as activity: the idle clock started again.
      await t.database.db.execute(
        sql`UPDATE portal_sessions SET last_seen_at = now() - interval '15 minutes 1 second'
          WHERE last_seen_at > now() - interval '1 minute'`,
      );
      expectStatus(await portal(token, 'GET', '/debts'), 401);
      const again = await session(link, debtor.dni);
      expectStatus(await portal(again, 'DELETE', '/session'), 204);
      expectStatus(await portal(again, 'GET', '/debts'), 401);
    });

    it('five wrong DNIs lock the code for 15 minutes with a Spanish 429, even with the right DNI', async () => {
      const { debtor, link } = await debtorWithLink();
      for (let i = 0; i < 5; i++) expectStatus(await enter(link.code, '11111111'), 401);
      const locked = await enter(link.code, debtor.dni);
      expectStatus(locked, 429);
      expect(locked.body.message).toBe(PORTAL_MESSAGES.tooManyTries);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    });

    it('one address is limited to PORTAL_RATE_LIMIT_PER_MINUTE entries a minute (429 in Spanish)', async () => {
      const answers: Answer[] = [];
      for (let i = 0; i < 31; i++) answers.push(await enter(`AAAAA-AAA${i}`, '12345678', '10.9.9.9'));
      expect(answers.slice(0, 30).every((a) => a.status === 401)).toBe(true);
      expectStatus(answers[30] as Answer, 429);
      expect(answers[30]?.body.message).toBe('Demasiadas solicitudes. Espere un momento e intente de nuevo.');
    });

    it('every portal route but the entrance needs a live session (401 without one)', async () => {
      const { debt } = await debtorWithLink();
      const routes: [method: 'GET' | 'POST' | 'DELETE', url: string][] = [
        ['GET', '/debts'],
        ['DELETE', '/session'],
        ['POST', `/debts/${debt.id}/promise`],
        ['POST', `/debts/${debt.id}/callback`],
        ['POST', `/debts/${debt.id}/dispute`],
        ['POST', `/debts/${debt.id}/dispute/document`],
        ['POST', `/debts/${debt.id}/pay`],
        ['POST', `/debts/${debt.id}/offers/accept`],
        ['POST', '/opt-out'],
        ['GET', '/payments'],
        ['GET', '/payments/1/receipt'],
        ['GET', '/offers/1/terms'],
      ];
      for (const [method, url] of routes) {
        const answer = await portal(null, method, url, method === 'POST' ? {} : undefined);
        expect(answer.status, `${method} ${url}`).toBe(401);
        expect(answer.body.message, `${method} ${url}`).toBe(PORTAL_MESSAGES.sessionEnded);
      }
    });

    it('a portal token is no staff token, and a staff token is no portal session', async () => {
      const { debtor, link } = await debtorWithLink();
      const token = await session(link, debtor.dni);
      expectStatus(await staff(token, 'GET', '/api/debts'), 401);
      expectStatus(await staff(token, 'GET', `/api/debtors/${debtor.id}`), 401);
      expectStatus(await portal(admin, 'GET', '/debts'), 401);
      expectStatus(await portal(null, 'GET', '/debts'), 401);
    });
  });

  describe('what the debtor sees', () => {
    it('their debts only: the company, today’s total (the staff’s figure), the agency’s contact, masked channels', async () => {
      const { debtor, debt, link } = await debtorWithLink();
      const second = (await createDebt(t.app, admin, { debtorId: debtor.id, originalAmount: '250.50' })) as {
        id: number;
      };
      await createDebt(t.app, admin); // someone else's
      const token = await session(link, debtor.dni);
      const seen = await portal(token, 'GET', '/debts');
      expectStatus(seen, 200);
      const debts = seen.body.debts as { id: number; total: string; company: string; date: string }[];
      expect(debts.map((d) => d.id)).toEqual([debt.id, second.id]);
      for (const shown of debts) {
        const owed = await staff(admin, 'GET', `/api/debts/${shown.id}/balance`);
        expect(shown.total).toBe(owed.body.total);
        expect(shown.date).toBe(agencyToday());
      }
      expect(debts[1]?.total).toBe('250.50');
      expect(seen.body.agency).toEqual({
        name: 'Agencia Sur',
        phone: '0351 555-0000',
        email: 'hola@agencia.test',
        hours: 'todos los días, de 00:00 a 24:00',
      });
      expect(seen.body.channels).toEqual([
        { channel: 'PHONE', label: 'Teléfono terminado en 53', closed: false },
        { channel: 'EMAIL', label: 'Correo electrónico j…@correo.test', closed: false },
      ]);
      // Never the agency's work: no collector, note, event, or the full phone.
      const text = JSON.stringify(seen.body);
      expect(text).not.toMatch(/collector|assignee|userName|notes|584-7753|juana@/i);
    });

    it('a plan shows its quotas and the next one due with what is left of it', async () => {
      const { debtor, debt, link } = await debtorWithLink();
      const plan = await staff(admin, 'POST', '/api/quotas/plan', {
        debtId: debt.id,
        installments: 4,
        firstDueDate: addDays(agencyToday(), 10),
      });
      expectStatus(plan, 201);
      await create(t.app, admin, 'payments', { debtId: debt.id, amount: '300.00', paidAt: agencyToday() });
      const token = await session(link, debtor.dni);
      const [shown] = (await portal(token, 'GET', '/debts')).body.debts as {
        total: string;
        plan: { quotas: { status: string; paid: string }[]; next: unknown };
      }[];
      expect(shown?.total).toBe('700.00');
      expect(shown?.plan.quotas.map((q) => [q.status, q.paid])).toEqual([
        ['PAGADA', '250.00'],
        ['PARCIAL', '50.00'],
        ['PENDIENTE', '0.00'],
        ['PENDIENTE', '0.00'],
      ]);
      expect(shown?.plan.next).toEqual({ number: 2, dueDate: expect.any(String), owed: '200.00' });
    });
  });

  describe('what the debtor does', () => {
    it('promises to pay: a promise by the portal, in the timeline and the audit log, within the staff’s limits', async () => {
      const { debtor, debt, link } = await debtorWithLink();
      const token = await session(link, debtor.dni);
      const dueDate = addDays(agencyToday(), 5);
      const made = await portal(token, 'POST', `/debts/${debt.id}/promise`, { amount: '400', dueDate });
      expectStatus(made, 201);
      expect(made.body).toMatchObject({ amount: '400.00', dueDate });
      const read = await staff(admin, 'GET', `/api/promises/${made.body.id}`);
      expect(read.body).toMatchObject({
        status: 'PENDIENTE',
        userId: null,
        notes: 'Desde el portal del deudor.',
      });
      const events = await staff(admin, 'GET', `/api/events?debtId=${debt.id}`);
      expect(JSON.stringify(events.body)).toContain(
        `Desde el portal, el deudor prometió pagar $ 400,00 el ${dueDate.split('-').reverse().join('/')}.`,
      );
      const [audit] = rowsOf<{ user_id: number | null; user_name: string }>(
        await t.database.db.execute(
          sql`SELECT user_id, user_name FROM audit_log WHERE resource = 'promises' AND record_id = ${Number(made.body.id)}`,
        ),
      );
      expect(audit).toEqual({ user_id: null, user_name: `Portal del deudor (deudor ${debtor.id})` });
      const tooMuch = await portal(token, 'POST', `/debts/${debt.id}/promise`, {
        amount: '1000.01',
        dueDate,
      });
      expectStatus(tooMuch, 400);
      expect(tooMuch.body.errors?.amount?.[0]).toContain('$ 1.000,00');
      const past = await portal(token, 'POST', `/debts/${debt.id}/promise`, {
        amount: '10',
        dueDate: addDays(agencyToday(), -1),
      });
      expectStatus(past, 400);
    });

    it('another debtor’s debt is a 404 for every action, and writes nothing', async () => {
      const { debtor, link } = await debtorWithLink();
      const theirs = (await createDebt(t.app, admin)) as { id: number };
      const token = await session(link, debtor.dni);
      const dueDate = addDays(agencyToday(), 5);
      const answers = [
        await portal(token, 'POST', `/debts/${theirs.id}/promise`, { amount: '10', dueDate }),
        await portal(token, 'POST', `/debts/${theirs.id}/dispute`, { reason: 'No es mía, nunca la pedí.' }),
        await portal(token, 'POST', `/debts/${theirs.id}/callback`, {
          callAt: new Date(Date.now() + 86_400_000).toISOString(),
          phone: '351 555-1234',
        }),
      ];
      for (const answer of answers) {
        expectStatus(answer, 404);
        expect(answer.body.message).toBe(PORTAL_MESSAGES.debtNotFound);
      }
      const [counts] = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`SELECT (SELECT count(*) FROM promises WHERE debt_id = ${theirs.id})
          + (SELECT count(*) FROM portal_requests WHERE debt_id = ${theirs.id})
          + (SELECT count(*) FROM events WHERE debt_id = ${theirs.id}) AS n`),
      );
      expect(Number(counts?.n)).toBe(0);
    });

    it('asks for a call: an open CALLBACK staff see and resolve; a time past or too far is a 400', async () => {
      const { debtor, debt, link } = await debtorWithLink();
      const token = await session(link, debtor.dni);
      const callAt = new Date(Date.now() + 2 * 86_400_000);
      callAt.setUTCSeconds(0, 0);
      const asked = await portal(token, 'POST', `/debts/${debt.id}/callback`, {
        callAt: callAt.toISOString(),
        phone: '351 555-1234',
        note: 'Después del mediodía',
      });
      expectStatus(asked, 201);
      const [shown] = (await portal(token, 'GET', '/debts')).body.debts as { callbackAt: string }[];
      expect(shown?.callbackAt).toBe(callAt.toISOString());
      const listed = await staff(admin, 'GET', `/api/debts/${debt.id}/portal-requests`);
      expect(listed.body.data).toEqual([
        expect.objectContaining({
          kind: 'CALLBACK',
          status: 'ABIERTO',
          phone: '351 555-1234',
          text: 'Después del mediodía',
          callAt: callAt.toISOString(),
        }),
      ]);
      const past = await portal(token, 'POST', `/debts/${debt.id}/callback`, {
        callAt: new Date(Date.now() - 60_000).toISOString(),
        phone: '351 555-1234',
      });
      expect(past.body.errors?.callAt).toEqual([PORTAL_MESSAGES.callbackPast]);
      const far = await portal(token, 'POST', `/debts/${debt.id}/callback`, {
        callAt: new Date(Date.now() + 40 * 86_400_000).toISOString(),
        phone: '351 555-1234',
      });
      expect(far.body.errors?.callAt).toEqual([PORTAL_MESSAGES.callbackTooFar(30)]);
    });

    it('disputes the debt: nobody may contact them about it until staff resolve it; once only', async () => {
      const { debtor, debt, link } = await debtorWithLink();
      const token = await session(link, debtor.dni);
      const eventTypeId = (
        (await create(t.app, admin, 'events-types', { name: `Llamada ${debt.id}` })) as { id: number }
      ).id;
      const disputed = await portal(token, 'POST', `/debts/${debt.id}/dispute`, {
        reason: 'Nunca tuve una cuenta con esa empresa.',
      });
      expectStatus(disputed, 201);
      expectStatus(
        await portal(token, 'POST', `/debts/${debt.id}/dispute`, {
          reason: 'Otra vez: no es mía, no la reconozco.',
        }),
        409,
      );
      const [shown] = (await portal(token, 'GET', '/debts')).body.debts as { disputed: boolean }[];
      expect(shown?.disputed).toBe(true);
      const refused = await staff(admin, 'POST', '/api/contacts', {
        debtId: debt.id,
        eventTypeId,
        channel: 'PHONE',
      });
      expectStatus(refused, 409);
      expect(refused.body.code).toBe('DISPUTED');
      expect(refused.body.message).toContain('desconoció esta deuda desde el portal');
      const requestId = disputed.body.id as number;
      const resolved = await staff(
        admin,
        'POST',
        `/api/debts/${debt.id}/portal-requests/${requestId}/resolve`,
        {
          resolution: 'Se verificó la firma del contrato: la deuda es suya.',
        },
      );
      expectStatus(resolved, 200);
      expect(resolved.body).toMatchObject({ status: 'RESUELTO', resolvedByName: expect.any(String) });
      expectStatus(
        await staff(admin, 'POST', `/api/debts/${debt.id}/portal-requests/${requestId}/resolve`, {
          resolution: 'De nuevo',
        }),
        409,
      );
      const allowed = await staff(admin, 'POST', '/api/contacts', {
        debtId: debt.id,
        eventTypeId,
        channel: 'PHONE',
      });
      expectStatus(allowed, 201);
    });

    it('a dispute may carry one document (PDF, JPG or PNG): kept as the debt’s, with the request', async () => {
      const { debtor, debt, link } = await debtorWithLink();
      const token = await session(link, debtor.dni);
      const upload = (file: { filename: string; content: Buffer; contentType: string }) => {
        const body = multipartBody([{ name: 'file', ...file }]);
        return t.app.inject({
          method: 'POST',
          url: `/api/portal/debts/${debt.id}/dispute/document`,
          headers: { ...body.headers, authorization: `Bearer ${token}` },
          payload: body.payload,
        });
      };
      const pdf = { filename: 'comprobante.pdf', content: SAMPLES.pdf, contentType: 'application/pdf' };
      const early = await upload(pdf);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(PORTAL_MESSAGES.noOpenDispute);
      const disputed = await portal(token, 'POST', `/debts/${debt.id}/dispute`, {
        reason: 'Ya la pagué en 2023.',
      });
      expectStatus(disputed, 201);
      const exe = await upload({ filename: 'foto.jpg', content: SAMPLES.exe, contentType: 'image/jpeg' });
      expect(exe.statusCode).toBe(415);
      expect(exe.json().message).toBe(PORTAL_MESSAGES.documentType);
      const sent = await upload(pdf);
      expect(sent.statusCode).toBe(201);
      expect(sent.json().fileName).toBe('comprobante.pdf');
      expect((await upload(pdf)).json().message).toBe(PORTAL_MESSAGES.disputeHasDocument);
      const listed = await staff(admin, 'GET', `/api/debts/${debt.id}/portal-requests`);
      expect((listed.body.data as { documentId: number }[])[0]?.documentId).toBe(sent.json().documentId);
      const documents = await staff(admin, 'GET', `/api/documents?debtId=${debt.id}`);
      expect((documents.body.data as { fileName: string }[]).map((d) => d.fileName)).toEqual([
        'comprobante.pdf',
      ]);
    });

    it('a CLIENTE never reads or resolves what a debtor asked (403)', async () => {
      const cliente = await createUser(t.app, admin, 'CLIENTE');
      const debt = (await createDebt(t.app, admin, { companyId: cliente.companyId })) as { id: number };
      expectStatus(await staff(cliente.token, 'GET', `/api/debts/${debt.id}/portal-requests`), 403);
    });

    it('opts out of a channel: closed today, like staff’s «No contactar»; twice or a missing one is a 409', async () => {
      const { debtor, debt, link } = await debtorWithLink({ altPhone: null });
      const token = await session(link, debtor.dni);
      const closed = await portal(token, 'POST', '/opt-out', { channel: 'EMAIL' });
      expectStatus(closed, 200);
      expect(closed.body.channels).toEqual([
        { channel: 'PHONE', label: 'Teléfono terminado en 53', closed: false },
        { channel: 'EMAIL', label: 'Correo electrónico j…@correo.test', closed: true },
      ]);
      const read = await staff(admin, 'GET', `/api/debtors/${debtor.id}`);
      expect(read.body.emailClosedOn).toBe(agencyToday());
      expect((await portal(token, 'POST', '/opt-out', { channel: 'EMAIL' })).body.message).toBe(
        PORTAL_MESSAGES.channelAlreadyClosed,
      );
      expect((await portal(token, 'POST', '/opt-out', { channel: 'ALT_PHONE' })).body.message).toBe(
        PORTAL_MESSAGES.channelMissing,
      );
      const events = await staff(admin, 'GET', `/api/events?debtId=${debt.id}`);
      expect(JSON.stringify(events.body)).toContain(
        'Desde el portal, el deudor pidió no ser contactado por correo electrónico j…@correo.test.',
      );
    });

    it('a closed debt is shown without actions: any action is a 409', async () => {
      const { debtor, debt, link } = await debtorWithLink();
      await t.database.db.execute(sql`UPDATE debts SET status = 'CANCELADA' WHERE id = ${debt.id}`);
      const token = await session(link, debtor.dni);
      const [shown] = (await portal(token, 'GET', '/debts')).body.debts as { open: boolean }[];
      expect(shown?.open).toBe(false);
      const answer = await portal(token, 'POST', `/debts/${debt.id}/dispute`, {
        reason: 'No la reconozco para nada.',
      });
      expectStatus(answer, 409);
      expect(answer.body.message).toBe(PORTAL_MESSAGES.debtClosed);
    });
  });
  describe('offers within the company’s envelope', () => {
    const envelope = {
      maxDiscountPercent: '20',
      maxQuotas: 3,
      minDownPaymentPercent: '10',
      minQuotaAmount: '100',
      maxFirstDueDays: 5,
      maxPlanDays: 120,
    };
    /** A debtor of a company with that envelope, a debt of 1 000,00 and a session. */
    const withEnvelope = async () => {
      const company = (await create(t.app, admin, 'companies', {
        name: unique('Envoltorio '),
        cuit: makeCuit(),
        ...envelope,
      })) as { id: number };
      const { debtor, link } = await debtorWithLink();
      const debt = (await createDebt(t.app, admin, { debtorId: debtor.id, companyId: company.id })) as {
        id: number;
      };
      return { debt, token: await session(link, debtor.dni) };
    };
    type Offer = { kind: string; amount: string; quotas: number; firstDueDate: string; discount: string };
    const offersOf = async (token: string, debtId: number) =>
      ((await portal(token, 'GET', '/debts')).body.debts as { id: number; offers: Offer[] }[]).find(
        (d) => d.id === debtId,
      )?.offers ?? [];

    it('shows a single payment with the largest discount and the longest plan the envelope allows', async () => {
      const { debt, token } = await withEnvelope();
      const offers = await offersOf(token, debt.id);
      expect(offers.map((o) => [o.kind, o.amount, o.discount, o.quotas])).toEqual([
        ['PAGO_UNICO', '800.00', '200.00', 1],
        ['CUOTAS', '1000.00', '0.00', 3],
      ]);
      expect(offers[0]?.firstDueDate).toBe(addDays(agencyToday(), 5));
    });

    it('accepting one makes it the plan, the discount a reduction, with the terms PDF kept with its SHA-256', async () => {
      const { debt, token } = await withEnvelope();
      const [single] = await offersOf(token, debt.id);
      const accepted = await portal(token, 'POST', `/debts/${debt.id}/offers/accept`, {
        kind: 'PAGO_UNICO',
        amount: single?.amount,
        quotas: single?.quotas,
        firstDueDate: single?.firstDueDate,
      });
      expectStatus(accepted, 201);
      const offerId = accepted.body.offerId as number;
      const offer = await staff(admin, 'GET', `/api/offers/${offerId}`);
      expect(offer.body).toMatchObject({
        status: 'ACEPTADA',
        amount: '800.00',
        discount: '200.00',
        quotas: 1,
        acceptedInPortal: true,
      });
      // The same figure everywhere: the staff's balance and the portal's total are the plan's 800,00.
      const owed = await staff(admin, 'GET', `/api/debts/${debt.id}/balance`);
      expect(owed.body.total).toBe('800.00');
      const shown = (
        (await portal(token, 'GET', '/debts')).body.debts as {
          id: number;
          total: string;
          offers: unknown[];
          plan: { next: { owed: string } };
        }[]
      ).find((d) => d.id === debt.id);
      expect(shown?.total).toBe('800.00');
      expect(shown?.plan.next.owed).toBe('800.00');
      expect(shown?.offers).toEqual([]);
      const terms = await t.app.inject({
        method: 'GET',
        url: `/api/portal/offers/${offerId}/terms`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(terms.statusCode).toBe(200);
      expect(terms.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { createHash } = await import('node:crypto');
      expect(createHash('sha256').update(terms.rawPayload).digest('hex')).toBe(accepted.body.termsSha256);
      const [evidence] = rowsOf<{ session_id: number; address: string; terms_sha256: string }>(
        await t.database.db.execute(
          sql`SELECT session_id, address, terms_sha256 FROM offer_acceptances WHERE offer_id = ${offerId}`,
        ),
      );
      expect(evidence?.terms_sha256).toBe(accepted.body.termsSha256);
      expect(evidence?.address).toMatch(/^10\./);
      // Staff download the same bytes; a CLIENTE may not.
      const forStaff = await t.app.inject({
        method: 'GET',
        url: `/api/offers/${offerId}/terms`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(forStaff.statusCode).toBe(200);
      expect(createHash('sha256').update(forStaff.rawPayload).digest('hex')).toBe(accepted.body.termsSha256);
      const cliente = await createUser(t.app, admin, 'CLIENTE');
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/offers/${offerId}/terms`,
        headers: { authorization: `Bearer ${cliente.token}` },
      });
      expect(refused.statusCode).toBe(403);
      // Another debtor's session cannot read these terms.
      const other = await debtorWithLink();
      const stranger = await session(other.link, other.debtor.dni);
      const denied = await t.app.inject({
        method: 'GET',
        url: `/api/portal/offers/${offerId}/terms`,
        headers: { authorization: `Bearer ${stranger}` },
      });
      expect(denied.statusCode).toBe(404);
    });

    it('an offer that changed since it was seen is refused (409), and nothing is written', async () => {
      const { debt, token } = await withEnvelope();
      const [single] = await offersOf(token, debt.id);
      await create(t.app, admin, 'payments', { debtId: debt.id, amount: '100.00', paidAt: agencyToday() });
      const stale = await portal(token, 'POST', `/debts/${debt.id}/offers/accept`, {
        kind: 'PAGO_UNICO',
        amount: single?.amount,
        quotas: single?.quotas,
        firstDueDate: single?.firstDueDate,
      });
      expectStatus(stale, 409);
      expect(stale.body.message).toBe(PORTAL_MESSAGES.offerChanged);
      const [count] = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`SELECT count(*)::int AS n FROM offers WHERE debt_id = ${debt.id}`),
      );
      expect(count?.n).toBe(0);
    });

    it('a company without an envelope makes no offer', async () => {
      const { debt, link, debtor } = await debtorWithLink();
      const token = await session(link, debtor.dni);
      expect(await offersOf(token, debt.id)).toEqual([]);
      const refused = await portal(token, 'POST', `/debts/${debt.id}/offers/accept`, {
        kind: 'CUOTAS',
        amount: '1000.00',
        quotas: 3,
        firstDueDate: addDays(agencyToday(), 5),
      });
      expectStatus(refused, 409);
    });
  });

  describe('the staff’s side', () => {
    it('the queue puts a dispute and a call asked for today first among reasons; a disputed debt is not callable', async () => {
      const collector = await createUser(t.app, admin, 'GENERAL');
      const { debtor, debt, link } = await debtorWithLink();
      const second = (await createDebt(t.app, admin, { debtorId: debtor.id })) as { id: number };
      await t.database.db.execute(
        sql`UPDATE debts SET assigned_user_id = ${collector.id} WHERE id IN (${debt.id}, ${second.id})`,
      );
      const token = await session(link, debtor.dni);
      expectStatus(
        await portal(token, 'POST', `/debts/${debt.id}/dispute`, {
          reason: 'Nunca fui cliente de esa empresa.',
        }),
        201,
      );
      const asked = await portal(token, 'POST', `/debts/${second.id}/callback`, {
        callAt: new Date(Date.now() + 3_600_000).toISOString(),
        phone: '351 555-1234',
        note: 'Quiero pagar en cuotas',
      });
      expectStatus(asked, 201);
      // The call was asked for an hour ago: it is due.
      await t.database.db.execute(
        sql`UPDATE portal_requests SET call_at = now() - interval '1 hour' WHERE id = ${Number(asked.body.id)}`,
      );
      const queue = await staff(admin, 'GET', `/api/queue?userId=${collector.id}`);
      expectStatus(queue, 200);
      const items = queue.body.data as {
        debt: { id: number };
        reasons: { code: string; label: string }[];
        callableNow: boolean;
        notCallable: { code: string } | null;
      }[];
      const disputed = items.find((item) => item.debt.id === debt.id);
      const callback = items.find((item) => item.debt.id === second.id);
      expect(disputed?.reasons[0]).toEqual({
        code: 'DESCONOCE_DEUDA',
        label: 'Desconoce la deuda (portal): «Nunca fui cliente de esa empresa.»',
      });
      expect(disputed?.callableNow).toBe(false);
      expect(disputed?.notCallable?.code).toBe('DISPUTED');
      expect(callback?.reasons[0]?.code).toBe('PEDIDO_LLAMADA');
      expect(callback?.reasons[0]?.label).toMatch(
        /^Pidió que lo llamen el \d{2}\/\d{2} \d{2}:\d{2} al 351 555-1234: «Quiero pagar en cuotas»$/,
      );
      expect(callback?.callableNow).toBe(true);
      // Callable debts come first.
      expect(items.indexOf(callback as never)).toBeLessThan(items.indexOf(disputed as never));
    });
  });
});
