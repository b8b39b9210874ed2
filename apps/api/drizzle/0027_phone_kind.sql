-- Issue 32: what the collector said each phone is (docs/decisions.md «WhatsApp»); null: unknown. The
-- columns and checks are drizzle-kit's (snapshot 0027); the trigger is written by hand.
ALTER TABLE "debtors" ADD COLUMN "phone_kind" varchar(5);--> statement-breakpoint
ALTER TABLE "debtors" ADD COLUMN "alt_phone_kind" varchar(5);--> statement-breakpoint
ALTER TABLE "debtors" ADD CONSTRAINT "debtors_phone_kind" CHECK (phone_kind IN ('MOVIL', 'FIJO'));--> statement-breakpoint
ALTER TABLE "debtors" ADD CONSTRAINT "debtors_alt_phone_kind" CHECK (alt_phone_kind IN ('MOVIL', 'FIJO'));--> statement-breakpoint
-- A kind belongs to a number: a phone left without digits has none, and another number is unknown
-- again unless the same write says what it is. One number is its digits without the trunk 0:
-- «351 584-7753», «(0351) 5847753» and «3515847753» are one. In the database so every writer obeys
-- it: the API, an import, a restore.
CREATE FUNCTION phone_number_digits(phone text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ltrim(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), '0')
$$;
--> statement-breakpoint
CREATE FUNCTION debtors_phone_kind_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF phone_number_digits(NEW.phone) = '' THEN
    NEW.phone_kind := NULL;
  ELSIF TG_OP = 'UPDATE' AND NEW.phone_kind IS NOT DISTINCT FROM OLD.phone_kind
    AND phone_number_digits(NEW.phone) <> phone_number_digits(OLD.phone) THEN
    NEW.phone_kind := NULL;
  END IF;
  IF phone_number_digits(NEW.alt_phone) = '' THEN
    NEW.alt_phone_kind := NULL;
  ELSIF TG_OP = 'UPDATE' AND NEW.alt_phone_kind IS NOT DISTINCT FROM OLD.alt_phone_kind
    AND phone_number_digits(NEW.alt_phone) <> phone_number_digits(OLD.alt_phone) THEN
    NEW.alt_phone_kind := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER debtors_phone_kind_reset BEFORE INSERT OR UPDATE OF phone, alt_phone, phone_kind, alt_phone_kind
  ON debtors FOR EACH ROW EXECUTE FUNCTION debtors_phone_kind_reset();
