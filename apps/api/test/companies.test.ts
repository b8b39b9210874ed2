import { companySchema, MESSAGES } from '@cobranzas/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  forEachBackend,
  makeCuit,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';

forEachBackend('companies API', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const post = (payload: Record<string, unknown>) =>
    call(t.app, token, { method: 'POST', url: '/api/companies', payload });

  it('creates a company → 201; CUIT typed with dashes is stored as 11 digits', async () => {
    const cuit = makeCuit();
    const dashed = `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;
    const response = await post({
      name: 'Banco Sur',
      cuit: dashed,
      email: 'cobranzas@banco.example',
      contactName: 'Eva',
    });
    expect(response.status).toBe(201);
    expect(companySchema.strict().parse(response.body)).toMatchObject({
      name: 'Banco Sur',
      cuit,
      commissionRate: '0.00',
      active: true,
      phone: null,
    });
  });

  it('commissionRate travels as a decimal string both ways, exactly', async () => {
    const response = await post({ name: unique('Tasa '), cuit: makeCuit(), commissionRate: '12,35' });
    expect(response.body.commissionRate).toBe('12.35');
    const read = await call(t.app, token, { method: 'GET', url: `/api/companies/${response.body.id}` });
    expect(read.body.commissionRate).toBe('12.35');
  });

  it('an invalid CUIT → 400 with errors.cuit "El CUIT no es válido."', async () => {
    const response = await post({ name: 'Mala', cuit: '30-50001091-3' });
    expect(response.status).toBe(400);
    expect(response.body.errors.cuit).toEqual([MESSAGES.invalidCuit]);
  });

  it('a duplicate CUIT → 409 "Ya existe una compañía con ese CUIT."', async () => {
    const cuit = makeCuit();
    await post({ name: unique('A '), cuit });
    const response = await post({ name: unique('B '), cuit });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: MESSAGES.cuitTaken, errors: { cuit: [MESSAGES.cuitTaken] } });
  });

  it('PATCH to another company’s CUIT → 409 as well', async () => {
    const a = await createCompany(t.app, token);
    const b = await createCompany(t.app, token);
    const response = await call(t.app, token, {
      method: 'PATCH',
      url: `/api/companies/${b.id}`,
      payload: { cuit: a.cuit },
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(MESSAGES.cuitTaken);
  });

  it('PATCH keeps the commission and active flag it was not sent', async () => {
    const { body: created } = await post({
      name: unique('P '),
      cuit: makeCuit(),
      commissionRate: '7.5',
      active: false,
    });
    const response = await call(t.app, token, {
      method: 'PATCH',
      url: `/api/companies/${created.id}`,
      payload: { phone: '011 4444-5555' },
    });
    expect(response.body).toMatchObject({ phone: '011 4444-5555', commissionRate: '7.50', active: false });
  });

  it('deleting a company a user belongs to → 409 "en uso"; unreferenced → 204', async () => {
    const company = await createCompany(t.app, token);
    await call(t.app, token, {
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Cli',
        alias: unique('cli'),
        password: 'clave-segura-1',
        userTypeId: 3,
        companyId: company.id,
      },
    });
    const refused = await call(t.app, token, { method: 'DELETE', url: `/api/companies/${company.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: MESSAGES.referenced });
    const free = await createCompany(t.app, token);
    expect((await call(t.app, token, { method: 'DELETE', url: `/api/companies/${free.id}` })).status).toBe(
      204,
    );
  });

  it('list: q matches name or CUIT, active filters, sort by cuit', async () => {
    const tag = unique('Grupo');
    const cuits = [makeCuit('33'), makeCuit('30'), makeCuit('34')];
    for (const [i, cuit] of cuits.entries()) await post({ name: `${tag} ${i}`, cuit, active: i !== 2 });
    const byName = await call(t.app, token, { method: 'GET', url: `/api/companies?q=${tag}&sort=cuit` });
    expect(byName.body.total).toBe(3);
    expect(byName.body.data.map((c: { cuit: string }) => c.cuit)).toEqual([...cuits].sort());
    const byCuit = await call(t.app, token, { method: 'GET', url: `/api/companies?q=${cuits[1]}` });
    expect(byCuit.body.data.map((c: { name: string }) => c.name)).toEqual([`${tag} 1`]);
    const inactive = await call(t.app, token, { method: 'GET', url: `/api/companies?q=${tag}&active=false` });
    expect(inactive.body.data.map((c: { name: string }) => c.name)).toEqual([`${tag} 2`]);
  });
});
