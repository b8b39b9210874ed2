import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/** How often PGlite's kpi_pending is vacuumed. */
export const KPI_PENDING_VACUUM_MS = 60_000;

/** VACUUM kpi_pending once (outside any transaction): its rows are all dead once folded. */
export async function vacuumKpiPending(database: Database) {
  await database.db.execute(sql`VACUUM kpi_pending`);
}

/**
 * Every write appends its KPI deltas to kpi_pending and the COMMIT deletes them (migration 0009).
 * PostgreSQL's autovacuum reclaims those dead rows; PGlite has no autovacuum, and without this the
 * table grew ≈ 250 bytes per money write, for ever. Each run takes milliseconds (the table is
 * empty between transactions, so VACUUM also gives its pages back).
 */
export function scheduleKpiPendingVacuum(
  app: FastifyInstance,
  database: Database,
  everyMs = KPI_PENDING_VACUUM_MS,
) {
  if (database.kind !== 'pglite') return;
  const timer = setInterval(() => {
    vacuumKpiPending(database).catch((error: unknown) => app.log.warn({ err: error }, 'VACUUM kpi_pending'));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
