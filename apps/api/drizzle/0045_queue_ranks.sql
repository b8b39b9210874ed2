CREATE TABLE "queue_ranks" (
	"debt_id" integer PRIMARY KEY NOT NULL,
	"assigned_user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"rank" integer NOT NULL
);
--> statement-breakpoint
-- Issue 38: a queue page scored every open debt of the collector on each call (≈ 1.25 µs a debt, 6 of
-- its 9 ms at 5 000 debts, and 5 times that at 5M). The score moves with the agency day and with the
-- facts; both are known ahead of the call, so it is stored: queue_scores(day) is its one definition,
-- queue_ranks holds it for the day of the counter queue_ranks_day, the triggers below redo the debts
-- whose facts change and modules/queue/ranks.ts redoes what the day changes. A page is then an index
-- scan of queue_ranks_page_idx, and its totals an index-only count.
CREATE INDEX queue_ranks_page_idx ON queue_ranks (assigned_user_id, rank DESC, debt_id) INCLUDE (company_id);
--> statement-breakpoint
ALTER TABLE queue_ranks SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
INSERT INTO counters (name, value) VALUES ('queue_ranks_day', 0) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
-- The queue's score of each open, assigned debt that needs work on `day` (docs/decisions.md «La cola»):
-- each reason adds points, the balance's digits add balance_points, and a debt contacted that day is
-- left out. Less 1000 × the block that does not depend on the hour (queue/callable.ts's codes):
-- 1 disputed in the portal, 2 no phone of its own, 4 and 5 the week's and the day's cap of attempts
-- reached; the hour's block (3, outside contact hours) is the page's to apply. Written to be inlined:
-- a caller's filter on debt_id or assigned_user_id reaches debts' indexes.
CREATE FUNCTION queue_scores(day date) RETURNS TABLE (debt_id integer, assigned_user_id integer, company_id integer, rank integer)
LANGUAGE sql STABLE AS $$
  SELECT s.id, s.assigned_user_id, s.company_id, s.points + s.balance_points - 1000 * CASE
      WHEN s.id IN (SELECT r.debt_id FROM portal_requests r WHERE r.kind = 'DISPUTE' AND r.status = 'ABIERTO') THEN 1
      WHEN NOT s.debtor_phone_open THEN 2
      WHEN c.max_attempts_per_day IS NULL AND c.max_attempts_per_week IS NULL THEN 0
      ELSE coalesce((SELECT CASE WHEN a.week >= c.max_attempts_per_week THEN 4 WHEN a.today >= c.max_attempts_per_day THEN 5 END
        FROM (SELECT count(*) AS week, count(*) FILTER (WHERE e.date >= s.day_start) AS today
          FROM events e JOIN debts dd ON dd.id = e.debt_id
          WHERE dd.debtor_id = s.debtor_id AND e.channel IS NOT NULL
            AND e.date >= (date_trunc('week', day::timestamp) AT TIME ZONE 'America/Argentina/Buenos_Aires')
            AND e.date < s.day_end) a), 0)
    END
  FROM (
    SELECT d.id, d.assigned_user_id, d.company_id, d.debtor_id, d.balance_points, d.debtor_phone_open, w.day_start, w.day_end,
      CASE WHEN d.latest_promise_open_until < day THEN 50
        WHEN d.latest_promise_open_until IS NOT NULL AND d.latest_promise_due = day THEN 40 ELSE 0 END
      + CASE WHEN d.next_quota_due < day THEN 30 ELSE 0 END
      -- Issue 37: a claim about to prescribe (PRESCRIPTION_WARNING_DAYS = 60) is money about to be lost.
      + CASE WHEN d.prescribes_on BETWEEN day AND day + 60 THEN 35 ELSE 0 END
      -- What the debtor asked in the portal (issue 34): a dispute to resolve, a call due by the day.
      + CASE WHEN d.id IN (SELECT r.debt_id FROM portal_requests r WHERE r.status = 'ABIERTO'
          AND (r.kind = 'DISPUTE' OR r.call_at < w.day_end)) THEN 45 ELSE 0 END
      + CASE WHEN d.id IN (SELECT t.debt_id FROM tasks t WHERE t.status = 'PENDIENTE'
          AND t.start >= w.day_start AND t.start < w.day_end AND t.debt_id IS NOT NULL) THEN 20 ELSE 0 END
      -- QUEUE_STALE_DAYS = 7: a week without contact, a point a day up to 30.
      + CASE WHEN d.last_contact_on IS NULL THEN 30
          WHEN d.last_contact_on <= day - 7 THEN least(day - d.last_contact_on, 30)
          ELSE 0 END AS points
    FROM debts d
    CROSS JOIN (SELECT day::timestamp AT TIME ZONE 'America/Argentina/Buenos_Aires' AS day_start,
      (day + 1)::timestamp AT TIME ZONE 'America/Argentina/Buenos_Aires' AS day_end) w
    WHERE d.assigned_user_id IS NOT NULL
      AND d.status NOT IN ('CANCELADA', 'ARCHIVADA', 'INCOBRABLE')
      -- A contact dated ahead hides the day's: then count the day's.
      AND (d.last_contact_on IS NULL OR d.last_contact_on < day OR (d.last_contact_on > day
        AND (SELECT count(*) FROM events e WHERE e.debt_id = d.id AND e.date >= w.day_start AND e.date < w.day_end) = 0))
  ) s
  JOIN companies c ON c.id = s.company_id
  WHERE s.points > 0
$$;
--> statement-breakpoint
-- Redoes the queue_ranks rows of `ids` for the table's day (none before the first refresh). Writers
-- hold the shared lock 'queue_ranks' until they commit, the day's refresh the exclusive one: a refresh
-- never reads a writer's facts before they are committed, nor does a writer keep yesterday's score.
CREATE FUNCTION queue_ranks_redo(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ranked_day date;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('queue_ranks'));
  SELECT CASE WHEN value > 0 THEN to_date(value::text, 'YYYYMMDD') END INTO ranked_day
    FROM counters WHERE name = 'queue_ranks_day';
  IF ranked_day IS NULL THEN RETURN; END IF;
  WITH s AS MATERIALIZED (SELECT * FROM queue_scores(ranked_day) q WHERE q.debt_id = ANY(ids)),
    gone AS (DELETE FROM queue_ranks q WHERE q.debt_id = ANY(ids) AND q.debt_id NOT IN (SELECT s.debt_id FROM s))
  INSERT INTO queue_ranks AS q SELECT * FROM s ON CONFLICT (debt_id) DO UPDATE
    SET assigned_user_id = excluded.assigned_user_id, company_id = excluded.company_id, rank = excluded.rank
    WHERE (q.assigned_user_id, q.company_id, q.rank) IS DISTINCT FROM (excluded.assigned_user_id, excluded.company_id, excluded.rank);
END $$;
--> statement-breakpoint
-- The whole table for `day`, once: nothing when the counter already says that day or a later one.
-- Writes only the rows whose rank changed. Returns how many rows it wrote or removed, or -1.
CREATE FUNCTION queue_ranks_refresh(day date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  done bigint;
  changed integer;
BEGIN
  SELECT value INTO done FROM counters WHERE name = 'queue_ranks_day' FOR UPDATE;
  IF done >= to_char(day, 'YYYYMMDD')::bigint THEN RETURN -1; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('queue_ranks'));
  WITH s AS MATERIALIZED (SELECT * FROM queue_scores(day)),
    gone AS (DELETE FROM queue_ranks q WHERE NOT EXISTS (SELECT 1 FROM s WHERE s.debt_id = q.debt_id) RETURNING 1),
    put AS (INSERT INTO queue_ranks AS q SELECT * FROM s ON CONFLICT (debt_id) DO UPDATE
      SET assigned_user_id = excluded.assigned_user_id, company_id = excluded.company_id, rank = excluded.rank
      WHERE (q.assigned_user_id, q.company_id, q.rank) IS DISTINCT FROM (excluded.assigned_user_id, excluded.company_id, excluded.rank)
      RETURNING 1)
  SELECT (SELECT count(*) FROM gone) + (SELECT count(*) FROM put) INTO changed;
  UPDATE counters SET value = to_char(day, 'YYYYMMDD')::bigint WHERE name = 'queue_ranks_day';
  RETURN changed;
END $$;
--> statement-breakpoint
-- What the score reads of a debt: its own columns (the facts' triggers keep them), in one statement
-- for an import's or a bulk assignment's rows.
CREATE FUNCTION queue_ranks_of_debts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM queue_ranks WHERE debt_id IN (SELECT o.id FROM changed_old o);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM queue_ranks_redo(ARRAY(SELECT n.id FROM changed_new n WHERE n.assigned_user_id IS NOT NULL));
  ELSE
    PERFORM queue_ranks_redo(ARRAY(SELECT n.id FROM changed_new n JOIN changed_old o ON o.id = n.id
      WHERE (n.status, n.assigned_user_id, n.company_id, n.debtor_id, n.last_contact_on, n.next_quota_due,
          n.latest_promise_due, n.latest_promise_open_until, n.prescribes_on, n.balance_points, n.debtor_phone_open)
        IS DISTINCT FROM (o.status, o.assigned_user_id, o.company_id, o.debtor_id, o.last_contact_on, o.next_quota_due,
          o.latest_promise_due, o.latest_promise_open_until, o.prescribes_on, o.balance_points, o.debtor_phone_open)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER queue_ranks_debts_insert AFTER INSERT ON debts REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_debts();
--> statement-breakpoint
CREATE TRIGGER queue_ranks_debts_update AFTER UPDATE ON debts REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_debts();
--> statement-breakpoint
CREATE TRIGGER queue_ranks_debts_delete AFTER DELETE ON debts REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_debts();
--> statement-breakpoint
-- An attempt counts toward its debtor's caps on every debt of the debtor; a contact of the day takes
-- its debt out of the day's queue.
CREATE FUNCTION queue_ranks_of_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  -- Each transition table exists only for its operations: read in its own branch.
  IF TG_OP = 'INSERT' THEN touched := ARRAY(SELECT DISTINCT n.debt_id FROM changed_new n);
  ELSIF TG_OP = 'DELETE' THEN touched := ARRAY(SELECT DISTINCT o.debt_id FROM changed_old o);
  ELSE touched := ARRAY(SELECT n.debt_id FROM changed_new n UNION SELECT o.debt_id FROM changed_old o);
  END IF;
  PERFORM queue_ranks_redo(ARRAY(SELECT d.id FROM debts d WHERE d.assigned_user_id IS NOT NULL
    AND d.debtor_id IN (SELECT dd.debtor_id FROM debts dd WHERE dd.id = ANY(touched))));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A pending task of the day (its debt's, before and after), an open portal request.
CREATE FUNCTION queue_ranks_of_debt_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM queue_ranks_redo(ARRAY(SELECT DISTINCT n.debt_id FROM changed_new n WHERE n.debt_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM queue_ranks_redo(ARRAY(SELECT DISTINCT o.debt_id FROM changed_old o WHERE o.debt_id IS NOT NULL));
  ELSE
    PERFORM queue_ranks_redo(ARRAY(SELECT n.debt_id FROM changed_new n WHERE n.debt_id IS NOT NULL
      UNION SELECT o.debt_id FROM changed_old o WHERE o.debt_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER queue_ranks_events_insert AFTER INSERT ON events REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_events();
--> statement-breakpoint
CREATE TRIGGER queue_ranks_events_update AFTER UPDATE ON events REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_events();
--> statement-breakpoint
CREATE TRIGGER queue_ranks_events_delete AFTER DELETE ON events REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_events();
--> statement-breakpoint
CREATE TRIGGER queue_ranks_tasks_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_debt_rows();
--> statement-breakpoint
CREATE TRIGGER queue_ranks_tasks_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_debt_rows();
--> statement-breakpoint
CREATE TRIGGER queue_ranks_tasks_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_debt_rows();
--> statement-breakpoint
CREATE TRIGGER queue_ranks_portal_requests_insert AFTER INSERT ON portal_requests REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_debt_rows();
--> statement-breakpoint
CREATE TRIGGER queue_ranks_portal_requests_update AFTER UPDATE ON portal_requests REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_debt_rows();
--> statement-breakpoint
CREATE TRIGGER queue_ranks_portal_requests_delete AFTER DELETE ON portal_requests REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION queue_ranks_of_debt_rows();
--> statement-breakpoint
-- A company's caps of attempts, changed: its debts' blocks.
CREATE FUNCTION queue_ranks_of_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM queue_ranks_redo(ARRAY(SELECT d.id FROM debts d WHERE d.company_id = NEW.id AND d.assigned_user_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER queue_ranks_company_caps AFTER UPDATE OF max_attempts_per_day, max_attempts_per_week ON companies
  FOR EACH ROW WHEN (OLD.max_attempts_per_day IS DISTINCT FROM NEW.max_attempts_per_day
    OR OLD.max_attempts_per_week IS DISTINCT FROM NEW.max_attempts_per_week)
  EXECUTE FUNCTION queue_ranks_of_company();
