CREATE TABLE "late_link_redemptions" (
	"link_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "late_link_redemptions_link_id_user_id_pk" PRIMARY KEY("link_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "late_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email" text,
	"label" text,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "late_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "late_close_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "late_link_redemptions" ADD CONSTRAINT "late_link_redemptions_link_id_late_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."late_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_link_redemptions" ADD CONSTRAINT "late_link_redemptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_link_redemptions" ADD CONSTRAINT "late_link_redemptions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_links" ADD CONSTRAINT "late_links_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_links" ADD CONSTRAINT "late_links_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "late_link_redemptions_application_idx" ON "late_link_redemptions" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "late_links_program_idx" ON "late_links" USING btree ("program_id","created_at");