-- Managers review service-centre applications (docs/domain.md#portals). centres.status now:
-- 1 active, 0 application awaiting review, 2 application rejected. A centre is an application
-- when it was registered through /center/v1/User/register (status 0) or has been reviewed.
ALTER TABLE centres
  ADD COLUMN reviewed_at   timestamptz,
  ADD COLUMN reviewed_by   bigint REFERENCES accounts(id),
  ADD COLUMN reject_reason text NOT NULL DEFAULT '';
CREATE INDEX centres_review_idx ON centres (status, created_at DESC) WHERE status <> 1 OR reviewed_at IS NOT NULL;
