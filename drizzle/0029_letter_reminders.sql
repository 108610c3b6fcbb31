ALTER TABLE "letter_requests" ADD COLUMN "token_sealed" text;--> statement-breakpoint
ALTER TABLE "letter_requests" ADD COLUMN "reminded_after_request_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "letter_requests" ADD COLUMN "reminded_before_deadline_at" timestamp with time zone;