import { MESSAGES } from '@cobranzas/shared';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { logoTypeOf } from '../src/pdf/logo';
import { create, createDebt, expectStatus } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';
import { multipartBody, SAMPLES, storedFiles } from './multipart';

/** A 1×1 JPEG. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
/** A JPEG's first bytes (SOI, APP0 JFIF) over filler: the right signature, no image. */
const BROKEN_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  Buffer.alloc(64),
]);

describe('logo type by magic bytes', () => {
  it('PNG by its 8-byte signature, JPEG by FF D8 FF; anything else (or a lone signature) is none', () => {
    expect(logoTypeOf(SAMPLES.png)).toBe('image/png');
    expect(logoTypeOf(JPEG)).toBe('image/jpeg');
    expect(logoTypeOf(BROKEN_JPEG)).toBe('image/jpeg');
    expect(logoTypeOf(SAMPLES.pdf)).toBeNull();
    expect(logoTypeOf(SAMPLES.exe)).toBeNull();
    expect(logoTypeOf(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    // a PNG signature with one byte changed
    expect(
      logoTypeOf(
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b]), Buffer.alloc(8)]),
      ),
    ).toBeNull();
  });
});

forEachBackend('agency settings: /api/agency and its logo (DESIGN.md §10.5)', (backend) => {
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

  const read = (token = admin) => call(t.app, token, { method: 'GET', url: '/api/agency' });
  const put = (payload: Record<string, unknown>, token = admin) =>
    call(t.app, token, { method: 'PUT', url: '/api/agency', payload });
  const putLogo = (content: Buffer, token = admin, filename = 'logo.png') =>
    call(t.app, token, {
      method: 'PUT',
      url: '/api/agency/logo',
      ...multipartBody([{ name: 'file', filename, content, contentType: 'image/png' }]),
    });
  const trail = () =>
    t.database.db
      .select({ before: auditLog.before, after: auditLog.after, userName: auditLog.userName })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'agency'), eq(auditLog.recordId, 1)))
      .orderBy(desc(auditLog.id));

  const VALID = {
    name: 'Estudio Cobranzas del Sur',
    cuit: '30-71234567-1',
    address: 'Av. Colón 1234, piso 3',
    city: 'Córdoba',
    phone: '0351 422-1234',
    email: 'info@cobranzasdelsur.com.ar',
    vatStatus: 'MONOTRIBUTISTA',
  };

  it('staff read the agency (the migration’s row at first); a CLIENTE is refused (403)', async () => {
    const first = await read();
    expectStatus(first, 200);
    expect(first.body).toMatchObject({ name: 'Agencia de cobranzas', cuit: null, hasLogo: false });
    expectStatus(await read(general), 200);
    const refused = await read(cliente);
    expectStatus(refused, 403);
    expect(refused.body.message).toBe(MESSAGES.forbidden);
    expectStatus(await call(t.app, null, { method: 'GET', url: '/api/agency' }), 401);
  });

  it('an ADMIN saves the whole record (CUIT stored as digits, empty optionals as null), audited', async () => {
    // 30-71234567-1: weights 5432765432 over 3071234567 → 15+0+21+2+14+18+20+20+18+14 = 142;
    // 142 mod 11 = 10 → check 11 − 10 = 1.
    const saved = await put(VALID);
    expectStatus(saved, 200);
    expect(saved.body).toMatchObject({ ...VALID, cuit: '30712345671', hasLogo: false });
    expect((await read(general)).body).toMatchObject({ name: VALID.name, vatStatus: 'MONOTRIBUTISTA' });
    const cleared = await put({ name: 'Estudio Sur', cuit: '30712345671', phone: '' });
    expect(cleared.body).toMatchObject({
      name: 'Estudio Sur',
      address: null,
      city: null,
      phone: null,
      email: null,
      vatStatus: 'RESPONSABLE_INSCRIPTO',
    });
    const [last, previous] = await trail();
    expect(last?.before).toMatchObject({ name: VALID.name, city: 'Córdoba' });
    expect(last?.after).toMatchObject({ name: 'Estudio Sur', city: null });
    expect(previous?.after).toMatchObject({ name: VALID.name, cuit: '30712345671' });
  });

  it('refuses a wrong CUIT check digit, a missing name, a bad e-mail and an unknown VAT status (Spanish 400)', async () => {
    const bad = await put({
      ...VALID,
      cuit: '30-71234567-2',
      name: ' ',
      email: 'no-es-correo',
      vatStatus: 'EXENTO',
    });
    expectStatus(bad, 400);
    expect(bad.body.errors.cuit).toEqual([MESSAGES.invalidCuit]);
    expect(bad.body.errors.name).toEqual([MESSAGES.required]);
    expect(bad.body.errors.email).toEqual([MESSAGES.invalidEmail]);
    expect(bad.body.errors.vatStatus).toBeDefined();
    expectStatus(await put({ ...VALID }, general), 403);
    expectStatus(await put({ ...VALID }, cliente), 403);
  });

  it('the logo: a PNG or JPEG up to 300 KB, served back re-encoded in its own format; removed by DELETE; each change audited', async () => {
    const saved = await putLogo(SAMPLES.png);
    expectStatus(saved, 200);
    expect(saved.body.hasLogo).toBe(true);
    const served = await t.app.inject({
      method: 'GET',
      url: '/api/agency/logo',
      headers: { authorization: `Bearer ${general}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // Re-encoded once on upload (issue 30, pdf/logo.ts): the same image, not the same bytes.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    const pngSize = served.rawPayload.length;

    expectStatus(await putLogo(JPEG, admin, 'logo.jpg'), 200);
    const jpeg = await t.app.inject({
      method: 'GET',
      url: '/api/agency/logo',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1, height: 1 });
    expect((await trail())[0]).toMatchObject({
      before: { logoType: 'image/png', logoSize: pngSize },
      after: { logoType: 'image/jpeg', logoSize: jpeg.rawPayload.length },
    });
    // the upload went through storage and was removed from it: the bytes live in the database
    expect(storedFiles(`${t.config.dataDir}/documents`)).toEqual([]);

    expectStatus(await call(t.app, general, { method: 'DELETE', url: '/api/agency/logo' }), 403);
    expectStatus(await call(t.app, admin, { method: 'DELETE', url: '/api/agency/logo' }), 204);
    expect((await read()).body.hasLogo).toBe(false);
    const gone = await call(t.app, admin, { method: 'GET', url: '/api/agency/logo' });
    expectStatus(gone, 404);
    expect(gone.body.message).toBe(MESSAGES.agencyLogoMissing);
  });

  it('refuses a file that is no PNG/JPEG whatever its name (415), one over 300 KB (413), and a GENERAL (403)', async () => {
    const pdf = await putLogo(SAMPLES.pdf, admin, 'logo.png');
    expectStatus(pdf, 415);
    expect(pdf.body.message).toBe(MESSAGES.agencyLogoType);
    // the right first bytes over a damaged image: receipts could not print it
    const broken = await putLogo(BROKEN_JPEG, admin, 'logo.jpg');
    expectStatus(broken, 415);
    expect(broken.body.message).toBe(MESSAGES.agencyLogoUnreadable);
    // 300 KB + 1 byte: a JPEG padded after its end marker (readers stop there)
    const big = Buffer.concat([JPEG, Buffer.alloc(300 * 1024 + 1 - JPEG.length)]);
    const tooBig = await putLogo(big);
    expectStatus(tooBig, 413);
    expect(tooBig.body.message).toBe(MESSAGES.agencyLogoTooLarge);
    // exactly 300 KB is accepted
    expectStatus(await putLogo(big.subarray(0, 300 * 1024), admin, 'logo.jpg'), 200);
    expectStatus(await putLogo(SAMPLES.png, general), 403);
    expectStatus(await putLogo(SAMPLES.png, cliente), 403);
    expect(storedFiles(`${t.config.dataDir}/documents`)).toEqual([]);
  });

  it('the receipt prints the agency’s name, CUIT and contact, and its logo when there is one', async () => {
    expectStatus(await put(VALID), 200);
    expectStatus(await putLogo(SAMPLES.png), 200);
    const debt = await createDebt(t.app, admin, { originalAmount: '100.00' });
    const payment = await create(t.app, admin, 'payments', {
      debtId: debt.id,
      amount: '1',
      paidAt: '2024-01-01',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${payment.id}/receipt`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(200);
    const pdf = response.rawPayload;
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(text).toContain('Estudio Cobranzas del Sur');
    expect(text).toContain('CUIT 30-71234567-1');
    expect(text).toContain('info@cobranzasdelsur.com.ar');
    // the logo is an image XObject in the file
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });
});
