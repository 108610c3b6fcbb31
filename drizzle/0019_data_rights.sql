CREATE TABLE "account_erasures" (
	"number" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_erasures_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_erasures_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "retention_months" integer;--> statement-breakpoint
ALTER TABLE "account_erasures" ADD CONSTRAINT "account_erasures_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;