-- 操作日志 names who (issue 27): besides the name, each entry keeps the acting account's mobile and
-- role as they were at the change (copied from accounts/roles in the insert, like the name), so a
-- sub-account renamed to its owner's name is still told apart. actor_id was kept already.
-- actor_role: '主账号' for an organisation's owner (a manager without a parent), the role's name for
-- a sub-account ('子账号' without a role), '' for the system (a platform message, a job).
ALTER TABLE audit_log ADD COLUMN actor_mobile text NOT NULL DEFAULT '';
ALTER TABLE audit_log ADD COLUMN actor_role text NOT NULL DEFAULT '';
UPDATE audit_log l
   SET actor_mobile = a.mobile,
       actor_role = CASE WHEN a.parent_id IS NULL THEN '主账号' ELSE coalesce((SELECT r.name FROM roles r WHERE r.id = a.role_id), '子账号') END
  FROM accounts a
 WHERE a.id = l.actor_id;
