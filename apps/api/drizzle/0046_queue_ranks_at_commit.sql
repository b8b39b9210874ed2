CREATE TABLE "queue_pending" (
	"tx" bigint DEFAULT txid_current() NOT NULL,
	"debt_ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "queue_pending_tx_idx" ON "queue_pending" USING btree ("tx");--> statement-breakpoint
-- Issue 38, review of 0045: queue_ranks was written in the writer's statement, under a shared lock.
-- Two writers of one debt (a task and a portal request) each scored it without the other's fact, and
-- the second upsert, after waiting for the first's row, wrote its stale score; and an event, which
-- redoes every debt of its debtor, could deadlock with an event on another debt of the same debtor.
-- Now the triggers only note the debts (queue_pending) and each transaction redoes its own at COMMIT
-- under the exclusive lock 'queue_ranks': the last to commit scores with every committed fact, and
-- no transaction waits for a queue_ranks row while holding it. The day's refresh goes by ranges of
-- debt ids (a writer's COMMIT waits for one range at most, not the whole table), writing the day being
-- refreshed (queue_ranks_target) from its start; the table's day (queue_ranks_day) moves at its end.
-- A page's totals count the collector's rows from the index alone where the visibility map is set:
-- vacuumed after 0.5 % of the rows change or arrive (25 000 at 5M) instead of 2 % (0045).
ALTER TABLE queue_ranks SET (autovacuum_vacuum_scale_factor = 0.005, autovacuum_vacuum_insert_scale_factor = 0.005,
  autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
INSERT INTO counters (name, value)
  SELECT 'queue_ranks_target', value FROM counters WHERE name = 'queue_ranks_day'
  ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
-- The rows of `ids` for the day being refreshed (none before the first refresh). Its caller holds the
-- exclusive lock 'queue_ranks', so no other transaction is writing them.
CREATE FUNCTION queue_ranks_write(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ranked_day date;
BEGIN
  SELECT CASE WHEN value > 0 THEN to_date(value::text, 'YYYYMMDD') END INTO ranked_day
    FROM counters WHERE name = 'queue_ranks_target';
  IF ranked_day IS NULL THEN RETURN; END IF;
  WITH s AS MATERIALIZED (SELECT * FROM queue_scores(ranked_day) q WHERE q.debt_id = ANY(ids)),
    gone AS (DELETE FROM queue_ranks q WHERE q.debt_id = ANY(ids) AND q.debt_id NOT IN (SELECT s.debt_id FROM s))
  INSERT INTO queue_ranks AS q SELECT * FROM s ON CONFLICT (debt_id) DO UPDATE
    SET assigned_user_id = excluded.assigned_user_id, company_id = excluded.company_id, rank = excluded.rank
    WHERE (q.assigned_user_id, q.company_id, q.rank) IS DISTINCT FROM (excluded.assigned_user_id, excluded.company_id, excluded.rank);
END $$;
--> statement-breakpoint
-- What 0045's triggers call: now it notes the debts for the COMMIT.
CREATE OR REPLACE FUNCTION queue_ranks_redo(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NOT NULL AND cardinality(ids) > 0 THEN INSERT INTO queue_pending (debt_ids) VALUES (ids); END IF;
END $$;
--> statement-breakpoint
-- At COMMIT, the first deferred call of a transaction redoes all its noted debts (in id order) and
-- deletes them; the others find their own row gone (kpi_fold's pattern, migration 0041).
CREATE FUNCTION queue_ranks_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  me bigint := txid_current();
BEGIN
  IF NOT EXISTS (SELECT 1 FROM queue_pending WHERE ctid = NEW.ctid) THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('queue_ranks'));
  PERFORM queue_ranks_write(ARRAY(SELECT DISTINCT unnest(p.debt_ids) FROM queue_pending p WHERE p.tx = me ORDER BY 1));
  DELETE FROM queue_pending WHERE tx = me;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER queue_ranks_fold AFTER INSERT ON queue_pending DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION queue_ranks_fold();
--> statement-breakpoint
-- 0045's, with two fixes: a debt that changes debtor moves the caps of both debtors' debts (the
-- attempts count per debtor), and a deleted debt is noted like the others (its row goes at COMMIT).
CREATE OR REPLACE FUNCTION queue_ranks_of_debts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM queue_ranks_redo(ARRAY(SELECT o.id FROM changed_old o));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM queue_ranks_redo(ARRAY(SELECT n.id FROM changed_new n WHERE n.assigned_user_id IS NOT NULL));
  ELSE
    PERFORM queue_ranks_redo(ARRAY(
      SELECT n.id FROM changed_new n JOIN changed_old o ON o.id = n.id
      WHERE (n.status, n.assigned_user_id, n.company_id, n.debtor_id, n.last_contact_on, n.next_quota_due,
          n.latest_promise_due, n.latest_promise_open_until, n.prescribes_on, n.balance_points, n.debtor_phone_open)
        IS DISTINCT FROM (o.status, o.assigned_user_id, o.company_id, o.debtor_id, o.last_contact_on, o.next_quota_due,
          o.latest_promise_due, o.latest_promise_open_until, o.prescribes_on, o.balance_points, o.debtor_phone_open)
      UNION
      SELECT d.id FROM debts d WHERE d.assigned_user_id IS NOT NULL AND d.debtor_id IN (
        SELECT n.debtor_id FROM changed_new n JOIN changed_old o ON o.id = n.id WHERE n.debtor_id <> o.debtor_id
        UNION SELECT o.debtor_id FROM changed_new n JOIN changed_old o ON o.id = n.id WHERE n.debtor_id <> o.debtor_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION queue_ranks_refresh(date);
--> statement-breakpoint
-- A refresh for `day` starts: false when the table already holds it (or a later day); else the
-- COMMITs write `day` from now on.
CREATE FUNCTION queue_ranks_begin(day date) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  -- After every COMMIT under way: one that wrote the old day has its debts visible to the ranges.
  PERFORM pg_advisory_xact_lock(hashtext('queue_ranks'));
  IF (SELECT value FROM counters WHERE name = 'queue_ranks_day') >= to_char(day, 'YYYYMMDD')::bigint THEN
    RETURN false;
  END IF;
  UPDATE counters SET value = greatest(value, to_char(day, 'YYYYMMDD')::bigint) WHERE name = 'queue_ranks_target';
  RETURN true;
END $$;
--> statement-breakpoint
-- The debts with ids from `first` to before `past`, for `day`, under the exclusive lock: only the rows
-- whose rank changed are written or removed; returns how many.
CREATE FUNCTION queue_ranks_refresh_range(day date, first integer, past integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('queue_ranks'));
  WITH s AS MATERIALIZED (SELECT * FROM queue_scores(day) q WHERE q.debt_id >= first AND q.debt_id < past),
    gone AS (DELETE FROM queue_ranks q WHERE q.debt_id >= first AND q.debt_id < past
      AND NOT EXISTS (SELECT 1 FROM s WHERE s.debt_id = q.debt_id) RETURNING 1),
    put AS (INSERT INTO queue_ranks AS q SELECT * FROM s ON CONFLICT (debt_id) DO UPDATE
      SET assigned_user_id = excluded.assigned_user_id, company_id = excluded.company_id, rank = excluded.rank
      WHERE (q.assigned_user_id, q.company_id, q.rank) IS DISTINCT FROM (excluded.assigned_user_id, excluded.company_id, excluded.rank)
      RETURNING 1)
  SELECT (SELECT count(*) FROM gone) + (SELECT count(*) FROM put) INTO changed;
  RETURN changed;
END $$;
--> statement-breakpoint
-- Every range done: the table holds `day`, and a page may read it.
CREATE FUNCTION queue_ranks_finish(day date) RETURNS void LANGUAGE sql AS $$
  UPDATE counters SET value = greatest(value, to_char(day, 'YYYYMMDD')::bigint) WHERE name = 'queue_ranks_day';
$$;
