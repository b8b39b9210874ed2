/**
 * Puts the generated database in the operating system's page cache before anything is measured.
 * Otherwise the first pass after generating the data (or after the other database's run) reads
 * from disk, and the bench measures the disk: on 2026-11-22, 1M debts on PostgreSQL, the DNI lookup
 * gave 203 req/s cold and 1 514 right after (docs/performance.md).
 */
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export type PrewarmTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

/** PostgreSQL: pg_prewarm in 'read' mode (into the OS cache) over every table and index of the schema. */
async function prewarmPostgres(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    const { rows } = await client.query<{ blocks: string | null }>(
      `SELECT sum(pg_prewarm(c.oid, 'read')) AS blocks
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i', 'm')`,
    );
    return Number(rows[0]?.blocks ?? 0) * 8192;
  } finally {
    await client.end().catch(() => {});
  }
}

/** PGlite keeps PostgreSQL's files in its directory: reading them once is enough. */
async function prewarmFiles(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    for await (const chunk of createReadStream(join(entry.parentPath, entry.name), {
      highWaterMark: 1 << 20,
    }))
      bytes += (chunk as Buffer).length;
  }
  return bytes;
}

/** One line for the log: what was read and how long it took, or why it was skipped. */
export async function prewarm(target: PrewarmTarget): Promise<string> {
  const started = performance.now();
  try {
    const bytes =
      target.kind === 'postgres' ? await prewarmPostgres(target.url) : await prewarmFiles(target.dir);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `precalentado: ${(bytes / 2 ** 20).toFixed(0)} MiB leídos en ${seconds} s`;
  } catch (error) {
    // Without pg_prewarm (or the rights to create it) the bench still runs, only colder.
    return `sin precalentar (${error instanceof Error ? error.message : String(error)})`;
  }
}
