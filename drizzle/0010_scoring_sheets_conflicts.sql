CREATE TABLE "program_scoring" (
	"program_id" uuid PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'shared' NOT NULL,
	"sheet_visibility" text DEFAULT 'after_submit' NOT NULL,
	"blind" boolean DEFAULT false NOT NULL,
	"hidden_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"status" text DEFAULT 'assigned' NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"abstain" boolean DEFAULT false NOT NULL,
	"comments" text,
	"notes" text,
	"total" double precision,
	"version" integer DEFAULT 1 NOT NULL,
	"assigned_by" uuid,
	"submitted_at" timestamp with time zone,
	"reopen_requested_at" timestamp with time zone,
	"reopen_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "program_scoring" ADD CONSTRAINT "program_scoring_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_scoring" ADD CONSTRAINT "program_scoring_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_conflicts" ADD CONSTRAINT "review_conflicts_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_conflicts" ADD CONSTRAINT "review_conflicts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_conflicts" ADD CONSTRAINT "review_conflicts_reviewer_id_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_conflicts" ADD CONSTRAINT "review_conflicts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_reviewer_id_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_assigned_by_user_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_conflicts_application_reviewer_key" ON "review_conflicts" USING btree ("application_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "review_conflicts_program_idx" ON "review_conflicts" USING btree ("program_id","reviewer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_sheets_application_reviewer_key" ON "score_sheets" USING btree ("application_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "score_sheets_program_reviewer_idx" ON "score_sheets" USING btree ("program_id","reviewer_id","status");--> statement-breakpoint
CREATE INDEX "score_sheets_reviewer_idx" ON "score_sheets" USING btree ("reviewer_id");