-- Issue 34 (review): each gateway payment we acted on, once — a second payment of one checkout and a refund are not lost; drizzle-kit wrote it (snapshot 0035).
CREATE TABLE "gateway_payments" (
	"gateway_payment_id" varchar(40) PRIMARY KEY NOT NULL,
	"intent_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;