-- Provenance of the reviewer grants the admin hub visit made before it was recorded (issue 33 item 7):
-- an organization reviewer assignment its holder created for themself while holding that
-- organization's admin role is derived from that admin assignment.
UPDATE "assignments" AS r
SET "derived_from_assignment_id" = a."id"
FROM "assignments" AS a
WHERE r."kind" = 'reviewer' AND r."scope_type" = 'org' AND r."created_by" = r."user_id"
  AND r."derived_from_assignment_id" IS NULL
  AND a."user_id" = r."user_id" AND a."kind" = 'org_admin' AND a."scope_type" = 'org'
  AND a."scope_id" = r."scope_id";
--> statement-breakpoint
-- Those whose admin role was already revoked lose the reviewer grant now, recorded in the audit log
-- (by the system) as the application records it.
INSERT INTO "audit_log" ("at", "action", "target_type", "target_id", "target_label", "organization_id", "summary")
SELECT now(), 'assignment.removed', 'assignment', r."user_id"::text, u."email", r."scope_id",
  'Reviewer of organization ' || coalesce(o."name", r."scope_id"::text)
    || '; removed with the Organization admin role it came from (was ' || r."status" || ')'
FROM "assignments" AS r
JOIN "assignments" AS a ON a."id" = r."derived_from_assignment_id"
LEFT JOIN "user" AS u ON u."id" = r."user_id"
LEFT JOIN "organizations" AS o ON o."id" = r."scope_id"
WHERE a."status" = 'revoked';
--> statement-breakpoint
DELETE FROM "assignments" AS r
USING "assignments" AS a
WHERE a."id" = r."derived_from_assignment_id" AND a."status" = 'revoked';
