-- Sessions are read from the database on every request (one primary-key lookup), so no server
-- keeps them in memory and nothing needs telling when one changes: migration 081's triggers go.
DROP TRIGGER IF EXISTS sessions_changed ON sessions;
DROP TRIGGER IF EXISTS accounts_changed ON accounts;
DROP TRIGGER IF EXISTS roles_changed ON roles;
DROP FUNCTION IF EXISTS notify_session_change();
