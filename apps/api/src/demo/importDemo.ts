/**
 * The demo's finished import (issue 16): the sample portfolio (sampleImport.ts) imported for one
 * demo company through the product's own path — POST /api/imports on the built app (app.inject, no
 * port), the job runner of that app running the import job, GET /api/imports/{id} until it ends —
 * so the imports screen lists it DONE with its counts, its errors file answers, and its debts carry
 * its importId. The request is signed for the first active administrator, who appears as its author.
 */
import type { Import } from '@cobranzas/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from '../auth/jwt';
import type { Db } from '../db/client';
import { companies, users, userTypes } from '../db/schema';
import { SAMPLE_FILE_NAME, sampleWorkbook } from './sampleImport';

/** The company the demo imports the sample for (data.ts): a bank, like the sample's sender. */
export const DEMO_IMPORT_COMPANY = 'Banco del Plata S.A.';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A multipart/form-data body as the web's FormData sends it. */
function multipart(fields: Record<string, string>, file: { name: string; content: Buffer }) {
  const boundary = `----cobranzas-demo-${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${XLSX}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A token of the first active administrator: the demo's writes through the API are signed by them. */
export async function adminToken(app: FastifyInstance, db: Db): Promise<string> {
  const [admin] = await db
    .select({ id: users.id, name: users.name, alias: users.alias })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(and(eq(userTypes.role, 'ADMIN'), eq(users.active, true)))
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin) throw new Error('No hay un administrador activo que firme la importación de ejemplo.');
  const claims: TokenClaims = {
    sub: admin.id,
    name: admin.name,
    alias: admin.alias,
    type: 'ADMIN',
    companyId: null,
  };
  return app.jwt.sign(claims);
}

/**
 * Imports the sample for DEMO_IMPORT_COMPANY and waits for the job to end (at most `timeoutMs`).
 * Returns the import as GET /api/imports/{id} answers it. `app` must be ready (its runner started).
 */
export async function importDemoPortfolio(
  app: FastifyInstance,
  db: Db,
  timeoutMs = 120_000,
): Promise<Import> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_IMPORT_COMPANY));
  if (!company) throw new Error(`La compañía ${DEMO_IMPORT_COMPANY} de la demo no existe.`);
  const authorization = `Bearer ${await adminToken(app, db)}`;
  const { payload, contentType } = multipart(
    { companyId: String(company.id) },
    { name: SAMPLE_FILE_NAME, content: await sampleWorkbook() },
  );
  const posted = await app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { authorization, 'content-type': contentType },
    payload,
  });
  if (posted.statusCode !== 202)
    throw new Error(`La importación de ejemplo fue rechazada (HTTP ${posted.statusCode}): ${posted.body}`);
  const { id } = posted.json() as { id: number };
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/imports/${id}`,
      headers: { authorization },
    });
    if (response.statusCode !== 200)
      throw new Error(`GET /api/imports/${id} respondió HTTP ${response.statusCode}: ${response.body}`);
    const record = response.json() as Import;
    if (record.status !== 'QUEUED' && record.status !== 'RUNNING') return record;
    if (Date.now() > until)
      throw new Error(`La importación de ejemplo sigue ${record.status} tras ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
