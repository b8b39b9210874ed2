/**
 * The import's background work (DESIGN.md §10.1), run by the job runner: the stored file is read
 * again and its rows validated on a worker thread (parse/inWorker.ts), and applied here in batches. Each batch commits its debtors, debts, remarks, counters
 * and checkpoint together, so a process killed mid-import leaves whole batches only, and the retry
 * (the runner's, after the heartbeat goes stale) starts right after the last committed one.
 */
import type { ImportMapping } from '@cobranzas/shared';
import { foldText } from '@cobranzas/shared/imports';
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from '../../crud/audit';
import type { Db } from '../../db/client';
import { collectionTypes, type ImportRecord, importIssues, imports, users } from '../../db/schema';
import { pgErrorOf } from '../../errors';
import { withLongWorkHeapGrowth } from '../../heapGrowth';
import { type JobContext, JobFailure, type JobHandler } from '../../jobs';
import { type DocumentStorage, withLocalFile } from '../../storage';
import { applyBatch, type BatchRow, ImportMemory, recordProgress, zeroCounts } from './apply';
import { ImportFileError } from './parse/errors';
import { batchesOf } from './parse/inWorker';
import type { ImportKind } from './parse/rows';

export const IMPORT_JOB = 'import';

/** A batch that met a concurrent write (unique violation, deadlock, serialization) is retried. */
const RETRYABLE = new Set(['23505', '40P01', '40001']);
const BATCH_RETRIES = 5;

/**
 * Rows per batch: one transaction each. On PostgreSQL, larger batches spread each batch's fixed
 * statements (lock, lookups, progress, commit) over more rows; PGlite has one connection, and every
 * other request waits for the batch in course, so its batches stay short (issue 38's bench: at 2 000
 * rows a read during the import waited up to 0,7 s).
 */
export const IMPORT_BATCH_ROWS = { postgres: 2000, pglite: 500 } as const;

/**
 * From how many rows still to write an import starts with a full collection (heapGrowth.ts): below it
 * the garbage is a few MB, and a collection costs tens of milliseconds of the thread that answers.
 */
export const COLLECT_FIRST_FROM_ROWS = 10_000;

export const JOB_MESSAGES = {
  missing: 'La importación ya no existe.',
  fileGone: 'El archivo de la importación ya no está disponible: vuelva a subirlo.',
};

/**
 * Both the lock that keeps two imports of one company from creating the same reference twice
 * (each batch holds it until it commits) and the namespace of that advisory lock.
 */
