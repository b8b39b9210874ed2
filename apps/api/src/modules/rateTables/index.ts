import {
  idParamsSchema,
  MESSAGES,
  RATE_IMPORT_MAX_BYTES,
  RATE_TABLE_MAX_ENTRIES,
  type RateImportResult,
  type RateTableEntry,
  rateImportResultSchema,
  rateTablesResource,
} from '@cobranzas/shared';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type CrudHooks,
  crudModule,
  docsFor,
  type HookContext,
  uploadErrorResponses,
  writeAudit,
} from '../../crud';
import type { Executor } from '../../crud/types';
import type { Db } from '../../db/client';
import { rateTableEntries, rateTables } from '../../db/schema';
import { badRequest, HttpError } from '../../errors';
import type { DocumentStorage } from '../../storage';
import { receiveUpload } from '../../uploads';
import { parseRatesCsv, RateCsvError } from './csv';

/** Rows per INSERT: three parameters each, well under PostgreSQL's 65 535. */
const INSERT_CHUNK = 2000;

/** A table's entries in date order, as the item carries them. */
async function entriesOf(db: Executor, rateTableId: number): Promise<RateTableEntry[]> {
  return db
    .select({ from: rateTableEntries.from, annualRate: rateTableEntries.annualRate })
    .from(rateTableEntries)
    .where(eq(rateTableEntries.rateTableId, rateTableId))
    .orderBy(asc(rateTableEntries.from));
}

/** Inserts entries, or replaces the rate of a date the table already has. */
async function upsertEntries(db: Executor, rateTableId: number, entries: RateTableEntry[]) {
  for (let start = 0; start < entries.length; start += INSERT_CHUNK)
    await db
      .insert(rateTableEntries)
      .values(entries.slice(start, start + INSERT_CHUNK).map((entry) => ({ rateTableId, ...entry })))
      .onConflictDoUpdate({
        target: [rateTableEntries.rateTableId, rateTableEntries.from],
        set: { annualRate: sql`excluded.annual_rate` },
      });
}

/**
 * The entries are not columns of the row the generic audit keeps: their change gets its own entry,
 * with only the rates that changed (before: removed or replaced; after: added or replacing), so a
 * long history imported again costs a few lines, not two copies of it.
 */
async function auditEntries(
  ctx: HookContext,
  rateTableId: number,
  before: RateTableEntry[],
  after: RateTableEntry[],
) {
  const rateOn = (entries: RateTableEntry[]) =>
    new Map(entries.map((entry) => [entry.from, entry.annualRate]));
  const [was, is] = [rateOn(before), rateOn(after)];
  const removed = before.filter((entry) => is.get(entry.from) !== entry.annualRate);
  const added = after.filter((entry) => was.get(entry.from) !== entry.annualRate);
  if (removed.length === 0 && added.length === 0) return;
  await writeAudit(ctx.db, ctx.user, {
    action: 'update',
    resource: rateTablesResource.path,
    recordId: rateTableId,
    before: { entries: removed },
    after: { entries: added },
  });
}

/**
 * The body's `entries` (already valid, sorted and without repeated dates), from the before-hook to
 * the after-write of the same transaction, where the table's id is known: they replace every entry.
 */
function entriesHooks(): CrudHooks<typeof rateTablesResource, typeof rateTables> {
  const pending = new WeakMap<HookContext, RateTableEntry[]>();
  const take = <I extends { entries?: RateTableEntry[] | undefined }>(
    { entries, ...rest }: I,
    ctx: HookContext,
  ) => {
    if (entries !== undefined) pending.set(ctx, entries);
    return rest;
  };
  return {
    beforeCreate: (input, ctx) => take(input, ctx),
    beforeUpdate: (input, _current, ctx) => take(input, ctx),
    async afterWrite(change, ctx) {
      const entries = pending.get(ctx);
      if (!entries || !change.after) return;
      const rateTableId = change.after.id;
      const before = change.before ? await entriesOf(ctx.db, rateTableId) : [];
      await ctx.db.delete(rateTableEntries).where(eq(rateTableEntries.rateTableId, rateTableId));
      await upsertEntries(ctx.db, rateTableId, entries);
      await auditEntries(ctx, rateTableId, before, entries);
    },
  };
}

