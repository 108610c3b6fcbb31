-- The audit log stays append-only (decision 038) with one narrow exception (decision 056): when a
-- person deletes their account (or a program's retention deletes applications), the words that name
-- them are replaced by "Deleted applicant #N". Only actor_email, target_label and summary may change,
-- only inside a transaction that set applyhub.audit_erasure = 'on' (set_config(..., true): for that
-- transaction alone). DELETE and TRUNCATE are still refused for every role.
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
