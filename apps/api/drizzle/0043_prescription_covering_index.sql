-- Issue 37: «prescriben en 60 días» counted on the dashboard over a window of 53 658 of 1M debts took
-- 190 ms reading each row for its status, balance, company and currency; from an index that holds
-- them, 10 ms (bench/RESULTS.md «Expedientes y prescripción»).
DROP INDEX "debts_prescribes_on_idx";--> statement-breakpoint
CREATE INDEX "debts_prescribes_on_idx" ON "debts" ("prescribes_on") INCLUDE ("status", "balance", "company_id", "currency")
  WHERE "prescribes_on" IS NOT NULL;
