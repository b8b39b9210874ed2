import {
  autoMapping,
  IMPORT_PREVIEW_ROWS,
  type ImportMapping,
  idParamsSchema,
  importMappingJsonSchema,
  importPreviewSchema,
  importsResource,
  mappingProblemsForHeaders,
} from '@cobranzas/shared';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudModule, docsFor, equals, errorResponses, uploadErrorResponses } from '../../crud';
import type { Database, Db } from '../../db/client';
import { companies, imports, jobs, users } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../errors';
import { announce, cancel, enqueue } from '../../jobs';
import { jobColumns, jobStatusIs } from '../../jobs/columns';
import { XLSX_TYPE } from '../../reports';
import type { DocumentStorage } from '../../storage';
import { errorsFileStream } from './errorsFile';
import { IMPORT_BATCH_ROWS, IMPORT_JOB, importJobHandler } from './job';
import { previewOf, receiveImportFile, requireCompanyId } from './upload';

export const IMPORT_MESSAGES = {
  notFound: 'La importación no existe.',
  companyNotFound: 'La compañía no existe.',
  companyInactive: 'La compañía está inactiva: actívela antes de importar su cartera.',
  notCancellable: 'La importación ya terminó: no se puede cancelar.',
  autoMappingFailed: (problems: string[]) =>
    `No se pudieron reconocer las columnas del archivo: ${problems.join(' ')} Indique la asignación de columnas.`,
};

export interface ImportsOptions {
  /** Rows per batch (tests shrink it to see several batches in a small file). */
  batchRows?: number;
}

/**
 * Portfolio import (DESIGN.md §10.1; issue 16). Staff only: the guard refuses a CLIENTE every call
 * (STAFF_ONLY_RESOURCES). The work runs as a job (`import`); this module answers for it.
 */
