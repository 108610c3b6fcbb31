CREATE TABLE "letter_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"question_key" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"relationship" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"decline_reason" text,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"reminders" integer DEFAULT 0 NOT NULL,
	"reminders_off" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"text" text,
	"file_path" text,
	"file_name" text,
	"file_type" text,
	"file_size" bigint,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_letter_settings" (
	"program_id" uuid PRIMARY KEY NOT NULL,
	"blind_reviewers_see_letters" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "letter_requests" ADD CONSTRAINT "letter_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_request_id_letter_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."letter_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_letter_settings" ADD CONSTRAINT "program_letter_settings_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "letter_requests_token_hash_key" ON "letter_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "letter_requests_application_idx" ON "letter_requests" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "letter_requests_pending_idx" ON "letter_requests" USING btree ("last_sent_at") WHERE state in ('requested', 'opened');