const IMPORT_LOCK_SPACE = 16_016;
export const lockCompanyImports = (db: Db, companyId: number) =>
  db.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK_SPACE}::int, ${companyId}::int)`);

async function collectionTypesByName(db: Db) {
  const rows = await db
    .select({ id: collectionTypes.id, name: collectionTypes.name, years: collectionTypes.prescriptionYears })
    .from(collectionTypes);
  return new Map(rows.map(({ name, ...type }) => [foldText(name), type]));
}

export function importJobHandler(storage: DocumentStorage, batchRows: number): JobHandler {
  return async (job, context) => {
    const { db } = context;
    const [record] = await db.select().from(imports).where(eq(imports.jobId, job.id));
    if (!record) throw new JobFailure(JOB_MESSAGES.missing);
    if (!record.storageKey) {
      // finish() committed, then the process stopped before the runner recorded the end.
      if (record.totalRows !== null && record.processedRows >= record.totalRows) return summary(record);
      throw new JobFailure(JOB_MESSAGES.fileGone);
    }

    // A dry run keeps what it would create in memory: a new attempt starts it over.
    let skip = record.processedRows;
    if (record.dryRun && skip > 0) {
      await db.transaction(async (tx) => {
        await tx.delete(importIssues).where(eq(importIssues.importId, record.id));
        await tx
          .update(imports)
          .set({ processedRows: 0, ...zeroCounts() })
          .where(eq(imports.id, record.id));
      });
      skip = 0;
    }
    const memory = new ImportMemory(
      record.id,
      record.companyId,
      record.dryRun,
      await collectionTypesByName(db),
    );

    const key = record.storageKey;
    // Each batch's rows outlive its writes: V8's own heap growth kept ≈ 200 MB of them (heapGrowth.ts).
    const collectFirst = (record.totalRows ?? 0) - skip >= COLLECT_FIRST_FROM_ROWS;
    await withLongWorkHeapGrowth(
      () =>
        withLocalFile(storage, key, async (path) => {
          const batches = batchesOf(path, record.kind as ImportKind, {
            mapping: record.mapping as ImportMapping,
            headers: record.headers as string[],
            skip,
            batchRows,
          });
          for await (const batch of batches)
            await runBatch(db, memory, batch.rows, batch.processedRows, context);
        }),
      { collectFirst },
    ).catch(failOnFileError);
    return finish(db, storage, record, job.createdBy);
  };
}

function failOnFileError(error: unknown): never {
  if (error instanceof ImportFileError) throw new JobFailure(error.message);
  if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') throw new JobFailure(JOB_MESSAGES.fileGone);
  throw error;
}

async function runBatch(
  db: Db,
  memory: ImportMemory,
  batch: BatchRow[],
  processedRows: number,
  { signal, progress, hold }: JobContext,
) {
  if (signal.aborted) throw signal.reason;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        // A cancel during the batch waits for its commit, or the batch sees it and rolls back.
        await hold(tx);
        if (!memory.dryRun) await lockCompanyImports(tx, memory.companyId);
        const counts = await applyBatch(tx, memory, batch);
        await recordProgress(tx, memory.importId, counts, processedRows);
      });
      break;
    } catch (error) {
      // Debtors are shared by every company: another import, or a user, may have just created one
      // of this batch's. Read again and retry the batch, which then finds it.
      const code = pgErrorOf(error)?.code;
      if (attempt >= BATCH_RETRIES || !code || !RETRYABLE.has(code)) throw error;
    }
  }
  // The heartbeat, and where a cancel is noticed (it throws JobStopped).
  await progress({ processedRows });
}

/** The audit entry of a real import, and the uploaded file removed: the rows are all in the tables. */
async function finish(db: Db, storage: DocumentStorage, record: ImportRecord, userId: number | null) {
  const result = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(imports)
      .set({ storageKey: null })
      .where(eq(imports.id, record.id))
      .returning();
    if (!record.dryRun && done && userId !== null)
      await writeAudit(tx, await auditUser(tx, userId), {
        action: 'create',
        resource: 'imports',
        recordId: record.id,
        before: null,
        after: {
          fileName: done.fileName,
          companyId: done.companyId,
          totalRows: done.totalRows,
          created: { debtors: done.createdDebtors, debts: done.createdDebts },
          updatedDebtors: done.updatedDebtors,
          unchanged: done.unchanged,
          rejected: done.rejected,
          warnings: done.warnings,
        },
      });
    return done;
  });
  if (record.storageKey) await storage.remove(record.storageKey).catch(() => {});
  // Fresh statistics for the planner after a bulk load: PGlite has no autovacuum, and PostgreSQL's
  // may come minutes later; a dry run changed nothing.
  if (!record.dryRun) await db.execute(sql`ANALYZE debtors, debts`);
  return result ? summary(result) : null;
}

/** The job's result: the import's counts as §10.1 names them. */
const summary = (record: ImportRecord) => ({
  created: { debtors: record.createdDebtors, debts: record.createdDebts },
  updatedDebtors: record.updatedDebtors,
  unchanged: record.unchanged,
  rejected: record.rejected,
  warnings: record.warnings,
});

/** Who asked for the import, as the audit row names them (the runner has no request). */
async function auditUser(db: Db, userId: number) {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return { sub: userId, name: user?.name ?? '' };
}
