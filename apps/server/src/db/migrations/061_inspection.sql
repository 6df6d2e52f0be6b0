-- Inspection module (docs/domain.md#codes): the reason given when a tag code is unbound (the history keeps it).
ALTER TABLE code_bindings ADD COLUMN unbind_reason text NOT NULL DEFAULT '';