export function importsModule(
  app: FastifyInstance,
  { db, kind }: Pick<Database, 'db' | 'kind'>,
  storage: DocumentStorage,
  options: ImportsOptions = {},
) {
  app.jobs.handle(IMPORT_JOB, importJobHandler(storage, options.batchRows ?? IMPORT_BATCH_ROWS[kind]));

  crudModule(app, db, {
    definition: importsResource,
    table: imports,
    columns: {
      id: imports.id,
      status: jobColumns.status,
      fileName: imports.fileName,
      companyId: imports.companyId,
      companyName: companies.name,
      dryRun: imports.dryRun,
      mapping: imports.mapping,
      totalRows: imports.totalRows,
      processedRows: imports.processedRows,
      created: { debtors: imports.createdDebtors, debts: imports.createdDebts },
      updatedDebtors: imports.updatedDebtors,
      unchanged: imports.unchanged,
      rejected: imports.rejected,
      warnings: imports.warnings,
      error: jobColumns.error,
      createdBy: imports.createdBy,
      createdByName: users.name,
      createdAt: imports.createdAt,
      startedAt: jobColumns.startedAt,
      finishedAt: jobColumns.finishedAt,
    },
    joins: [
      { table: jobs, on: eq(jobs.id, imports.jobId) },
      { table: companies, on: eq(companies.id, imports.companyId) },
      { table: users, on: eq(users.id, imports.createdBy) },
    ],
    sortable: { createdAt: [imports.createdAt, imports.id], id: imports.id },
    defaultSort: { column: [imports.createdAt, imports.id], order: 'desc' },
    search: [imports.fileName, companies.name],
    filters: {
      companyId: equals(imports.companyId),
      dryRun: equals(imports.dryRun),
      status: jobStatusIs,
    },
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = docsFor(importsResource.label);

  /** The company must exist and be active (a CLIENTE never gets here: the guard refuses it). */
  async function checkCompany(companyId: number) {
    const [company] = await db
      .select({ id: companies.id, active: companies.active })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw badRequest('companyId', IMPORT_MESSAGES.companyNotFound);
    if (!company.active) throw badRequest('companyId', IMPORT_MESSAGES.companyInactive);
  }

  api.post(
    '/api/imports',
    {
      schema: {
        ...docs,
        summary: 'Importar una cartera (multipart: file, companyId, mapping opcional, dryRun opcional)',
        consumes: ['multipart/form-data'],
        response: {
          202: z.object({ id: z.number().int(), status: z.literal('QUEUED') }),
          ...uploadErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { fields, file } = await receiveImportFile(request, storage, { scan: 'all', sampleRows: 0 });
      try {
        const companyId = requireCompanyId(fields.companyId);
        await checkCompany(companyId);
        const dryRun = parseDryRun(fields.dryRun);
        const mapping = chooseMapping(fields.mapping, file.headers);
        const id = await db.transaction(async (tx) => {
          const job = await enqueue(tx, IMPORT_JOB, {}, { createdBy: request.user.sub });
          const [created] = await tx
            .insert(imports)
            .values({
              jobId: job.id,
              companyId,
              fileName: file.fileName,
              kind: file.kind,
              storageKey: file.key,
              dryRun,
              mapping,
              headers: file.headers,
              totalRows: file.totalRows,
              createdBy: request.user.sub,
            })
            .returning({ id: imports.id });
          return created?.id ?? 0;
        });
        announce(IMPORT_JOB);
        void sweepEndedFiles(db, storage).catch((error) =>
          request.log.warn({ err: error }, 'limpieza de importaciones'),
        );
        return reply.code(202).send({ id, status: 'QUEUED' as const });
      } catch (error) {
        await storage.remove(file.key).catch(() => {});
        throw error;
      }
    },
  );

  api.post(
    '/api/imports/preview',
    {
      schema: {
        ...docs,
        summary:
          'Encabezados, primeras filas y asignación de columnas sugerida de un archivo (no importa nada)',
        consumes: ['multipart/form-data'],
        response: {
          200: importPreviewSchema,
          ...uploadErrorResponses,
        },
      },
    },
    async (request) => {
      const { fields, file } = await receiveImportFile(request, storage, {
        scan: 'sample',
        sampleRows: IMPORT_PREVIEW_ROWS,
      });
      await storage.remove(file.key).catch(() => {});
      const companyId = fields.companyId ? requireCompanyId(fields.companyId) : null;
      const last = companyId ? await lastMapping(db, companyId) : null;
      const reusable = last !== null && mappingProblemsForHeaders(last, file.headers).length === 0;
      return {
        ...previewOf(file),
        mapping: (reusable ? last : autoMapping(file.headers)) as Record<string, string>,
        mappingSource: reusable ? ('company' as const) : ('auto' as const),
      };
    },
  );

  api.get(
    '/api/imports/:id/errors',
    {
      schema: {
        ...docs,
        summary: 'Filas rechazadas y con advertencias, en Excel (Fila, columnas del archivo, Motivo)',
        params: idParamsSchema,
        produces: [XLSX_TYPE],
        response: { 200: z.unknown().describe('Planilla .xlsx'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const [record] = await db
        .select({ id: imports.id, headers: imports.headers })
        .from(imports)
        .where(eq(imports.id, request.params.id));
      if (!record) throw new HttpError(404, IMPORT_MESSAGES.notFound);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="importacion-${record.id}-errores.xlsx"`)
        .header('cache-control', 'private, no-store')
        .send(errorsFileStream(db, record.id, record.headers as string[], request.log));
    },
  );

  api.delete(
    '/api/imports/:id',
    {
      schema: {
        ...docs,
        summary: 'Cancelar una importación en espera o en curso',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const [record] = await db
        .select({ jobId: imports.jobId })
        .from(imports)
        .where(eq(imports.id, request.params.id));
      if (!record) throw new HttpError(404, IMPORT_MESSAGES.notFound);
      if (!(await cancel(db, record.jobId))) throw conflict(IMPORT_MESSAGES.notCancellable);
      return reply.code(204).send(null);
    },
  );
}

function parseDryRun(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest('dryRun', 'Debe ser true o false.');
}

/** The mapping sent (checked against the file's headers), or the automatic one. */
function chooseMapping(sent: string | undefined, headers: string[]): ImportMapping {
  if (sent === undefined || sent.trim() === '') {
    const mapping = autoMapping(headers);
    const problems = mappingProblemsForHeaders(mapping, headers);
    if (problems.length > 0) {
      // Like a sent mapping's problems: the reason is the message the import screen shows.
      const message = IMPORT_MESSAGES.autoMappingFailed(problems);
      throw new HttpError(400, message, { mapping: [message] });
    }
    return mapping;
  }
  const parsed = importMappingJsonSchema.safeParse(sent);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => issue.message);
    throw new HttpError(400, messages.join(' '), { mapping: messages });
  }
  const mapping = parsed.data as ImportMapping;
  const problems = mappingProblemsForHeaders(mapping, headers);
  if (problems.length > 0) throw new HttpError(400, problems.join(' '), { mapping: problems });
  return mapping;
}

/** The mapping of the company's latest import, offered again in the mapping step. */
async function lastMapping(db: Db, companyId: number): Promise<ImportMapping | null> {
  const [last] = await db
    .select({ mapping: imports.mapping })
    .from(imports)
    .where(eq(imports.companyId, companyId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(1);
  return (last?.mapping as ImportMapping | undefined) ?? null;
}

/**
 * Uploaded files of imports that ended without finishing (failed, cancelled): their rows are no
 * longer needed. A finished import removes its own.
 */
async function sweepEndedFiles(db: Db, storage: DocumentStorage) {
  const ended = await db
    .select({ id: imports.id, key: imports.storageKey })
    .from(imports)
    .innerJoin(jobs, eq(jobs.id, imports.jobId))
    .where(and(isNotNull(imports.storageKey), inArray(jobs.status, ['done', 'failed', 'cancelled'])))
    .limit(100);
  for (const { id, key } of ended) {
    if (key) await storage.remove(key);
    await db.update(imports).set({ storageKey: null }).where(eq(imports.id, id));
  }
}
