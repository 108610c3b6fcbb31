ALTER TABLE "applications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "withdrawn_reason" text;