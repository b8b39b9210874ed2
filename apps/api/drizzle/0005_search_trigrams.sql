-- Trigram indexes for the free-text search (ILIKE '%…%'). pg_trgm ships with PostgreSQL (contrib) and PGlite,
-- and is a trusted extension: the database owner may create it (docs/deploy.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "debtors_search_trgm_idx" ON "debtors" USING gin ("last_name" gin_trgm_ops,"first_name" gin_trgm_ops,"dni" gin_trgm_ops,("cuit"::text) gin_trgm_ops,"email" gin_trgm_ops,"phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "debts_search_trgm_idx" ON "debts" USING gin ("reference" gin_trgm_ops,"case_number" gin_trgm_ops);