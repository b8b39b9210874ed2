DROP INDEX "promises_debt_id_idx";--> statement-breakpoint
ALTER TABLE "debts" ADD COLUMN "last_contact_on" date GENERATED ALWAYS AS ((last_contact_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date) STORED;--> statement-breakpoint
ALTER TABLE "debts" ADD COLUMN "balance_points" smallint GENERATED ALWAYS AS (2 * (length(trunc(greatest(balance, 1))::text) - 1)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "promises_debt_latest_idx" ON "promises" USING btree ("debt_id","due_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
DROP INDEX IF EXISTS debts_queue_idx;
--> statement-breakpoint
-- A collector's open debts with what the queue scores and the collectors' load sums, from the index
-- alone (0019's, with the two derived columns instead of the instant of the last contact).
CREATE INDEX debts_queue_idx ON debts (assigned_user_id)
  INCLUDE (id, debtor_id, company_id, currency, balance, balance_points, last_contact_on, next_quota_due, latest_promise_due, debtor_phone_open)
  WHERE status NOT IN ('CANCELADA', 'ARCHIVADA', 'INCOBRABLE');
--> statement-breakpoint
-- The queue reads debts_queue_idx alone only where the visibility map is set: after a bulk assignment
-- (a tenth of the table) the default 20 % waited for the next one, and each queue read went to the heap.
ALTER TABLE debts SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
