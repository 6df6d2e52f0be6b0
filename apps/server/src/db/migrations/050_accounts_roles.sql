-- Sub-accounts and roles (docs/domain.md#portals): a role name is unique within its organisation and portal,
-- so two owners saving the same name at once cannot both succeed; sub-account lists filter by
-- organisation and parent and sort by creation time.
CREATE UNIQUE INDEX roles_org_name_uq ON roles (user_type, coalesce(merchant_id, 0), coalesce(centre_id, 0), name);
CREATE INDEX accounts_org_children_idx ON accounts (user_type, centre_id, merchant_id, created_at DESC) WHERE parent_id IS NOT NULL;
