-- By hand (issue 31, «cheaper writes»): what a row of the ledger sets off, with fewer calls. Measured as
-- the backend's CPU per payment (docs/performance.md «Escritura de un pago»): the statement trigger that
-- keeps the latest promise's window planned its refresh anew on every insert (dynamic SQL) although a
-- debt without promises has nothing to refresh; the debt's totals and the dashboard's collected money
-- were two row triggers, each with its lookup of the debt, and the dashboard's deltas went through
-- SQL functions that re-armed the fold with a setting. Same figures, same summaries, same fold at
-- COMMIT (test/derivedTotals.test.ts, test/kpiSummaries.test.ts).

-- The latest promise's window moves only with the payments and deposits of a debt with a promise.
CREATE FUNCTION ledger_promise_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  ids := ARRAY(SELECT DISTINCT c.debt_id FROM changed_new c
    WHERE c.kind IN ('PAYMENT', 'DEPOSIT', 'REVERSAL')
      AND EXISTS (SELECT 1 FROM promises p WHERE p.debt_id = c.debt_id));
  IF cardinality(ids) > 0 THEN
    PERFORM debts_latest_promise_refresh(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "debts_latest_promise_ledger" ON "ledger";
--> statement-breakpoint
CREATE TRIGGER "debts_latest_promise_ledger" AFTER INSERT ON "ledger" REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_promise_changed();
--> statement-breakpoint
-- One row trigger for the books of a new row (0024's ledger_totals and ledger_kpi_collected): the
-- debt's stored totals move by it (a reversal takes back its row's), and a payment or deposit adds
-- its money to the dashboard's collected on its day, with the company and currency the same UPDATE
-- returns. balance = original + services + mora − payments − deposits − reductions.
CREATE FUNCTION ledger_books() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target ledger := NEW;
  sign integer := 1;
BEGIN
  IF NEW.kind = 'REVERSAL' THEN
    SELECT t.* INTO target FROM ledger t WHERE t.id = NEW.reversal_of;
    sign := -1;
  END IF;
  IF target.kind IN ('PAYMENT', 'DEPOSIT') THEN
    WITH d AS (
      UPDATE debts SET paid_amount = paid_amount + sign * NEW.amount, balance = balance - sign * NEW.amount
      WHERE id = NEW.debt_id RETURNING company_id, currency
    )
    INSERT INTO kpi_pending (kind, company_id, day, currency, n, amount)
      SELECT 'c', d.company_id, target.date, d.currency, sign, sign * target.amount FROM d;
  ELSIF target.kind = 'SERVICE' THEN
    UPDATE debts SET services_amount = services_amount + sign * NEW.amount, balance = balance + sign * NEW.amount WHERE id = NEW.debt_id;
  ELSIF target.kind = 'MORA' THEN
    UPDATE debts SET mora_amount = mora_amount + sign * NEW.amount, balance = balance + sign * NEW.amount WHERE id = NEW.debt_id;
  ELSE
    UPDATE debts SET balance = balance - sign * NEW.amount WHERE id = NEW.debt_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "ledger_totals" ON "ledger";
--> statement-breakpoint
DROP TRIGGER "ledger_kpi_collected" ON "ledger";
--> statement-breakpoint
DROP FUNCTION ledger_totals();
--> statement-breakpoint
DROP FUNCTION ledger_kpi_collected();
--> statement-breakpoint
CREATE TRIGGER "ledger_books" AFTER INSERT ON "ledger" FOR EACH ROW EXECUTE FUNCTION ledger_books();
--> statement-breakpoint
-- The fold needs no re-arming: the first of a transaction's deferred calls folds its rows and deletes
-- them, the others find none (a fold made early by SET CONSTRAINTS … IMMEDIATE leaves none either, and
-- rows added afterwards bring their own calls). Otherwise 0009's: at COMMIT the transaction's
-- deltas, summed per key, upserted table by table in a fixed order and within each table in key order.
CREATE OR REPLACE FUNCTION kpi_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  me bigint := txid_current();
BEGIN
  IF NOT EXISTS (SELECT 1 FROM kpi_pending WHERE tx = me) THEN RETURN NULL; END IF;
  INSERT INTO kpi_collected AS k (company_id, day, currency, movements, amount)
    SELECT company_id, day, currency, sum(n), sum(amount) FROM kpi_pending WHERE tx = me AND kind = 'c'
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, day, currency)
  DO UPDATE SET movements = k.movements + EXCLUDED.movements, amount = k.amount + EXCLUDED.amount;
  INSERT INTO kpi_placed AS k (company_id, day, debt_type_id, currency, debts, original_amount)
    SELECT company_id, day, type_id, currency, sum(n), sum(amount) FROM kpi_pending WHERE tx = me AND kind = 'p'
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, day, debt_type_id, currency)
  DO UPDATE SET debts = k.debts + EXCLUDED.debts, original_amount = k.original_amount + EXCLUDED.original_amount;
  INSERT INTO kpi_portfolio AS k (company_id, collection_type_id, currency, debts, original_amount, paid_amount, balance)
    SELECT company_id, type_id, currency, sum(n), sum(amount), sum(paid), sum(balance) FROM kpi_pending
    WHERE tx = me AND kind = 'f'
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(paid) <> 0 OR sum(balance) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, collection_type_id, currency)
  DO UPDATE SET debts = k.debts + EXCLUDED.debts, original_amount = k.original_amount + EXCLUDED.original_amount,
    paid_amount = k.paid_amount + EXCLUDED.paid_amount, balance = k.balance + EXCLUDED.balance;
  INSERT INTO kpi_unpaid_quotas AS k (company_id, due_date, currency, quotas, amount)
    SELECT company_id, day, currency, sum(n), sum(amount) FROM kpi_pending WHERE tx = me AND kind = 'u'
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, due_date, currency)
  DO UPDATE SET quotas = k.quotas + EXCLUDED.quotas, amount = k.amount + EXCLUDED.amount;
  DELETE FROM kpi_pending WHERE tx = me;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- 0009's appends, without the setting the fold no longer reads.
