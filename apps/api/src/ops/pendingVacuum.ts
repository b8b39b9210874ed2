import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/** How often PGlite's pending tables are vacuumed. */
export const PENDING_VACUUM_MS = 60_000;

/**
 * VACUUM kpi_pending and queue_pending once (outside any transaction): their rows are all dead once
 * their transaction's COMMIT folded them.
 */
export async function vacuumPending(database: Database) {
  await database.db.execute(sql`VACUUM kpi_pending, queue_pending`);
}

/**
 * Every write appends its KPI deltas to kpi_pending and the COMMIT deletes them (migration 0009);
 * likewise the debts whose stored queue it must redo, to queue_pending (migration 0046).
 * PostgreSQL's autovacuum reclaims those dead rows; PGlite has no autovacuum, and without this the
 * table grew ≈ 250 bytes per money write, for ever. Each run takes milliseconds (the table is
 * empty between transactions, so VACUUM also gives its pages back).
 */
export function schedulePendingVacuum(app: FastifyInstance, database: Database, everyMs = PENDING_VACUUM_MS) {
  if (database.kind !== 'pglite') return;
  const timer = setInterval(() => {
    vacuumPending(database).catch((error: unknown) =>
      app.log.warn({ err: error }, 'VACUUM de las tablas pendientes'),
    );
  }, everyMs);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
