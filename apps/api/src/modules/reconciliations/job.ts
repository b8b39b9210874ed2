/**
 * A statement's background work (DESIGN.md §11.4), run by the job runner: the stored file is read
 * once more, its lines written in batches (each batch commits its lines and the checkpoint together,
 * so a process killed mid-file resumes after the last committed batch), then every line is matched
 * in one transaction (matching is idempotent: a retry starts it over).
 */
import { createHash } from 'node:crypto';
import { type LineClues, lineClues, type ReconciliationProfile } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reconciliationLines, reconciliationProfiles, reconciliations } from '../../db/schema';
import { type JobContext, JobFailure, type JobHandler } from '../../jobs';
import { type DocumentStorage, withLocalFile } from '../../storage';
import { ImportFileError } from '../imports/parse/errors';
import { matchReconciliation } from './match';
import { type StatementKind, type StatementLine, statementLines } from './read';

export const RECONCILIATION_JOB = 'reconciliation';
export const RECONCILIATION_BATCH_ROWS = 1000;
/** Reasons of rejected rows kept for the screen (the count has them all). */
const MAX_PROBLEMS = 100;

export const RECONCILIATION_JOB_MESSAGES = {
  missing: 'La conciliación ya no existe.',
  fileGone: 'El archivo ya no está disponible: vuelva a subirlo.',
};

/** The folded words of a name (as search_fold folds them in SQL): letters only, three or more. */
export function nameWords(text: string): string[] {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3 && /^[a-z]+$/.test(word));
  return [...new Set(words)];
}

/** The text the clues are read from: never the bank's own transaction number (it looks like a DNI). */
const clueText = (line: StatementLine) =>
  [line.description, line.reference, line.payerName, line.payerId].filter(Boolean).join(' ');

/**
 * The movement's identity across files, within its profile: Mercado Pago's payment id; the bank's
 * transaction id; else a fingerprint of the day, the amount and the whole row's text (whatever the
 * profile maps). Either is numbered by its repetition in the file: two equal transfers on one day, or
 * an id a bank repeats, are two movements, and a re-upload numbers them alike.
 */
function movementKey(
  profile: Pick<ReconciliationProfile, 'id' | 'source'>,
  line: StatementLine,
  seen: Map<string, number>,
): string {
  const repeated = (base: string) => {
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return occurrence === 1 ? '' : `#${occurrence}`;
  };
  if (line.transactionId) {
    const scope = profile.source === 'MERCADOPAGO' ? 'mp' : `${profile.id}:t`;
    const base = `${scope}:${line.transactionId}`;
    const key = `${base}${repeated(base)}`;
    // The key's column holds 120 characters: a longer id is kept by its hash.
    return key.length <= 120 ? key : `${scope}:h:${createHash('sha256').update(key).digest('hex')}`;
  }
  const base = [line.date, line.amount, line.raw].join('|');
  const suffix = repeated(base);
  return `${profile.id}:f:${createHash('sha256').update(`${base}${suffix}`).digest('hex')}`;
}

interface PendingLine {
  line: StatementLine;
  key: string;
  clues: LineClues;
  names: string[];
}

async function writeBatch(
  tx: Db,
  reconciliationId: number,
  batch: PendingLine[],
  counts: { processed: number; skipped: number; rejected: number; problems: string[] },
) {
  if (batch.length > 0) {
    const col = reconciliationLines;
    const of = <T>(pick: (p: PendingLine) => T) => batch.map(pick) as never[];
    // Array columns travel as JSON texts of arrays and are cast back (unnest cannot take text[][]).
    await tx.execute(sql`
      WITH input AS (
        SELECT * FROM unnest(${sql.param(of((p) => p.line.rowNumber))}::int[],
          ${sql.param(of((p) => p.line.date))}::date[], ${sql.param(of((p) => p.line.amount))}::numeric[],
          ${sql.param(of((p) => p.line.description))}::text[], ${sql.param(of((p) => p.line.reference))}::text[],
          ${sql.param(of((p) => p.line.payerName))}::text[], ${sql.param(of((p) => p.line.payerId))}::text[],
          ${sql.param(of((p) => p.line.transactionId))}::text[], ${sql.param(of((p) => p.key))}::text[],
          ${sql.param(of((p) => JSON.stringify(p.clues.intentReferences)))}::text[],
          ${sql.param(of((p) => JSON.stringify(p.clues.cuits)))}::text[],
          ${sql.param(of((p) => JSON.stringify(p.clues.dnis)))}::text[],
          ${sql.param(of((p) => JSON.stringify(p.clues.references)))}::text[],
          ${sql.param(of((p) => JSON.stringify(p.names)))}::text[])
          AS t(row_number, date, amount, description, reference, payer_name, payer_id, transaction_id,
            movement_key, intent_refs, cuits, dnis, refs, name_words))
      INSERT INTO ${col} (reconciliation_id, row_number, date, amount, description, reference, payer_name,
        payer_id, transaction_id, movement_key, intent_refs, cuits, dnis, refs, name_words)
      SELECT ${reconciliationId}::int, row_number, date, amount, description, reference, payer_name, payer_id,
        transaction_id, movement_key,
        ARRAY(SELECT jsonb_array_elements_text(intent_refs::jsonb)), ARRAY(SELECT jsonb_array_elements_text(cuits::jsonb)),
        ARRAY(SELECT jsonb_array_elements_text(dnis::jsonb)), ARRAY(SELECT jsonb_array_elements_text(refs::jsonb)),
        ARRAY(SELECT jsonb_array_elements_text(name_words::jsonb))
      FROM input
      ON CONFLICT (reconciliation_id, row_number) DO NOTHING`);
  }
  await tx
    .update(reconciliations)
    .set({
      processedRows: counts.processed,
      skippedRows: counts.skipped,
      rejectedRows: counts.rejected,
      problems: counts.problems,
      updatedAt: new Date(),
    })
    .where(eq(reconciliations.id, reconciliationId));
}

