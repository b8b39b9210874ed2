-- By hand (issue 16): new debts reach the dashboard's summaries a statement at a time. 0003's row
-- trigger appended two deltas to kpi_pending per inserted debt (placed, portfolio), each a trigger
-- call and a row for the fold; an import inserts 500 debts in one statement, and that was a quarter
-- of its time on PostgreSQL (issue 16's bench). Now an AFTER INSERT statement trigger sums the
-- statement's new rows (its transition table) per summary key: one delta per key. Updates and
-- deletes keep the row trigger, whose INSERT branch is no longer reached.
DROP TRIGGER kpi_debts ON debts;
--> statement-breakpoint
CREATE TRIGGER kpi_debts AFTER DELETE OR UPDATE OF company_id, debt_type_id, currency, created_at, original_amount, collection_type_id, paid_amount, balance
  ON debts FOR EACH ROW EXECUTE FUNCTION kpi_debts_trigger();
--> statement-breakpoint
CREATE FUNCTION kpi_debts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('kpi.folded', '', true);
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
CREATE TRIGGER kpi_debts_insert AFTER INSERT ON debts REFERENCING NEW TABLE AS new_debts
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_debts_inserted();
