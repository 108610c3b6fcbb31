-- User substring search (super admin Users list): trigram GIN indexes on PostgreSQL. PGlite has no
-- pg_trgm unless it is loaded, so there the extension is skipped and the search keeps its scan.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): user search scans instead.', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "user_email_trgm_idx" ON "user" USING gin (lower("email") gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "user_name_trgm_idx" ON "user" USING gin (lower("name") gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "profiles_full_name_trgm_idx" ON "profiles" USING gin (lower("full_name") gin_trgm_ops);
  END IF;
END $$;
