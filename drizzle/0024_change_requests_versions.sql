CREATE TABLE "application_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"submitted_by" uuid
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "changes_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "changes_message" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "changes_scope" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "changes_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "changes_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "changes_answers" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "submission_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "resubmitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_versions" ADD CONSTRAINT "application_versions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_versions" ADD CONSTRAINT "application_versions_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_versions_application_number_key" ON "application_versions" USING btree ("application_id","number");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_changes_requested_by_user_id_fk" FOREIGN KEY ("changes_requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Version 1 of every application already submitted (decision 063): its answers as they stand.
INSERT INTO "application_versions" ("application_id", "number", "answers", "submitted_at", "submitted_by")
SELECT "id", 1, "answers", "submitted_at", "user_id" FROM "applications"
WHERE "status" <> 'draft' AND "submitted_at" IS NOT NULL;--> statement-breakpoint
UPDATE "applications" SET "submission_version" = 1 WHERE "status" <> 'draft' AND "submitted_at" IS NOT NULL;
