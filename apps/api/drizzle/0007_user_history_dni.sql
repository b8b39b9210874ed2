-- Issue 14, point 4: who did what is never erased. The authors of payments, events, observations,
-- tasks and documents, and the user a debt is assigned to, were ON DELETE SET NULL: deleting a user
-- silently unattributed their work. Now NO ACTION: such a user cannot be deleted (the API answers
-- 409, "desactívelo en su lugar").
ALTER TABLE "documents" DROP CONSTRAINT "documents_uploaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "observations" DROP CONSTRAINT "observations_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "debts" DROP CONSTRAINT "debts_assigned_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Issue 14, point 5: a DNI is stored normalised (digits only, no leading zeros), so "01234567" and
-- "1234567" are one debtor. Each group of debtors whose DNIs normalise alike keeps one member with the
-- normalised DNI: the one that already has it, else the oldest. The others (two records of one
-- person, to be merged by hand) keep their DNI as it was, and so do DNIs that would be left with
-- fewer than 7 digits; both get a note saying what to fix, and the count is raised as a WARNING.
UPDATE "debtors" AS d SET "dni" = r.canon, "updated_at" = now()
FROM (
  SELECT c."id", c.canon, row_number() OVER (PARTITION BY c.canon ORDER BY c."id") AS rank
  FROM (
    SELECT "id", ltrim(regexp_replace("dni", '[^0-9]', '', 'g'), '0') AS canon
    FROM "debtors" WHERE "dni" !~ '^[1-9][0-9]*$'
  ) AS c
  WHERE length(c.canon) BETWEEN 7 AND 8
    AND NOT EXISTS (SELECT 1 FROM "debtors" AS k WHERE k."dni" = c.canon)
) AS r
WHERE d."id" = r."id" AND r.rank = 1;
--> statement-breakpoint
UPDATE "debtors" AS d SET
  "notes" = concat_ws(E'\n\n', nullif(d."notes", ''), CASE
    WHEN keeper."id" IS NOT NULL THEN format(
      'DNI a revisar (migración 0007): «%s» es el mismo DNI que el del deudor n.º %s (%s). Unifique los dos registros y corrija o elimine este.',
      d."dni", keeper."id", keeper."dni")
    ELSE format(
      'DNI a revisar (migración 0007): «%s» sin ceros a la izquierda tiene menos de 7 dígitos. Corríjalo.',
      d."dni")
  END),
  "updated_at" = now()
FROM (
  SELECT "id", ltrim(regexp_replace("dni", '[^0-9]', '', 'g'), '0') AS canon
  FROM "debtors" WHERE "dni" !~ '^[1-9][0-9]*$'
) AS c
LEFT JOIN "debtors" AS keeper ON keeper."dni" = c.canon
WHERE d."id" = c."id";
--> statement-breakpoint
DO $$
DECLARE
  pending integer;
BEGIN
  SELECT count(*) INTO pending FROM "debtors" WHERE "dni" !~ '^[1-9][0-9]*$';
  IF pending > 0 THEN
    RAISE WARNING 'migración 0007: % deudores con un DNI que no se pudo normalizar (duplicado o de menos de 7 dígitos); ver sus notas', pending;
  END IF;
END
$$;