CREATE OR REPLACE FUNCTION kpi_add_placed(c integer, d date, t integer, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO kpi_pending (kind, company_id, day, type_id, currency, n, amount) VALUES ('p', c, d, t, cur, n, amount)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kpi_add_collected(c integer, d date, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO kpi_pending (kind, company_id, day, currency, n, amount) VALUES ('c', c, d, cur, n, amount)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kpi_add_unpaid(c integer, d date, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO kpi_pending (kind, company_id, day, currency, n, amount) VALUES ('u', c, d, cur, n, amount)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kpi_add_portfolio(c integer, t integer, cur currency, n integer, original numeric, paid numeric, bal numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO kpi_pending (kind, company_id, type_id, currency, n, amount, paid, balance)
    VALUES ('f', c, coalesce(t, 0), cur, n, original, paid, bal)
$$;
--> statement-breakpoint
-- 0012's, without the setting.
CREATE OR REPLACE FUNCTION kpi_debts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_pending (kind, company_id, day, type_id, currency, n, amount)
    SELECT 'p', company_id, kpi_day(created_at), debt_type_id, currency, count(*)::integer, sum(original_amount)
    FROM new_debts GROUP BY company_id, kpi_day(created_at), debt_type_id, currency;
  INSERT INTO kpi_pending (kind, company_id, type_id, currency, n, amount, paid, balance)
    SELECT 'f', company_id, coalesce(collection_type_id, 0), currency, count(*)::integer, sum(original_amount),
      sum(paid_amount), sum(balance)
    FROM new_debts GROUP BY company_id, coalesce(collection_type_id, 0), currency;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- 0024's, with the common case first: a debt whose money moved and stays on its summary rows (a
-- payment, a service, a reversal) adds one delta to its portfolio row instead of taking its old row
-- out and putting its new one in (two appends, each through a function).
CREATE OR REPLACE FUNCTION kpi_debts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  placed_changed boolean := TG_OP <> 'UPDATE' OR
    (OLD.company_id, OLD.created_at, OLD.debt_type_id, OLD.currency, OLD.original_amount) IS DISTINCT FROM
    (NEW.company_id, NEW.created_at, NEW.debt_type_id, NEW.currency, NEW.original_amount);
  portfolio_changed boolean := TG_OP <> 'UPDATE' OR
    (OLD.company_id, OLD.collection_type_id, OLD.currency, OLD.original_amount, OLD.paid_amount, OLD.balance) IS DISTINCT FROM
    (NEW.company_id, NEW.collection_type_id, NEW.currency, NEW.original_amount, NEW.paid_amount, NEW.balance);
BEGIN
  IF TG_OP = 'UPDATE' AND NOT placed_changed
      AND (OLD.company_id, OLD.collection_type_id, OLD.currency) IS NOT DISTINCT FROM
        (NEW.company_id, NEW.collection_type_id, NEW.currency) THEN
    IF portfolio_changed THEN
      INSERT INTO kpi_pending (kind, company_id, type_id, currency, n, amount, paid, balance)
        VALUES ('f', NEW.company_id, coalesce(NEW.collection_type_id, 0), NEW.currency, 0,
          NEW.original_amount - OLD.original_amount, NEW.paid_amount - OLD.paid_amount, NEW.balance - OLD.balance);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF placed_changed THEN
      PERFORM kpi_add_placed(OLD.company_id, kpi_day(OLD.created_at), OLD.debt_type_id, OLD.currency, -1, -OLD.original_amount);
    END IF;
    IF portfolio_changed THEN
      PERFORM kpi_add_portfolio(OLD.company_id, OLD.collection_type_id, OLD.currency, -1, -OLD.original_amount, -OLD.paid_amount, -OLD.balance);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF placed_changed THEN
      PERFORM kpi_add_placed(NEW.company_id, kpi_day(NEW.created_at), NEW.debt_type_id, NEW.currency, 1, NEW.original_amount);
    END IF;
    IF portfolio_changed THEN
      PERFORM kpi_add_portfolio(NEW.company_id, NEW.collection_type_id, NEW.currency, 1, NEW.original_amount, NEW.paid_amount, NEW.balance);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.company_id <> NEW.company_id OR OLD.currency <> NEW.currency) THEN
    PERFORM kpi_add_collected(OLD.company_id, m.day, OLD.currency, -m.n::integer, -m.amount),
      kpi_add_collected(NEW.company_id, m.day, NEW.currency, m.n::integer, m.amount)
    FROM (SELECT date AS day, count(*) AS n, sum(amount) AS amount FROM ledger_live
      WHERE debt_id = NEW.id AND kind IN ('PAYMENT', 'DEPOSIT') GROUP BY date) m;
    PERFORM kpi_add_unpaid(OLD.company_id, q.due_date, OLD.currency, -q.n::integer, -q.amount),
      kpi_add_unpaid(NEW.company_id, q.due_date, NEW.currency, q.n::integer, q.amount)
    FROM (SELECT due_date, count(*) AS n, sum(amount + mora_amount - paid_amount) AS amount FROM quotas
      WHERE debt_id = NEW.id AND status <> 'PAGADA' GROUP BY due_date) q;
  END IF;
  RETURN NULL;
END $$;
