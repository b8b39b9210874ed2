CREATE TABLE "kpi_settled" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"currency" "currency" NOT NULL,
	"movements" integer DEFAULT 0 NOT NULL,
	"amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "kpi_settled_company_id_day_currency_pk" PRIMARY KEY("company_id","day","currency")
);
--> statement-breakpoint
-- Money already in closed settlements (none where this migration is new, but say it once).
INSERT INTO "kpi_settled" ("company_id", "day", "currency", "movements", "amount")
  SELECT s.company_id, m.day, s.currency, count(*), sum(m.amount) FROM (
    SELECT settlement_id, paid_at AS day, amount FROM payments WHERE settlement_id IS NOT NULL
    UNION ALL SELECT settlement_id, deposited_at, amount FROM deposits WHERE settlement_id IS NOT NULL) m
  JOIN settlements s ON s.id = m.settlement_id GROUP BY 1, 2, 3;
