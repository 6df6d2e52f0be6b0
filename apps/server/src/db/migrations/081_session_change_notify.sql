-- Servers keep recent sessions in memory (platform/sessionCache.ts). Whatever changes what a
-- token may do (a revoked or deleted session; an account's status, portal, organisation, parent
-- or role; a role's permissions) notifies every server on commit, and each drops its cache.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gemqc_session_change', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_changed AFTER UPDATE OF revoked_at OR DELETE ON sessions
FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();

CREATE TRIGGER accounts_changed AFTER UPDATE OF status, user_type, merchant_id, centre_id, parent_id, role_id OR DELETE ON accounts
FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();

CREATE TRIGGER roles_changed AFTER UPDATE OF permissions OR DELETE ON roles
FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
