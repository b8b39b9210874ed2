-- Issue 32, written by hand (drizzle-kit has no INCLUDE): the dashboard's liquidation rate is the
-- cohort's (DESIGN.md §11.2), what the debts placed in the period collected up to its end, read as
-- what they collected to date less their money dated after it (reports/cohort.ts).
-- The cohort's debts and what each collected to date, from the index alone (the debts list's
-- createdFrom/createdTo use it too). paid_amount costs no HOT update: a payment already changes
-- balance, which debts_queue_idx includes.
CREATE INDEX "debts_created_at_idx" ON "debts" ("created_at") INCLUDE ("id", "company_id", "currency", "paid_amount");
--> statement-breakpoint
-- 0024's money-by-date index, the same rows, now with what the cohort's «after end» reads: from the
-- index alone (a month after a period at 1M debts: 340 ms → 100 ms in PostgreSQL).
DROP INDEX "ledger_money_date_idx";
--> statement-breakpoint
CREATE INDEX "ledger_money_date_idx" ON "ledger" ("date") INCLUDE ("debt_id", "amount", "id")
  WHERE "kind" IN ('PAYMENT', 'DEPOSIT');
