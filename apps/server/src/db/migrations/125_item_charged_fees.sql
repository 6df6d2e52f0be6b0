-- One money figure (issue 25): the fees an order shows (detail, item row, list, export) are what
-- the ledger charged, not the fee snapshot on the item. The snapshot (inspection_fee,
-- certificate_fee) is the price the next charge uses; a failed item has a certificate fee
-- snapshotted but never charged, so summing snapshots showed ¥55.00 for a ¥40.00 charge.
-- charged_inspection_fee / charged_certificate_fee hold the net of the item's INSPECTION and
-- CERTIFICATE entries and of the REVERSAL entries that cancel them (fen, positive = charged),
-- kept by a trigger in the writer's own transaction (the item row is already locked by the
-- charge, modules/fees/ledger.ts), so every reader sees exactly the ledger.
ALTER TABLE order_items
  ADD COLUMN charged_inspection_fee bigint NOT NULL DEFAULT 0,
  ADD COLUMN charged_certificate_fee bigint NOT NULL DEFAULT 0;

CREATE FUNCTION order_item_charges_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := NEW.type;
BEGIN
  IF NEW.item_id IS NULL THEN RETURN NULL; END IF;
  IF kind = 'REVERSAL' THEN
    SELECT type INTO kind FROM ledger_entries WHERE id = NEW.reverses_id;
  END IF;
  IF kind = 'INSPECTION' THEN
    UPDATE order_items SET charged_inspection_fee = charged_inspection_fee - NEW.amount WHERE id = NEW.item_id;
  ELSIF kind = 'CERTIFICATE' THEN
    UPDATE order_items SET charged_certificate_fee = charged_certificate_fee - NEW.amount WHERE id = NEW.item_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_item_charges_track
AFTER INSERT ON ledger_entries
FOR EACH ROW EXECUTE FUNCTION order_item_charges_track();

-- Sums again from the entries themselves (this migration; bulk loads that disabled the trigger).
CREATE FUNCTION order_item_charges_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE order_items oi SET charged_inspection_fee = s.inspection, charged_certificate_fee = s.certificate
  FROM (
    SELECT e.item_id,
      coalesce(sum(-e.amount) FILTER (WHERE coalesce(r.type, e.type) = 'INSPECTION'), 0) AS inspection,
      coalesce(sum(-e.amount) FILTER (WHERE coalesce(r.type, e.type) = 'CERTIFICATE'), 0) AS certificate
    FROM ledger_entries e LEFT JOIN ledger_entries r ON r.id = e.reverses_id
    WHERE e.item_id IS NOT NULL AND e.type IN ('INSPECTION', 'CERTIFICATE', 'REVERSAL')
    GROUP BY e.item_id
  ) s
  WHERE oi.id = s.item_id;
$$;

SELECT order_item_charges_rebuild();
