ALTER TABLE "debts" ADD COLUMN "latest_promise_open_until" date;--> statement-breakpoint
-- The latest promise's due date and, while its window is not paid in full, the last day it can be kept
-- (DESIGN.md §10.3: payments and deposits dated from the day it was taken to its due date + the
-- company's grace days). The queue reads the promise's state from these two columns: summing each due
-- promise's window on every read was a fourth of its statement.
CREATE OR REPLACE FUNCTION debts_latest_promise_refresh(debt_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE debts d SET latest_promise_due = x.due, latest_promise_open_until = x.open_until
  FROM (
    SELECT c.id, p.due_date AS due,
      CASE WHEN p.amount > (SELECT coalesce(sum(m.amount), 0) FROM (
          SELECT pa.amount FROM payments pa WHERE pa.debt_id = c.id AND pa.paid_at BETWEEN p.taken_on AND p.until
          UNION ALL
          SELECT de.amount FROM deposits de WHERE de.debt_id = c.id AND de.deposited_at BETWEEN p.taken_on AND p.until
        ) m) THEN p.until END AS open_until
    FROM unnest(debt_ids) AS c(id)
    LEFT JOIN LATERAL (
      SELECT pr.due_date, pr.amount, pr.taken_on, pr.due_date + co.promise_grace_days AS until
      FROM promises pr JOIN debts dd ON dd.id = pr.debt_id JOIN companies co ON co.id = dd.company_id
      WHERE pr.debt_id = c.id ORDER BY pr.due_date DESC, pr.id DESC LIMIT 1
    ) p ON true
  ) x
  WHERE d.id = x.id
    AND (d.latest_promise_due IS DISTINCT FROM x.due OR d.latest_promise_open_until IS DISTINCT FROM x.open_until);
$$;
--> statement-breakpoint
CREATE TRIGGER debts_latest_promise_payment_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION debts_fact_changed('debts_latest_promise_refresh');
--> statement-breakpoint
CREATE TRIGGER debts_latest_promise_payment_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION debts_fact_changed('debts_latest_promise_refresh');
--> statement-breakpoint
CREATE TRIGGER debts_latest_promise_payment_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION debts_fact_changed('debts_latest_promise_refresh');
--> statement-breakpoint
CREATE TRIGGER debts_latest_promise_deposit_insert AFTER INSERT ON deposits REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION debts_fact_changed('debts_latest_promise_refresh');
--> statement-breakpoint
CREATE TRIGGER debts_latest_promise_deposit_update AFTER UPDATE ON deposits REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION debts_fact_changed('debts_latest_promise_refresh');
--> statement-breakpoint
CREATE TRIGGER debts_latest_promise_deposit_delete AFTER DELETE ON deposits REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION debts_fact_changed('debts_latest_promise_refresh');
--> statement-breakpoint
-- A debt moved to another company, or a company's grace days changed: the windows move with them. Per
-- row and only on those columns: a bulk assignment updates 100 000 debts and must not pay for this.
CREATE FUNCTION debts_latest_promise_of_debt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM debts_latest_promise_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER debts_latest_promise_company AFTER UPDATE OF company_id ON debts FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id AND NEW.latest_promise_due IS NOT NULL)
  EXECUTE FUNCTION debts_latest_promise_of_debt();
--> statement-breakpoint
CREATE FUNCTION debts_latest_promise_of_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM debts_latest_promise_refresh(ARRAY(SELECT d.id FROM debts d
    WHERE d.company_id = NEW.id AND d.latest_promise_due IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER debts_latest_promise_grace AFTER UPDATE OF promise_grace_days ON companies FOR EACH ROW
  WHEN (OLD.promise_grace_days IS DISTINCT FROM NEW.promise_grace_days)
  EXECUTE FUNCTION debts_latest_promise_of_company();
--> statement-breakpoint
SELECT debts_latest_promise_refresh(ARRAY(SELECT DISTINCT debt_id FROM promises));
--> statement-breakpoint
DROP INDEX IF EXISTS debts_queue_idx;
--> statement-breakpoint
-- 0021's, with the latest promise's open window: the queue scores a promise from the index alone.
CREATE INDEX debts_queue_idx ON debts (assigned_user_id)
  INCLUDE (id, debtor_id, company_id, currency, balance, balance_points, last_contact_on, next_quota_due, latest_promise_due,
    latest_promise_open_until, debtor_phone_open)
  WHERE status NOT IN ('CANCELADA', 'ARCHIVADA', 'INCOBRABLE');
