CREATE TABLE "stage_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_application_id" uuid NOT NULL,
	"stage_program_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"invited_by" uuid,
	"invited_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" uuid
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "parent_program_id" uuid;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "stage_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "stage_show_previous_scores" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stage_invitations" ADD CONSTRAINT "stage_invitations_from_application_id_applications_id_fk" FOREIGN KEY ("from_application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_invitations" ADD CONSTRAINT "stage_invitations_stage_program_id_programs_id_fk" FOREIGN KEY ("stage_program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_invitations" ADD CONSTRAINT "stage_invitations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_invitations" ADD CONSTRAINT "stage_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_invitations" ADD CONSTRAINT "stage_invitations_withdrawn_by_user_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stage_invitations_from_stage_key" ON "stage_invitations" USING btree ("from_application_id","stage_program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stage_invitations_application_key" ON "stage_invitations" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "stage_invitations_stage_idx" ON "stage_invitations" USING btree ("stage_program_id","invited_at");--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_parent_program_id_programs_id_fk" FOREIGN KEY ("parent_program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programs_parent_stage_key" ON "programs" USING btree ("parent_program_id","stage_number");