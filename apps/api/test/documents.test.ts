import { rmSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENT_MAX_BYTES, documentSchema, MESSAGES } from '@cobranzas/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentHeader, displayName } from '../src/modules/documents/content';
import { createDebt, createDebtor, expectStatus } from './domain';
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
import { type FormPart, multipartBody, SAMPLES, storedFiles } from './multipart';

describe('document names', () => {
  it('keep only the last path segment, without control characters, at most 200 characters', () => {
    expect(displayName('../../etc/passwd', 'text/plain')).toBe('passwd.txt');
    expect(displayName('C:\\Users\\ana\\Pagaré.pdf', 'application/pdf')).toBe('Pagaré.pdf');
    expect(displayName('a\u0000b\u001f\u007fc.pdf', 'application/pdf')).toBe('abc.pdf');
    expect(displayName('', 'image/png')).toBe('documento.png');
    const long = displayName(`${'x'.repeat(300)}.docx`, 'application/msword');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.docx')).toBe(true);
  });
  it('Content-Disposition escapes quotes in the fallback and encodes the rest per RFC 5987', () => {
    expect(attachmentHeader('a"b\\c ñ.txt')).toBe(
      `attachment; filename="a_b_c n.txt"; filename*=UTF-8''a%22b%5Cc%20%C3%B1.txt`,
    );
  });
});

