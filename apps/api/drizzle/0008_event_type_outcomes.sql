CREATE TABLE "event_type_outcomes" (
	"event_type_id" integer NOT NULL,
	"event_history_type_id" integer NOT NULL,
	CONSTRAINT "event_type_outcomes_event_type_id_event_history_type_id_pk" PRIMARY KEY("event_type_id","event_history_type_id")
);
--> statement-breakpoint
ALTER TABLE "event_type_outcomes" ADD CONSTRAINT "event_type_outcomes_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_type_outcomes" ADD CONSTRAINT "event_type_outcomes_event_history_type_id_event_history_types_id_fk" FOREIGN KEY ("event_history_type_id") REFERENCES "public"."event_history_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_type_outcomes_outcome_idx" ON "event_type_outcomes" USING btree ("event_history_type_id");