-- The audit log stays append-only (decision 038) with one narrow exception (decision 056): when a
-- person deletes their account (or a program's retention deletes applications), the words that name
-- them are replaced by "Deleted applicant #N". Only actor_email, target_label and summary may change,
-- only inside a transaction that set applyhub.audit_erasure = 'on' (for that transaction alone),
-- which audit_log_erase below does. The server's own database role has no UPDATE on audit_log
-- (decision 055): it can only call that function, which runs as the table's owner and replaces
-- nothing but whole words by a "Deleted applicant #N" label (or, for retention, "an applicant (application deleted)"). DELETE and TRUNCATE stay refused.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND coalesce(current_setting('applyhub.audit_erasure', true), '') = 'on'
    AND NEW.id = OLD.id
    AND NEW.at = OLD.at
    AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
    AND NEW.via IS NOT DISTINCT FROM OLD.via
    AND NEW.action = OLD.action
    AND NEW.target_type = OLD.target_type
    AND NEW.target_id IS NOT DISTINCT FROM OLD.target_id
    AND NEW.organization_id IS NOT DISTINCT FROM OLD.organization_id
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
-- p_ids: user or application ids whose entries (as actor or target) are rewritten; p_emails: lower-case
-- addresses whose entries are rewritten too; p_patterns: whole-word regular expressions (longest
-- first) replaced, case-insensitively, by p_label. Answers how many entries changed.
CREATE OR REPLACE FUNCTION audit_log_erase(p_ids jsonb, p_emails jsonb, p_patterns jsonb, p_label text)
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  ids text[] := ARRAY(SELECT jsonb_array_elements_text(p_ids));
  emails text[] := ARRAY(SELECT lower(e) FROM jsonb_array_elements_text(p_emails) AS e);
  rows bigint[];
  pat text;
BEGIN
  IF p_label IS NULL OR NOT (p_label ~ '^Deleted applicant #[0-9]+$'
      OR p_label = 'an applicant (application deleted)') THEN
    RAISE EXCEPTION 'audit_log_erase replaces words only by a deleted applicant''s label'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  rows := ARRAY(
    SELECT a.id FROM audit_log AS a
    WHERE a.actor_id::text = ANY (ids) OR a.target_id = ANY (ids)
      OR lower(coalesce(a.actor_email, '')) = ANY (emails)
      OR EXISTS (
        SELECT 1 FROM unnest(emails) AS e
        WHERE strpos(lower(coalesce(a.target_label, '') || ' ' || a.summary), e) > 0
      )
  );
  IF cardinality(rows) = 0 THEN RETURN 0; END IF;
  PERFORM set_config('applyhub.audit_erasure', 'on', true);
  FOR pat IN SELECT jsonb_array_elements_text(p_patterns) LOOP
    UPDATE audit_log SET
      actor_email = regexp_replace(actor_email, pat, p_label, 'gi'),
      target_label = regexp_replace(target_label, pat, p_label, 'gi'),
      summary = regexp_replace(summary, pat, p_label, 'gi')
    WHERE id = ANY (rows)
      AND (actor_email ~* pat OR target_label ~* pat OR summary ~* pat);
  END LOOP;
  PERFORM set_config('applyhub.audit_erasure', 'off', true);
  RETURN cardinality(rows);
END $$;