forEachBackend('documents: upload, download, delete (DESIGN.md §8)', (backend) => {
  let t: TestApp;
  let admin: string;
  let general: string;
  let client: Awaited<ReturnType<typeof createUser>>;
  let debtId: number;
  let otherDebtId: number;
  let root: string;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    general = (await createUser(t.app, admin, 'GENERAL')).token;
    client = await createUser(t.app, admin, 'CLIENTE');
    debtId = (await createDebt(t.app, admin, { companyId: client.companyId })).id;
    otherDebtId = (await createDebt(t.app, admin)).id;
    root = path.join(t.config.dataDir, 'documents');
  });
  afterAll(() => t?.close());

  const upload = (parts: FormPart[], token = admin) =>
    call(t.app, token, { method: 'POST', url: '/api/documents', ...multipartBody(parts) });
  const file = (filename: string, content: Buffer, contentType?: string): FormPart => ({
    name: 'file',
    filename,
    content,
    ...(contentType ? { contentType } : {}),
  });
  const forDebt = (id = debtId): FormPart => ({ name: 'debtId', value: String(id) });
  const download = (id: number, token = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/file`,
      headers: { authorization: `Bearer ${token}` },
    });

  describe('accepted by content', () => {
    it.each([
      ['Pagaré de José.pdf', SAMPLES.pdf, 'application/pdf'],
      ['dni.png', SAMPLES.png, 'image/png'],
      ['deudores.csv', SAMPLES.csv, 'text/csv'],
      ['notas.txt', SAMPLES.csv, 'text/plain'],
    ])('%s → 201 as %s, listed under its debt, stored under a generated key', async (name, bytes, mime) => {
      const response = await upload([forDebt(), file(name, bytes, 'application/octet-stream')], general);
      expectStatus(response, 201);
      const document = documentSchema.strict().parse(response.body);
      expect(document).toMatchObject({
        debtId,
        debtorId: null,
        fileName: name,
        mimeType: mime,
        size: bytes.length,
      });
      expect(document.uploadedBy).not.toBeNull();
      const list = await call(t.app, admin, {
        method: 'GET',
        url: `/api/documents?debtId=${debtId}&limit=500`,
      });
      expect(list.body.data.map((d: { id: number }) => d.id)).toContain(document.id);
      expect(storedFiles(root).some((f) => f.includes(name))).toBe(false);
    });

    it('an .xlsx is recognized inside its zip container; the file may come before debtId', async () => {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Hoja').addRow(['hola']);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const response = await upload([file('planilla.xlsx', bytes), forDebt()]);
      expectStatus(response, 201);
      expect(response.body.mimeType).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
    });

    it('a debtor’s own document (debtorId only); a name without extension gets the type’s', async () => {
      const debtor = await createDebtor(t.app, admin);
      const response = await upload([
        { name: 'debtorId', value: String(debtor.id) },
        file('..\\..\\escaneo', SAMPLES.pdf),
      ]);
      expectStatus(response, 201);
      expect(response.body).toMatchObject({ debtId: null, debtorId: debtor.id, fileName: 'escaneo.pdf' });
    });
  });

  describe('refused, with nothing left on disk', () => {
    it.each([
      ['an .exe renamed .pdf', 'recibo.pdf', SAMPLES.exe],
      ['binary bytes named .txt', 'datos.txt', SAMPLES.binary],
      ['Latin-1 text (not UTF-8) named .csv', 'viejo.csv', SAMPLES.latin1Text],
      [
        'an OLE container not named .doc/.xls',
        'setup.pdf',
        Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]),
      ],
    ])('%s → 415 in Spanish', async (_label, name, bytes) => {
      const before = storedFiles(root).length;
      const response = await upload([forDebt(), file(name, bytes, 'application/pdf')]);
      expectStatus(response, 415);
      expect(response.body).toEqual({
        message: MESSAGES.fileTypeNotAllowed,
        errors: { file: [MESSAGES.fileTypeNotAllowed] },
      });
      expect(storedFiles(root).length).toBe(before);
    });

    it('over 20 MB → 413, whether announced by Content-Length or found while streaming', async () => {
      const before = storedFiles(root).length;
      const justOver = Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 'a');
      const streamed = await upload([forDebt(), file('grande.txt', justOver)]);
      expectStatus(streamed, 413);
      expect(streamed.body.message).toBe(MESSAGES.fileTooLarge);
      const announced = await upload([
        forDebt(),
        file('enorme.txt', Buffer.alloc(DOCUMENT_MAX_BYTES + 200_000, 'a')),
      ]);
      expectStatus(announced, 413);
      expect(storedFiles(root).length).toBe(before);
      // Exactly the limit is fine.
      expectStatus(await upload([forDebt(), file('justo.txt', Buffer.alloc(DOCUMENT_MAX_BYTES, 'a'))]), 201);
    });

    it('no file, an empty file, two files, no owner, an unknown debt → 400 in Spanish', async () => {
      const before = storedFiles(root).length;
      const noFile = await upload([forDebt()]);
      expectStatus(noFile, 400);
      expect(noFile.body.errors).toEqual({ file: [MESSAGES.fileRequired] });
      expect((await upload([forDebt(), file('vacio.txt', Buffer.alloc(0))])).body.errors).toEqual({
        file: [MESSAGES.fileEmpty],
      });
      const two = await upload([forDebt(), file('a.pdf', SAMPLES.pdf), file('b.pdf', SAMPLES.pdf)]);
      expectStatus(two, 400);
      const noOwner = await upload([file('a.pdf', SAMPLES.pdf)]);
      expectStatus(noOwner, 400);
      expect(noOwner.body.errors).toEqual({ debtId: [MESSAGES.documentOwnerRequired] });
      const unknown = await upload([forDebt(99_999_999), file('a.pdf', SAMPLES.pdf)]);
      expectStatus(unknown, 400);
      expect(unknown.body.errors).toEqual({ debtId: [MESSAGES.debtNotFound] });
      const json = await call(t.app, admin, { method: 'POST', url: '/api/documents', payload: { debtId } });
      expectStatus(json, 400);
      expect(json.body.errors).toEqual({ file: [MESSAGES.multipartRequired] });
      expect(storedFiles(root).length).toBe(before);
    });
  });

  it('download: identical bytes, stored type, RFC 5987 name with accents, nosniff', async () => {
    const created = await upload([forDebt(), file('Pagaré de José (1).pdf', SAMPLES.pdf, 'text/html')]);
    const response = await download(created.body.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Pagare de Jose (1).pdf"; filename*=UTF-8''Pagar%C3%A9%20de%20Jos%C3%A9%20%281%29.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csv = await upload([forDebt(), file('lista.csv', SAMPLES.csv)]);
    const csvResponse = await download(csv.body.id);
    expect(csvResponse.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvResponse.body).toBe(SAMPLES.csv.toString('utf8'));
  });

  it('CLIENTE: downloads its company’s documents only; 404 for others and debtor documents; may not upload', async () => {
    const own = await upload([forDebt(), file('propio.pdf', SAMPLES.pdf)]);
    const other = await upload([forDebt(otherDebtId), file('ajeno.pdf', SAMPLES.pdf)]);
    const debtor = await createDebtor(t.app, admin);
    const debtorDoc = await upload([
      { name: 'debtorId', value: String(debtor.id) },
      file('dni.png', SAMPLES.png),
    ]);
    expect((await download(own.body.id, client.token)).statusCode).toBe(200);
    for (const id of [other.body.id, debtorDoc.body.id]) {
      const response = await download(id, client.token);
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ message: MESSAGES.notFound });
    }
    const list = await call(t.app, client.token, { method: 'GET', url: '/api/documents?limit=500' });
    const ids = list.body.data.map((d: { id: number }) => d.id);
    expect(ids).toContain(own.body.id);
    expect(ids).not.toContain(other.body.id);
    expect(ids).not.toContain(debtorDoc.body.id);
    expectStatus(await upload([forDebt(), file('x.pdf', SAMPLES.pdf)], client.token), 403);
  });

  it('delete removes the row and the file; GENERAL may not delete (403)', async () => {
    const created = await upload([forDebt(), file('borrar.pdf', SAMPLES.pdf)]);
    const before = storedFiles(root).length;
    const del = (token: string) =>
      call(t.app, token, { method: 'DELETE', url: `/api/documents/${created.body.id}` });
    expectStatus(await del(general), 403);
    expectStatus(await del(admin), 204);
    expect(storedFiles(root).length).toBe(before - 1);
    expect((await download(created.body.id)).statusCode).toBe(404);
  });

  it('a row whose file went missing answers 404 in Spanish, not 500', async () => {
    const created = await upload([forDebt(), file('perdido.pdf', SAMPLES.pdf)]);
    for (const stored of storedFiles(root)) rmSync(stored);
    const response = await download(created.body.id);
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ message: MESSAGES.documentFileMissing });
  });
});
