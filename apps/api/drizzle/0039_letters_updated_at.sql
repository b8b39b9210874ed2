-- Issue 36: letters and print batches are served by the generic CRUD, which keeps an updated_at.
ALTER TABLE "letter_batches" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;