-- Return information where the work is (issue 25): a parcel sent back by post (快递寄回) keeps whom
-- and where it went — prefilled from the merchant's 检测信息 (contact, mobile, 退货地址) and
-- editable in the dialog (a change is in the audit log, kind order_return).
ALTER TABLE order_returns
  ADD COLUMN contact text NOT NULL DEFAULT '',
  ADD COLUMN mobile  text NOT NULL DEFAULT '',
  ADD COLUMN address text NOT NULL DEFAULT '';
