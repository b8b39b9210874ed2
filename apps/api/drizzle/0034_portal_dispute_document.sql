-- Issue 34: a dispute from the portal may carry a document; drizzle-kit wrote it (snapshot 0034).
ALTER TABLE "portal_requests" ADD COLUMN "document_id" integer;--> statement-breakpoint
ALTER TABLE "portal_requests" ADD CONSTRAINT "portal_requests_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;