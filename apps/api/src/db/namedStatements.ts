/**
 * Which statements both databases run as named (prepared) statements: reads, parsed and planned
 * once per connection. PostgreSQL's pool (db/client.ts) and the PGlite worker (pglite/worker.mjs,
 * which gets these through workerData) share the rule.
 */
export const NAMED_STATEMENTS = {
  /** Distinct statements named per process: the list shapes are few, but bound them anyway. */
  max: 1000,
  reads: /^\s*(select|with)\b/i,
  /**
   * Except these, planned per call: a text search, since how many rows it matches depends on the
   * text, and a plan made for no text in particular (PGlite runs generic plans) read every debt for
   * some of them; and the debts that match it by the ids found (modules/debts/search.ts marks them),
   * whose hashed lookup only a plan for those ids has.
   */
  textSearch: /\bi?like\b/i,
  idsFound: /\/\*planned-per-call\*\//,
  /**
   * A text search marked plan-once is named all the same: its plan does not depend on the text (the
   * free text's walk, modules/debts/search.ts: the list's index in order, each row tested). The ids'
   * mark still wins.
   */
  planOnce: /\/\*plan-once\*\//,
};

/** Whether a statement must be planned for its values (the exceptions above). */
export const isPlannedPerCall = (text: string) =>
  NAMED_STATEMENTS.idsFound.test(text) ||
  (NAMED_STATEMENTS.textSearch.test(text) && !NAMED_STATEMENTS.planOnce.test(text));

/** Whether a statement is one to name. */
export const isNamedRead = (text: string) => NAMED_STATEMENTS.reads.test(text) && !isPlannedPerCall(text);