export function reconciliationJobHandler(
  storage: DocumentStorage,
  batchRows = RECONCILIATION_BATCH_ROWS,
): JobHandler {
  return async (job, context) => {
    const { db } = context;
    const [record] = await db.select().from(reconciliations).where(eq(reconciliations.jobId, job.id));
    if (!record) throw new JobFailure(RECONCILIATION_JOB_MESSAGES.missing);
    const [profile] = await db
      .select()
      .from(reconciliationProfiles)
      .where(eq(reconciliationProfiles.id, record.profileId));
    if (!profile) throw new JobFailure(RECONCILIATION_JOB_MESSAGES.missing);

    if (record.storageKey) {
      const counts = {
        processed: 0,
        skipped: 0,
        rejected: 0,
        problems: [] as string[],
      };
      const resumeAfter = record.processedRows;
      const key = record.storageKey;
      await withLocalFile(storage, key, async (path) => {
        const seen = new Map<string, number>();
        let batch: PendingLine[] = [];
        const flush = async () => {
          await commitBatch(db, record.id, batch, counts, context);
          batch = [];
        };
        for await (const read of statementLines(path, record.kind as StatementKind, profile)) {
          counts.processed++;
          // Every row is read again (the fingerprints count repetitions from the top); only new ones are written.
          if (read.kind === 'skip') counts.skipped++;
          else if (read.kind === 'error') {
            counts.rejected++;
            if (counts.problems.length < MAX_PROBLEMS) counts.problems.push(read.message);
          } else {
            const key = movementKey(profile, read.line, seen);
            if (counts.processed > resumeAfter)
              batch.push({
                line: read.line,
                key,
                clues: lineClues(clueText(read.line)),
                names: nameWords([read.line.payerName, read.line.description].filter(Boolean).join(' ')),
              });
          }
          if (counts.processed > resumeAfter && counts.processed % batchRows === 0) await flush();
        }
        await flush();
      }).catch(failOnFileError);
      // Only the runner that holds the job lets go of the file (one that lost it must not).
      await db.transaction(async (tx) => {
        await context.hold(tx);
        await tx.update(reconciliations).set({ storageKey: null }).where(eq(reconciliations.id, record.id));
      });
      await storage.remove(key).catch(() => {});
    }
    // Fresh statistics for the lines just written (PGlite has no autovacuum; PostgreSQL's comes later):
    // without them the planner takes 10 000 lines for one and scans debtors for the CUIT look-ups.
    await db.execute(sql`ANALYZE reconciliation_lines`);
    await context.progress({ processedRows: record.totalRows, matching: true });
    return matchReconciliation(db, record.id, profile, context);
  };
}

async function commitBatch(
  db: Db,
  reconciliationId: number,
  batch: PendingLine[],
  counts: { processed: number; skipped: number; rejected: number; problems: string[] },
  { signal, progress, hold }: JobContext,
) {
  if (signal.aborted) throw signal.reason;
  await db.transaction(async (tx) => {
    await hold(tx);
    await writeBatch(tx, reconciliationId, batch, counts);
  });
  await progress({ processedRows: counts.processed });
}

function failOnFileError(error: unknown): never {
  if (error instanceof ImportFileError) throw new JobFailure(error.message);
  if ((error as NodeJS.ErrnoException)?.code === 'ENOENT')
    throw new JobFailure(RECONCILIATION_JOB_MESSAGES.fileGone);
  throw error;
}