/** Reads the whole (≤ 1 MB) stored upload as text. */
async function readText(storage: DocumentStorage, key: string): Promise<string> {
  const stream = await storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function rateTablesModule(app: FastifyInstance, db: Db, storage: DocumentStorage) {
  const service = crudModule(app, db, {
    definition: rateTablesResource,
    table: rateTables,
    columns: {
      ...getTableColumns(rateTables),
      // Qualified by hand: Drizzle writes a lone table's columns unqualified, and `id` would be e's.
      entries: sql<RateTableEntry[]>`coalesce((select json_agg(json_build_object(
          'from', to_char(e."from", 'YYYY-MM-DD'), 'annualRate', e.annual_rate::text) order by e."from")
        from rate_table_entries e where e.rate_table_id = "rate_tables"."id"), '[]'::json)`.mapWith(
        (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value),
      ),
    },
    sortable: { name: rateTables.name, id: rateTables.id, createdAt: rateTables.createdAt },
    search: [rateTables.name, rateTables.description],
    unique: { rate_tables_name_unique: { field: 'name', message: MESSAGES.rateTableNameTaken } },
    inUse: MESSAGES.rateTableInUse,
    hooks: entriesHooks(),
  });

  /**
   * POST /api/rate-tables/{id}/import: merges a CSV `fecha;tasa` into the table's entries (a date it
   * already has takes the file's rate), in one transaction. A file without a single valid line is a
   * 400 that changes nothing.
   */
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/rate-tables/:id/import',
    {
      schema: {
        ...docsFor(rateTablesResource.label),
        summary: 'Importar tasas de un CSV «fecha;tasa» (multipart: file)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: rateImportResultSchema, ...uploadErrorResponses },
      },
    },
    async (request): Promise<RateImportResult> => {
      // Parsed inside inspect: under the process's gate for untrusted reads (fileReads.ts).
      const { stored } = await receiveUpload(request, storage, {
        maxBytes: RATE_IMPORT_MAX_BYTES,
        tooLargeMessage: MESSAGES.rateImportTooLarge,
        keyPrefix: 'rate-imports',
        async inspect(upload, files) {
          if (!upload.isText) throw badRequest('file', MESSAGES.rateImportNotText);
          try {
            return { parsed: parseRatesCsv(await readText(files, upload.key)) };
          } catch (error) {
            if (error instanceof RateCsvError) throw badRequest('file', error.message);
            throw error;
          }
        },
      });
      await storage.remove(stored.key).catch(() => {});
      const { parsed } = stored;
      const { entries, rejected } = parsed;
      const id = request.params.id;
      const result = await db.transaction(async (tx) => {
        // 404 for a table that does not exist; locked so two imports merge one after the other.
        await service.lockRow(tx, id, request.user);
        if (entries.length === 0)
          throw new HttpError(400, MESSAGES.rateImportNothingValid, {
            file: [
              MESSAGES.rateImportNothingValid,
              ...rejected.slice(0, 20).map(({ line, reason }) => `Línea ${line}: ${reason}`),
            ],
          });
        const before = await entriesOf(tx, id);
        const known = new Set(before.map((entry) => entry.from));
        const created = entries.filter((entry) => !known.has(entry.from)).length;
        await upsertEntries(
          tx,
          id,
          entries.map(({ from, annualRate }) => ({ from, annualRate })),
        );
        const after = await entriesOf(tx, id);
        // The same limit as a PATCH's entries, so the table can still be saved from its form.
        if (after.length > RATE_TABLE_MAX_ENTRIES)
          throw badRequest('file', MESSAGES.rateTableTooManyEntries(RATE_TABLE_MAX_ENTRIES));
        await tx.update(rateTables).set({ updatedAt: new Date() }).where(eq(rateTables.id, id));
        await auditEntries({ db: tx, user: request.user }, id, before, after);
        return { created, updated: entries.length - created, rejected };
      });
      app.writes.emit('committed', rateTablesResource.path);
      return result;
    },
  );
}
