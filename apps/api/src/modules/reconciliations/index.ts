import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import {
  approveLinesCall,
  type ColumnMapping,
  IMPORT_MAX_BYTES,
  IMPORT_PREVIEW_ROWS,
  idParamsSchema,
  ignoreLineCall,
  importPreviewSchema,
  RECONCILIATION_MESSAGES as M,
  MERCADOPAGO_COLUMNS,
  postLineCall,
  profileProblems,
  reconciliationLinesCall,
  reconciliationProfilesResource,
  reconciliationsResource,
  restoreLineCall,
  STATEMENT_FIELD_KEYS,
  type StatementField,
  statementMapper,
  unpostLineCall,
} from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  crudModule,
  docsFor,
  equals,
  errorResponses,
  routeCall,
  uploadErrorResponses,
  writeAudit,
} from '../../crud';
import type { Db } from '../../db/client';
import { jobs, reconciliationProfiles, reconciliations, users } from '../../db/schema';
import { badRequest, HttpError } from '../../errors';
import { fileReads } from '../../fileReads';
import { announce, enqueue } from '../../jobs';
import { jobColumns, jobStatusIs } from '../../jobs/columns';
import { XLSX_TYPE } from '../../reports';
import { type DocumentStorage, withLocalFile } from '../../storage';
import { receiveUpload } from '../../uploads';
import { DEFAULT_READ_LIMITS, FILE_ERRORS } from '../imports/parse/errors';
import { scanFile } from '../imports/parse/inWorker';
import {
  cleanName,
  fileRefusal,
  kindOf,
  previewOf,
  receiveImportFile,
  UPLOAD_MESSAGES,
} from '../imports/upload';
import { pendingFileStream } from './export';
import { RECONCILIATION_BATCH_ROWS, RECONCILIATION_JOB, reconciliationJobHandler } from './job';
import { listLines, readLine } from './lines';
import { approvableLines, ignoreLine, postLine, restoreLine, unpostLine } from './post';
import { MERCADOPAGO_MISSING } from './read';

const countOf = (statuses: string[]) =>
  sql<number>`(SELECT count(*)::int FROM reconciliation_lines l WHERE l.reconciliation_id = ${reconciliations.id}
    AND l.status IN (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )}))`.mapWith(Number);

export interface ReconciliationsOptions {
  batchRows?: number;
}

/**
 * Money in (DESIGN.md §11.4; issue 35). ADMIN only: the guard refuses everyone else every call
 * (ADMIN_ONLY_RESOURCES). Profiles are a plain resource; a file is uploaded, read and matched by a
 * job (`reconciliation`); its lines are reviewed and posted by the calls below.
 */
