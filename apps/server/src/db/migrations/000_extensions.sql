-- Numbered migrations run in order at boot, each once, in a transaction. Never edit an applied
-- file: add the next number. Capabilities own their own files (001_core, 002_orders, ...).
SELECT 1;
