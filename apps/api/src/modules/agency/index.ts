import type { Readable } from 'node:stream';
import {
  AGENCY_LOGO_MAX_BYTES,
  type Agency,
  agencySchema,
  agencyUpdateSchema,
  defineAbilityFor,
  type HttpMethod,
  hoursAndMinutes,
  MESSAGES,
  METHOD_ACTIONS,
} from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { docsFor, errorResponses, uploadErrorResponses, writeAudit } from '../../crud';
import type { Executor } from '../../crud/types';
import type { Db } from '../../db/client';
import { agencySettings } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Agency as AgencyRow } from '../../pdf/letterhead';
import { acceptLogo } from '../../pdf/logo';
import type { DocumentStorage } from '../../storage';
import { receiveUpload } from '../../uploads';

const LABEL = 'agencia';
/** The audit trail's name for the record (one row, id 1). */
const AUDIT_RESOURCE = 'agency';

/**
 * Who may call: the shared rules of SystemManagement (DESIGN.md §6) for the method's action, so
 * ADMIN and GENERAL read (a CLIENTE gets 403) and only an ADMIN writes. Checked here, after the guard
 * has set the current user, because `agency` is one record and not a resource of RESOURCE_SUBJECTS
 * (whose every entry the access test drives through list/read/create/update/delete).
 */
async function systemManagement(request: FastifyRequest) {
  const action = METHOD_ACTIONS[request.method as HttpMethod] ?? 'manage';
  if (!defineAbilityFor({ type: request.user.type }).can(action, 'SystemManagement'))
    throw new HttpError(403, MESSAGES.forbidden);
}
const guarded = { config: { access: 'authenticated' as const }, onRequest: systemManagement };

/** What the API answers of the row: the data, and whether there is a logo (never its bytes). */
function toAgency(row: AgencyRow): Agency {
  return {
    name: row.name,
    cuit: row.cuit,
    address: row.address,
    city: row.city,
    phone: row.phone,
    email: row.email,
    vatStatus: row.vatStatus,
    cbu: row.cbu,
    cbuAlias: row.cbuAlias,
    hasLogo: row.logo !== null,
    contactDays: row.contactDays,
    contactFrom: hoursAndMinutes(row.contactFrom),
    contactTo: hoursAndMinutes(row.contactTo),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audited fields (the logo as its type and size, never its bytes). */
function audited(row: AgencyRow) {
  const { logo, createdAt, updatedAt, ...fields } = row;
  return { ...fields, logoSize: logo?.length ?? null };
}

/** The row as stored (documents read it through loadAgency, with the logo as they print it). */
async function readAgency(db: Db): Promise<AgencyRow> {
  const [row] = await db.select().from(agencySettings).where(eq(agencySettings.id, 1));
  if (!row) throw new Error('agency_settings has no row 1: migration 0014 did not run');
  return row;
}

/** The row locked for this transaction: two writes of the settings go one after the other. */
async function lockAgency(tx: Executor): Promise<AgencyRow> {
  const [row] = await tx.select().from(agencySettings).where(eq(agencySettings.id, 1)).for('update');
  if (!row) throw new Error('agency_settings has no row 1: migration 0014 did not run');
  return row;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The agency's own data (DESIGN.md §10.5): GET/PUT /api/agency and the logo at /api/agency/logo
 * (PUT multipart, GET, DELETE). Every write is audited in its transaction.
 */
export function agencyModule(app: FastifyInstance, db: Db, storage: DocumentStorage) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/agency',
    {
      ...guarded,
      schema: {
        ...docsFor(LABEL),
        summary: 'Datos de la agencia',
        response: { 200: agencySchema, ...errorResponses },
      },
    },
    async () => toAgency(await readAgency(db)),
  );

  api.put(
    '/api/agency',
    {
      ...guarded,
      schema: {
        ...docsFor(LABEL),
        summary: 'Cambiar los datos de la agencia (ADMIN)',
        body: agencyUpdateSchema,
        response: { 200: agencySchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await db.transaction(async (tx) => {
        const before = await lockAgency(tx);
        const [after] = await tx
          .update(agencySettings)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(agencySettings.id, 1))
          .returning();
        if (!after) throw new Error('agency_settings has no row 1');
        await writeAudit(tx, request.user, {
          action: 'update',
          resource: AUDIT_RESOURCE,
          recordId: 1,
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
      return toAgency(row);
    },
  );

  api.get(
    '/api/agency/logo',
    {
      ...guarded,
      schema: {
        ...docsFor(LABEL),
        summary: 'El logo de la agencia (PNG o JPEG)',
        response: { 200: z.unknown().describe('Los bytes de la imagen'), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const [row] = await db
        .select({ logo: agencySettings.logo, logoType: agencySettings.logoType })
        .from(agencySettings)
        .where(eq(agencySettings.id, 1));
      if (!row?.logo || !row.logoType) throw new HttpError(404, MESSAGES.agencyLogoMissing);
      return reply
        .header('content-type', row.logoType)
        .header('content-length', row.logo.length)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(row.logo);
    },
  );

  api.put(
    '/api/agency/logo',
    {
      ...guarded,
      schema: {
        ...docsFor(LABEL),
        summary: 'Subir el logo de la agencia (multipart: file; PNG o JPEG hasta 300 KB)',
        consumes: ['multipart/form-data'],
        response: {
          200: agencySchema,
          ...uploadErrorResponses,
        },
      },
    },
    async (request) => {
      const { stored } = await receiveUpload(request, storage, {
        maxBytes: AGENCY_LOGO_MAX_BYTES,
        tooLargeMessage: MESSAGES.agencyLogoTooLarge,
        keyPrefix: 'agency-logo',
        async inspect(upload, files) {
          return acceptLogo(await readAll(await files.get(upload.key)));
        },
      });
      // The bytes live in the database (a backup holds them): the stored copy was only the way in.
      await storage.remove(stored.key).catch(() => {});
      const row = await db.transaction(async (tx) => {
        const before = await lockAgency(tx);
        const [after] = await tx
          .update(agencySettings)
          .set({ logo: stored.bytes, logoType: stored.type, updatedAt: new Date() })
          .where(eq(agencySettings.id, 1))
          .returning();
        if (!after) throw new Error('agency_settings has no row 1');
        await writeAudit(tx, request.user, {
          action: 'update',
          resource: AUDIT_RESOURCE,
          recordId: 1,
          before: { logoType: before.logoType, logoSize: before.logo?.length ?? null },
          after: { logoType: after.logoType, logoSize: after.logo?.length ?? null },
        });
        return after;
      });
      return toAgency(row);
    },
  );

  api.delete(
    '/api/agency/logo',
    {
      ...guarded,
      schema: {
        ...docsFor(LABEL),
        summary: 'Quitar el logo de la agencia',
        response: { 204: z.null().describe('Sin contenido'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const before = await lockAgency(tx);
        if (before.logo === null) return;
        await tx
          .update(agencySettings)
          .set({ logo: null, logoType: null, updatedAt: new Date() })
          .where(eq(agencySettings.id, 1));
        await writeAudit(tx, request.user, {
          action: 'update',
          resource: AUDIT_RESOURCE,
          recordId: 1,
          before: { logoType: before.logoType, logoSize: before.logo.length },
          after: { logoType: null, logoSize: null },
        });
      });
      return reply.code(204).send(null);
    },
  );
}
