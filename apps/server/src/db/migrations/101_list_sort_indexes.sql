-- Sorting the lists besides the orders (platform/listSort.ts): only the ledger is large enough to
-- need an index for it. 费用明细 sorts a merchant's entries by 金额 as well as by 时间; a merchant
-- books an entry per fee, so its ledger grows like its orders. (merchant, amount, id) makes a page
-- sorted by amount an index range scan both ways; 时间 already has ledger_merchant_time_idx (010).
-- The other sortable lists stay small per tenant and sort in memory: a centre's batches (a few a
-- day), its return queue (partial index of 083), a merchant-month's statement entries (centre index
-- of 010), an organisation's sub-accounts, the platform's merchants, a period's statement rows
-- (one group per merchant).
CREATE INDEX ledger_merchant_amount_idx ON ledger_entries (merchant_id, amount, id);
