ALTER TABLE "agency_settings" ADD COLUMN "contact_days" integer[] DEFAULT '{1,2,3,4,5}' NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "contact_from" time DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "contact_to" time DEFAULT '20:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_days" integer[];--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_from" time;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_to" time;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "max_attempts_per_day" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "max_attempts_per_week" integer;--> statement-breakpoint
ALTER TABLE "debtors" ADD COLUMN "phone_owner" varchar(10) DEFAULT 'DEUDOR' NOT NULL;--> statement-breakpoint
ALTER TABLE "debtors" ADD COLUMN "alt_phone_owner" varchar(10) DEFAULT 'DEUDOR' NOT NULL;--> statement-breakpoint
ALTER TABLE "debtors" ADD COLUMN "email_owner" varchar(10) DEFAULT 'DEUDOR' NOT NULL;--> statement-breakpoint
ALTER TABLE "debtors" ADD COLUMN "phone_closed_on" date;--> statement-breakpoint
ALTER TABLE "debtors" ADD COLUMN "alt_phone_closed_on" date;--> statement-breakpoint
ALTER TABLE "debtors" ADD COLUMN "email_closed_on" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "channel" varchar(10);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "outside_hours" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD CONSTRAINT "agency_settings_contact_hours" CHECK ("agency_settings"."contact_from" < "agency_settings"."contact_to");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_contact_hours" CHECK (("companies"."contact_days" IS NULL) = ("companies"."contact_from" IS NULL) AND ("companies"."contact_from" IS NULL) = ("companies"."contact_to" IS NULL)
        AND ("companies"."contact_from" IS NULL OR "companies"."contact_from" < "companies"."contact_to"));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_max_attempts_per_day" CHECK ("companies"."max_attempts_per_day" BETWEEN 1 AND 50);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_max_attempts_per_week" CHECK ("companies"."max_attempts_per_week" BETWEEN 1 AND 200);--> statement-breakpoint
ALTER TABLE "debtors" ADD CONSTRAINT "debtors_phone_owner" CHECK (phone_owner IN ('DEUDOR', 'LABORAL', 'TERCERO'));--> statement-breakpoint
ALTER TABLE "debtors" ADD CONSTRAINT "debtors_alt_phone_owner" CHECK (alt_phone_owner IN ('DEUDOR', 'LABORAL', 'TERCERO'));--> statement-breakpoint
ALTER TABLE "debtors" ADD CONSTRAINT "debtors_email_owner" CHECK (email_owner IN ('DEUDOR', 'LABORAL', 'TERCERO'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_channel" CHECK ("events"."channel" IN ('PHONE', 'ALT_PHONE', 'EMAIL'));