import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { documents } from '../src/db/schema';
import { createDebt } from './domain';
import { RUNS } from './fuzz-arbitraries';
import { ADMIN_ALIAS, ADMIN_PASSWORD, forEachBackend, startApp, type TestApp, tokenFor } from './helpers';
import { type FormPart, multipartBody, SAMPLES, storedFiles } from './multipart';

/** The upload route under random forms and broken multipart: never a 5xx, never a stray file or row. */
forEachBackend('fuzzing the multipart upload', (backend) => {
  let t: TestApp;
  let token: string;
  let debtId: number;

  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    debtId = (await createDebt(t.app, token)).id;
  });
  afterAll(() => t?.close());

  const state = async () => {
    const [rows] = await t.database.db.select({ n: count() }).from(documents);
    return { rows: rows?.n ?? 0, files: storedFiles(`${t.config.dataDir}/documents`).length };
  };

  const send = (payload: Buffer, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });

  const field = fc.record({
    name: fc.constantFrom('debtId', 'debtorId', 'file', 'otro', '__proto__'),
    value: fc.oneof(fc.string(), fc.constant(''), fc.integer().map(String)),
  });
  const file = fc.record({
    name: fc.constantFrom('file', 'archivo'),
    filename: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('a.pdf', '../x.csv', 'b.doc', 'c')),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
      fc.constantFrom(SAMPLES.pdf, SAMPLES.csv, SAMPLES.exe, SAMPLES.latin1Text),
    ),
  });

  it('random forms: 201 only for an allowed file on a real debt; otherwise 4xx and nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(field, file), { maxLength: 4 }),
        fc.boolean(),
        async (parts, withDebt) => {
          const before = await state();
          const form: FormPart[] = withDebt ? [{ name: 'debtId', value: String(debtId) }, ...parts] : parts;
          const body = multipartBody(form);
          const response = await send(body.payload, body.headers['content-type']);
          expect(response.statusCode, response.body).toBeLessThan(500);
          const after = await state();
          if (response.statusCode === 201)
            expect(after).toEqual({ rows: before.rows + 1, files: before.files + 1 });
          else expect(after).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('broken multipart bodies and boundaries → 4xx, nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 500 }),
        fc.string({ maxLength: 30 }),
        async (bytes, boundary) => {
          const before = await state();
          const response = await send(Buffer.from(bytes), `multipart/form-data; boundary=${boundary}`);
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, response.body).toBeLessThan(500);
          expect(await state()).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
    const valid = multipartBody([{ name: 'file', filename: 'a.pdf', content: SAMPLES.pdf }]);
    const cut = await send(
      valid.payload.subarray(0, valid.payload.length - 20),
      valid.headers['content-type'],
    );
    expect(cut.statusCode).toBe(400);
  });
});
