-- drizzle-kit generated, with search_fold written by hand (DESIGN.md §11.2): a search matches word
-- prefixes without accents or case. The stored text of debtors and debts is folded once, in a generated
-- column with its trigram index; packages/shared/src/search.ts folds what is typed with the same letters.
CREATE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || btrim(regexp_replace(lower(translate(value, 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyyy')), '[^a-z0-9]+', ' ', 'g')) || ' '
$$;--> statement-breakpoint
DROP INDEX "debtors_search_trgm_idx";--> statement-breakpoint
DROP INDEX "debts_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "debtors" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(last_name || ' ' || first_name || ' ' || dni || ' ' || coalesce(cuit, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "debts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce(reference, '') || ' ' || coalesce(case_number, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "debtors_search_text_idx" ON "debtors" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "debts_search_text_idx" ON "debts" USING gin ("search_text" gin_trgm_ops);