-- Issue 36: the fold of the dashboard's deltas ran once per pending row at COMMIT, and each call
-- after the first looked for the transaction's rows through the index, walking every row already
-- folded: quadratic in the rows a transaction writes (2 000 stage changes: 0.76 s; 4 000: 3.2 s).
-- A strategy's batch changes thousands of debts at once. Now each call looks at its own row only.
CREATE OR REPLACE FUNCTION kpi_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  me bigint := txid_current();
BEGIN
  -- Its own row, by its address: gone when a fold before it took the transaction's rows. Asking for
  -- any row of the transaction walked every row already folded (deleted, still in the index) each time.
  IF NOT EXISTS (SELECT 1 FROM kpi_pending WHERE ctid = NEW.ctid) THEN RETURN NULL; END IF;
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
