-- Every write to users, companies or user types announces itself on the channel cobranzas_auth, so
-- each API process drops its cache of who a token's user is now (issue 14: a token is only as good
-- as its user is now). NOTIFY is delivered at commit, to every process listening on the database.
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cobranzas_auth', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_change" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();--> statement-breakpoint
CREATE TRIGGER "companies_auth_change" AFTER UPDATE OR DELETE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();--> statement-breakpoint
CREATE TRIGGER "user_types_auth_change" AFTER UPDATE OR DELETE ON "user_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
