-- Recomputes every dashboard summary from the base tables: for bulk loads that run with the kpi
-- triggers disabled (the bench generator), or to repair. Same SQL as 0003's backfill.
CREATE FUNCTION kpi_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
