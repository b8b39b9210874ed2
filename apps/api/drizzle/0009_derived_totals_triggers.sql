-- Issue 15: one way to keep derived money totals (docs/decisions.md). Both kinds are SQL triggers
-- that add deltas, each with a rebuild function:
--   debts.services_amount/mora_amount/paid_amount/balance: immediate AFTER ROW triggers on the child
--     tables (the rules of keepBooks read them in the same request), rebuilt by debt_totals_rebuild();
--   kpi_*: the row triggers of 0003 append to kpi_pending; a deferred constraint trigger folds the
--     transaction's deltas at COMMIT, one upsert per key, in key order (no deadlock between writers
--     of one company), rebuilt by kpi_rebuild().

-- A debt has no child records when it is inserted: its totals are its original amount.
CREATE FUNCTION debt_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.services_amount := 0;
  NEW.mora_amount := 0;
  NEW.paid_amount := 0;
  NEW.balance := NEW.original_amount;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER debt_totals_insert BEFORE INSERT ON debts FOR EACH ROW EXECUTE FUNCTION debt_totals_insert();
--> statement-breakpoint
-- A new original amount moves the balance by the difference.
CREATE FUNCTION debt_totals_original() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.original_amount IS DISTINCT FROM OLD.original_amount THEN
    NEW.balance := NEW.balance + NEW.original_amount - OLD.original_amount;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER debt_totals_original BEFORE UPDATE OF original_amount ON debts
  FOR EACH ROW EXECUTE FUNCTION debt_totals_original();
--> statement-breakpoint
-- Payments and deposits (paid), services, quotas (mora): the old row's amount leaves its debt, the
-- new row's amount enters its debt (the same one unless the record moved). Deltas, not sums: a
-- writer that waited on the debt row adds to its newest version.
CREATE FUNCTION debt_totals_delta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o numeric := 0;
  n numeric := 0;
  old_debt integer;
  new_debt integer;
BEGIN
  -- Separate IFs: PL/pgSQL resolves a record's field when the statement runs, and only quotas have mora.
  IF TG_OP <> 'INSERT' THEN
    old_debt := OLD.debt_id;
    IF TG_TABLE_NAME = 'quotas' THEN o := OLD.mora_amount; ELSE o := OLD.amount; END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_debt := NEW.debt_id;
    IF TG_TABLE_NAME = 'quotas' THEN n := NEW.mora_amount; ELSE n := NEW.amount; END IF;
  END IF;
  IF old_debt = new_debt THEN
    n := n - o;
    o := 0;
  END IF;
  IF TG_TABLE_NAME IN ('payments', 'deposits') THEN
    IF o <> 0 THEN UPDATE debts SET paid_amount = paid_amount - o, balance = balance + o WHERE id = old_debt; END IF;
    IF n <> 0 THEN UPDATE debts SET paid_amount = paid_amount + n, balance = balance - n WHERE id = new_debt; END IF;
  ELSIF TG_TABLE_NAME = 'services' THEN
    IF o <> 0 THEN UPDATE debts SET services_amount = services_amount - o, balance = balance - o WHERE id = old_debt; END IF;
    IF n <> 0 THEN UPDATE debts SET services_amount = services_amount + n, balance = balance + n WHERE id = new_debt; END IF;
  ELSE
    IF o <> 0 THEN UPDATE debts SET mora_amount = mora_amount - o, balance = balance - o WHERE id = old_debt; END IF;
    IF n <> 0 THEN UPDATE debts SET mora_amount = mora_amount + n, balance = balance + n WHERE id = new_debt; END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER debt_totals AFTER INSERT OR DELETE OR UPDATE OF debt_id, amount
  ON payments FOR EACH ROW EXECUTE FUNCTION debt_totals_delta();
--> statement-breakpoint
CREATE TRIGGER debt_totals AFTER INSERT OR DELETE OR UPDATE OF debt_id, amount
  ON deposits FOR EACH ROW EXECUTE FUNCTION debt_totals_delta();
--> statement-breakpoint
CREATE TRIGGER debt_totals AFTER INSERT OR DELETE OR UPDATE OF debt_id, amount
  ON services FOR EACH ROW EXECUTE FUNCTION debt_totals_delta();
--> statement-breakpoint
CREATE TRIGGER debt_totals AFTER INSERT OR DELETE OR UPDATE OF debt_id, mora_amount
  ON quotas FOR EACH ROW EXECUTE FUNCTION debt_totals_delta();