export function reconciliationsModule(
  app: FastifyInstance,
  db: Db,
  storage: DocumentStorage,
  options: ReconciliationsOptions = {},
) {
  app.jobs.handle(
    RECONCILIATION_JOB,
    reconciliationJobHandler(storage, options.batchRows ?? RECONCILIATION_BATCH_ROWS),
  );

  crudModule(app, db, {
    definition: reconciliationProfilesResource,
    table: reconciliationProfiles,
    sortable: { name: reconciliationProfiles.name, id: reconciliationProfiles.id },
    defaultSort: { column: reconciliationProfiles.name, order: 'asc' },
    search: [reconciliationProfiles.name],
    filters: { source: equals(reconciliationProfiles.source), active: equals(reconciliationProfiles.active) },
    hooks: {
      beforeUpdate(input, current) {
        const merged = { ...current, ...input } as Parameters<typeof profileProblems>[0];
        const [problem] = profileProblems(merged);
        if (problem) throw badRequest(problem.field, problem.message);
        return input;
      },
    },
  });

  crudModule(app, db, {
    definition: reconciliationsResource,
    table: reconciliations,
    columns: {
      id: reconciliations.id,
      status: jobColumns.status,
      fileName: reconciliations.fileName,
      profileId: reconciliations.profileId,
      profileName: reconciliationProfiles.name,
      source: reconciliationProfiles.source,
      processedRows: reconciliations.processedRows,
      totalRows: reconciliations.totalRows,
      skippedRows: reconciliations.skippedRows,
      rejectedRows: reconciliations.rejectedRows,
      problems: reconciliations.problems,
      counts: {
        posted: countOf(['CONCILIADA', 'YA_CONCILIADA']),
        toReview: countOf(['A_REVISAR']),
        unmatched: countOf(['SIN_COINCIDENCIA']),
        ignored: countOf(['IGNORADA']),
      },
      error: jobColumns.error,
      createdBy: reconciliations.createdBy,
      createdByName: users.name,
      createdAt: reconciliations.createdAt,
      finishedAt: jobColumns.finishedAt,
    },
    joins: [
      { table: jobs, on: eq(jobs.id, reconciliations.jobId) },
      { table: reconciliationProfiles, on: eq(reconciliationProfiles.id, reconciliations.profileId) },
      { table: users, on: eq(users.id, reconciliations.createdBy) },
    ],
    sortable: { createdAt: [reconciliations.createdAt, reconciliations.id], id: reconciliations.id },
    defaultSort: { column: [reconciliations.createdAt, reconciliations.id], order: 'desc' },
    search: [reconciliations.fileName],
    filters: {
      profileId: equals(reconciliations.profileId),
      status: jobStatusIs,
    },
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = docsFor(reconciliationsResource.label);

  async function activeProfile(value: string | undefined) {
    const id = value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(id) || id > 2_147_483_647)
      throw badRequest('profileId', 'Elija el perfil del archivo.');
    const [profile] = await db.select().from(reconciliationProfiles).where(eq(reconciliationProfiles.id, id));
    if (!profile) throw badRequest('profileId', M.profileNotFound);
    if (!profile.active) throw badRequest('profileId', M.profileInactive);
    return profile;
  }

  /** Reads the whole file once before anything is queued: a file the profile cannot read is a 4xx. */
  async function scan(
    profile: typeof reconciliationProfiles.$inferSelect,
    key: string,
    kind: 'xlsx' | 'csv',
  ) {
    return fileReads.run(() =>
      withLocalFile(storage, key, async (path) => {
        if (profile.layout === 'ANCHO_FIJO') {
          if (kind === 'xlsx') throw badRequest('file', M.fixedNeedsText);
          let rows = 0;
          for await (const line of createInterface({
            input: createReadStream(path, { encoding: 'latin1' }),
          })) {
            // Blank lines are no rows (the job skips them without counting them).
            if (line.trim() !== '' && ++rows > DEFAULT_READ_LIMITS.maxRows)
              throw fileRefusal(FILE_ERRORS.tooManyRows(DEFAULT_READ_LIMITS.maxRows));
          }
          return { headers: [] as string[], totalRows: rows };
        }
        const read = await scanFile(path, kind, { sampleRows: 0, all: true }).catch((error) => {
          throw fileRefusal(error);
        });
        const wanted =
          profile.source === 'MERCADOPAGO'
            ? Object.values(MERCADOPAGO_COLUMNS)
            : STATEMENT_FIELD_KEYS.flatMap(
                (field) => (profile.mapping as ColumnMapping<StatementField> | null)?.[field] ?? [],
              );
        const missing = wanted.filter((header) => header && !read.headers.includes(header));
        if (missing.length > 0) {
          const message =
            profile.source === 'MERCADOPAGO'
              ? MERCADOPAGO_MISSING(missing)
              : `El archivo no tiene las columnas del perfil «${profile.name}»: ${missing.map((h) => `«${h}»`).join(', ')}.`;
          throw new HttpError(400, message, { file: [message] });
        }
        return { headers: read.headers, totalRows: read.totalRows };
      }),
    );
  }

  api.post(
    '/api/reconciliations',
    {
      schema: {
        ...docs,
        summary:
          'Subir un extracto, un reporte de Mercado Pago o un archivo de cobranzas (multipart: file, profileId)',
        consumes: ['multipart/form-data'],
        response: {
          202: z.object({ id: z.number().int(), status: z.literal('QUEUED') }),
          ...uploadErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { fields, stored } = await receiveUpload(request, storage, {
        maxBytes: IMPORT_MAX_BYTES,
        tooLargeMessage: UPLOAD_MESSAGES.tooLarge,
        keyPrefix: 'reconciliations',
        inspect: (upload) =>
          withLocalFile(storage, upload.key, async (path) => ({
            kind: await kindOf(upload, path),
            fileName: cleanName(upload.clientName),
          })),
      });
      try {
        const profile = await activeProfile(fields.profileId);
        const read = await scan(profile, stored.key, stored.kind);
        const id = await db.transaction(async (tx) => {
          const job = await enqueue(tx, RECONCILIATION_JOB, {}, { createdBy: request.user.sub });
          const [created] = await tx
            .insert(reconciliations)
            .values({
              jobId: job.id,
              profileId: profile.id,
              fileName: stored.fileName,
              kind: stored.kind,
              storageKey: stored.key,
              headers: read.headers,
              totalRows: read.totalRows,
              createdBy: request.user.sub,
            })
            .returning();
          if (!created) throw new Error('insert returned no row');
          await writeAudit(tx, request.user, {
            action: 'create',
            resource: 'reconciliations',
            recordId: created.id,
            before: null,
            after: { fileName: created.fileName, profileId: profile.id, totalRows: created.totalRows },
          });
          return created.id;
        });
        announce(RECONCILIATION_JOB);
        return reply.code(202).send({ id, status: 'QUEUED' as const });
      } catch (error) {
        await storage.remove(stored.key).catch(() => {});
        throw error;
      }
    },
  );

  api.post(
    '/api/reconciliations/preview',
    {
      schema: {
        ...docs,
        summary:
          'Encabezados, primeras filas y asignación de columnas sugerida de un extracto (no guarda nada)',
        consumes: ['multipart/form-data'],
        response: { 200: importPreviewSchema, ...uploadErrorResponses },
      },
    },
    async (request) => {
      const { file } = await receiveImportFile(request, storage, {
        scan: 'sample',
        sampleRows: IMPORT_PREVIEW_ROWS,
      });
      await storage.remove(file.key).catch(() => {});
      return {
        ...previewOf(file),
        mapping: statementMapper.autoMapping(file.headers) as Record<string, string>,
        mappingSource: 'auto' as const,
      };
    },
  );

  async function fileExists(id: number) {
    const [found] = await db
      .select({ id: reconciliations.id })
      .from(reconciliations)
      .where(eq(reconciliations.id, id));
    if (!found) throw new HttpError(404, M.notFound);
  }
  const answerLine = async (lineId: number) => {
    const line = await readLine(db, lineId);
    if (!line) throw new HttpError(404, M.lineNotFound);
    return line;
  };

  routeCall(app, reconciliationLinesCall, {}, async (request) => {
    await fileExists(request.params.id);
    return listLines(db, request.params.id, request.query);
  });

  routeCall(app, approveLinesCall, {}, async (request) => {
    await fileExists(request.params.id);
    const lines = await approvableLines(
      db,
      request.params.id,
      request.body.confidences,
      request.body.lineIds,
    );
    let posted = 0;
    const failed: { lineId: number; message: string }[] = [];
    for (const line of lines) {
      const body =
        line.existing_kind && line.existing_id !== null
          ? { existing: { kind: line.existing_kind, id: line.existing_id } }
          : { parts: [{ debtId: line.debt_id, amount: line.amount }] };
      try {
        await postLine(db, request.user, request.params.id, line.id, body);
        posted++;
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        failed.push({ lineId: line.id, message: error.message });
      }
    }
    return { posted, failed };
  });

  routeCall(app, postLineCall, {}, async (request) => {
    await postLine(db, request.user, request.params.id, request.params.lineId, request.body);
    return answerLine(request.params.lineId);
  });

  routeCall(app, ignoreLineCall, {}, async (request) => {
    await ignoreLine(db, request.user, request.params.id, request.params.lineId, request.body.note ?? null);
    return answerLine(request.params.lineId);
  });

  routeCall(app, restoreLineCall, {}, async (request) => {
    await restoreLine(db, request.user, request.params.id, request.params.lineId);
    return answerLine(request.params.lineId);
  });

  routeCall(app, unpostLineCall, {}, async (request) => {
    await unpostLine(db, request.user, request.params.id, request.params.lineId, request.body.reason);
    return answerLine(request.params.lineId);
  });

  api.get(
    '/api/reconciliations/:id/pending',
    {
      schema: {
        ...docs,
        summary: 'Lo que falta conciliar (a revisar y sin coincidencia), en Excel',
        params: idParamsSchema,
        produces: [XLSX_TYPE],
        response: { 200: z.unknown().describe('Planilla .xlsx'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await fileExists(request.params.id);
      return reply
        .header('content-type', XLSX_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="conciliacion-${request.params.id}-pendientes.xlsx"`,
        )
        .header('cache-control', 'private, no-store')
        .send(pendingFileStream(db, request.params.id, request.log));
    },
  );
}
