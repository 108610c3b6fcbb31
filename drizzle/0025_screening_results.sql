CREATE TABLE "screening_results" (
	"program_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"passed" boolean NOT NULL,
	"failed_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"screening_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "screening_results_program_id_user_id_pk" PRIMARY KEY("program_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "screening_results" ADD CONSTRAINT "screening_results_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_results" ADD CONSTRAINT "screening_results_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_results_program_hash_idx" ON "screening_results" USING btree ("program_id","screening_hash");