--> statement-breakpoint
-- The totals from scratch (the sums of modules/debts/totals.ts), of one debt or of all (NULL): for
-- repairs and after bulk loads made with the triggers disabled. Only rows that differ are written.
CREATE FUNCTION debt_totals_rebuild(debt_id integer DEFAULT NULL) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  UPDATE debts d SET
    services_amount = t.services,
    mora_amount = t.mora,
    paid_amount = t.paid,
    balance = d.original_amount + t.services + t.mora - t.paid
  FROM (
    SELECT x.id,
      coalesce(s.total, 0) AS services, coalesce(q.total, 0) AS mora, coalesce(p.total, 0) + coalesce(g.total, 0) AS paid
    FROM debts x
    LEFT JOIN (SELECT s.debt_id, sum(s.amount) AS total FROM services s
      WHERE debt_totals_rebuild.debt_id IS NULL OR s.debt_id = debt_totals_rebuild.debt_id GROUP BY 1) s ON s.debt_id = x.id
    LEFT JOIN (SELECT q.debt_id, sum(q.mora_amount) AS total FROM quotas q
      WHERE debt_totals_rebuild.debt_id IS NULL OR q.debt_id = debt_totals_rebuild.debt_id GROUP BY 1) q ON q.debt_id = x.id
    LEFT JOIN (SELECT p.debt_id, sum(p.amount) AS total FROM payments p
      WHERE debt_totals_rebuild.debt_id IS NULL OR p.debt_id = debt_totals_rebuild.debt_id GROUP BY 1) p ON p.debt_id = x.id
    LEFT JOIN (SELECT g.debt_id, sum(g.amount) AS total FROM deposits g
      WHERE debt_totals_rebuild.debt_id IS NULL OR g.debt_id = debt_totals_rebuild.debt_id GROUP BY 1) g ON g.debt_id = x.id
    WHERE debt_totals_rebuild.debt_id IS NULL OR x.id = debt_totals_rebuild.debt_id
  ) t
  WHERE d.id = t.id
    AND (d.services_amount, d.mora_amount, d.paid_amount, d.balance)
      IS DISTINCT FROM (t.services, t.mora, t.paid, d.original_amount + t.services + t.mora - t.paid);
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END $$;
--> statement-breakpoint
-- The KPI deltas of the open transactions, folded at each one's COMMIT.
CREATE TABLE kpi_pending (
  tx bigint DEFAULT txid_current() NOT NULL,
  kind "char" NOT NULL,
  company_id integer NOT NULL,
  day date,
  type_id integer,
  currency currency NOT NULL,
  n integer NOT NULL,
  amount numeric NOT NULL,
  paid numeric DEFAULT 0 NOT NULL,
  balance numeric DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX kpi_pending_tx_idx ON kpi_pending (tx);
--> statement-breakpoint
-- 0003's kpi_add_* now append instead of upserting: its triggers (every case: placed, portfolio,
-- collected, unpaid quotas; company, currency and collection-type moves) stay as they are. Each
-- append re-arms the fold, in case it already ran in this transaction (SET CONSTRAINTS … IMMEDIATE).
CREATE OR REPLACE FUNCTION kpi_add_placed(c integer, d date, t integer, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
  SELECT set_config('kpi.folded', '', true);
  INSERT INTO kpi_pending (kind, company_id, day, type_id, currency, n, amount) VALUES ('p', c, d, t, cur, n, amount)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kpi_add_collected(c integer, d date, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
  SELECT set_config('kpi.folded', '', true);
  INSERT INTO kpi_pending (kind, company_id, day, currency, n, amount) VALUES ('c', c, d, cur, n, amount)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kpi_add_unpaid(c integer, d date, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
  SELECT set_config('kpi.folded', '', true);
  INSERT INTO kpi_pending (kind, company_id, day, currency, n, amount) VALUES ('u', c, d, cur, n, amount)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kpi_add_portfolio(c integer, t integer, cur currency, n integer, original numeric, paid numeric, bal numeric) RETURNS void LANGUAGE sql AS $$
  SELECT set_config('kpi.folded', '', true);
  INSERT INTO kpi_pending (kind, company_id, type_id, currency, n, amount, paid, balance)
    VALUES ('f', c, coalesce(t, 0), cur, n, original, paid, bal)
$$;
--> statement-breakpoint
-- At COMMIT: the transaction's deltas, summed per key, upserted table by table in a fixed order
-- (collected, placed, portfolio, unpaid quotas) and within each table in key order. Two transactions
-- lock the shared summary rows in the same order, only for the commit's tail: no deadlock.
CREATE FUNCTION kpi_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  me bigint := txid_current();
BEGIN
  IF current_setting('kpi.folded', true) = me::text THEN RETURN NULL; END IF;
  PERFORM set_config('kpi.folded', me::text, true);
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
CREATE CONSTRAINT TRIGGER kpi_fold AFTER INSERT ON kpi_pending DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION kpi_fold();
--> statement-breakpoint
-- The rebuild also drops this transaction's pending deltas: the summaries it writes already hold them.
CREATE OR REPLACE FUNCTION kpi_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM kpi_pending WHERE tx = txid_current();
  TRUNCATE kpi_placed, kpi_portfolio, kpi_collected, kpi_unpaid_quotas;
  INSERT INTO kpi_placed (company_id, day, debt_type_id, currency, debts, original_amount)
    SELECT company_id, kpi_day(created_at), debt_type_id, currency, count(*), sum(original_amount) FROM debts GROUP BY 1, 2, 3, 4;
  INSERT INTO kpi_portfolio (company_id, collection_type_id, currency, debts, original_amount, paid_amount, balance)
    SELECT company_id, coalesce(collection_type_id, 0), currency, count(*), sum(original_amount), sum(paid_amount), sum(balance)
    FROM debts GROUP BY 1, 2, 3;
  INSERT INTO kpi_collected (company_id, day, currency, movements, amount)
    SELECT d.company_id, m.day, d.currency, count(*), sum(m.amount) FROM (
      SELECT debt_id, paid_at AS day, amount FROM payments
      UNION ALL SELECT debt_id, deposited_at, amount FROM deposits) m
    JOIN debts d ON d.id = m.debt_id GROUP BY 1, 2, 3;
  INSERT INTO kpi_unpaid_quotas (company_id, due_date, currency, quotas, amount)
    SELECT d.company_id, q.due_date, d.currency, count(*), sum(q.amount + q.mora_amount) FROM quotas q
    JOIN debts d ON d.id = q.debt_id WHERE q.status IN ('PENDIENTE', 'EN_MORA') GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- Whatever drifted under the TypeScript recompute is set right once.
SELECT debt_totals_rebuild();
