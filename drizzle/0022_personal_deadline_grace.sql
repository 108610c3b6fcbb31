ALTER TABLE "applications" ADD COLUMN "personal_close_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "personal_close_note" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "grace_minutes" integer DEFAULT 0 NOT NULL;