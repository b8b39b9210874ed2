/**
 * Which statements both databases run as named (prepared) statements: reads, parsed and planned
 * once per connection. PostgreSQL's pool (db/client.ts) and the PGlite worker (pglite/worker.mjs,
 * which gets these through workerData) share the rule.
 */
export const NAMED_STATEMENTS = {
  /** Distinct statements named per process: the list shapes are few, but bound them anyway. */
  max: 1000,
  reads: /^\s*(select|with)\b/i,
};
