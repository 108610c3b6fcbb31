CREATE INDEX "assignments_kind_idx" ON "assignments" USING btree ("kind","updated_at");--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");